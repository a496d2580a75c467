import { AppError } from '../errors/index.ts';
import type { GrantOptions, GrantRecord, LedgerStore, Product, ReserveOutcome } from './ledger-store.ts';

const VOID_RETRY_BASE_MS = 50;
const VOID_RETRY_CAP_MS = 5_000;

/** Who pays: the account, and the key the request came in on (null from the dashboard). */
export interface Payer {
  accountId: string;
  apiKeyId: string | null;
}

/**
 * Credits set aside for one piece of work, settled exactly once: `capture` when the work was delivered, `void` (or
 * `voidEventually`) when it was not. Settling twice does nothing the second time.
 */
export class CreditHold {
  private settled = false;

  constructor(
    private readonly ledger: CreditLedger,
    readonly reservationId: string,
  ) {}

  async capture(): Promise<boolean> {
    if (this.settled) return false;
    this.settled = true;
    try {
      return await this.ledger.capture(this.reservationId);
    } catch (error) {
      // Not known to be captured: give the credits back as soon as the database lets us (a void finds a reservation
      // that did get captured settled, and changes nothing).
      this.ledger.voidEventually(this.reservationId, 'capture_failed');
      throw error;
    }
  }

  async void(reason: string): Promise<boolean> {
    if (this.settled) return false;
    this.settled = true;
    return await this.ledger.void(this.reservationId, reason);
  }

  /** `void` retried until it commits; for where a request ends and nobody is left to retry. */
  voidEventually(reason: string, onError?: (error: unknown, attempt: number) => void): void {
    if (this.settled) return;
    this.settled = true;
    this.ledger.voidEventually(this.reservationId, reason, onError);
  }
}

/**
 * The ledger as the app uses it, on either backend: the store's operations, plus `hold`, the one place that turns a
 * reservation outcome into a hold or the spec's 402, and `voidEventually` for voids that must not be lost.
 */
export class CreditLedger {
  /** Voids still being retried after a database error (reservation id -> reason). */
  private readonly pendingVoids = new Map<string, string>();

  constructor(readonly store: LedgerStore) {}

  /**
   * Reserves credits for a request, or throws `key_cap_exceeded` / `insufficient_credits` (402) with the figures.
   * Nothing is held when it throws.
   */
  async hold(
    payer: Payer,
    request: { characters: number; credits: number },
    product: Product,
    holdMs: number,
  ): Promise<CreditHold> {
    const outcome = await this.store.reserve({
      accountId: payer.accountId,
      apiKeyId: payer.apiKeyId,
      product,
      characters: request.characters,
      credits: request.credits,
      holdMs,
    });
    return new CreditHold(this, reservationOrThrow(outcome, request.characters));
  }

  /** The 402 `hold` would give, without reserving (for a quote before work that takes a while to start). */
  async assertCanPay(payer: Payer, request: { characters: number; credits: number }, cap: number | null) {
    if (payer.apiKeyId && cap != null) {
      const used = await this.store.monthCharactersForKey(payer.apiKeyId, true);
      if (used + request.characters > cap) throw capExceeded(request.characters, cap, used);
    }
    const balance = await this.store.balance(payer.accountId);
    if (balance < request.credits) throw insufficient(request.credits, balance);
  }

  grant(options: GrantOptions): Promise<string> {
    return this.store.grant(options);
  }
  reserve(...args: Parameters<LedgerStore['reserve']>): Promise<ReserveOutcome> {
    return this.store.reserve(...args);
  }
  capture(reservationId: string): Promise<boolean> {
    return this.store.capture(reservationId);
  }
  void(reservationId: string, reason: string): Promise<boolean> {
    return this.store.void(reservationId, reason);
  }
  extendHold(reservationId: string, holdMs: number): Promise<void> {
    return this.store.extendHold(reservationId, holdMs);
  }
  reap(): Promise<{ voided: number; expired: number }> {
    return this.store.reap();
  }
  applyPlanGrants(accountId: string): Promise<void> {
    return this.store.applyPlanGrants(accountId);
  }
  balance(accountId: string): Promise<number> {
    return this.store.balance(accountId);
  }
  grants(accountId: string): Promise<GrantRecord[]> {
    return this.store.grants(accountId);
  }
  heldCredits(accountId: string): Promise<number> {
    return this.store.heldCredits(accountId);
  }
  totalHeldCredits(): Promise<number> {
    return this.store.totalHeldCredits();
  }
  monthCharactersForKey(apiKeyId: string, includeHeld = false): Promise<number> {
    return this.store.monthCharactersForKey(apiKeyId, includeHeld);
  }
  reservationStatus(reservationId: string) {
    return this.store.reservationStatus(reservationId);
  }

  /**
   * `void` that never throws: a database error is retried with backoff until the void commits, so credits come back
   * as soon as the error clears instead of at the reaper's next pass.
   */
  voidEventually(reservationId: string, reason: string, onError?: (error: unknown, attempt: number) => void): void {
    const attempt = (count: number) => {
      this.store.void(reservationId, reason).then(
        () => {
          this.pendingVoids.delete(reservationId);
        },
        (error: unknown) => {
          this.pendingVoids.set(reservationId, reason);
          onError?.(error, count);
          const timer = setTimeout(
            () => attempt(count + 1),
            Math.min(VOID_RETRY_CAP_MS, VOID_RETRY_BASE_MS * 2 ** Math.min(count, 10)),
          );
          // The reaper (and the next start) void abandoned holds, so a retry must not keep the process alive.
          timer.unref?.();
        },
      );
    };
    attempt(0);
  }

  /** Reservations whose void is still being retried. */
  voidsPending(): number {
    return this.pendingVoids.size;
  }
}

function capExceeded(characters: number, cap: number, used: number) {
  return new AppError(
    'key_cap_exceeded',
    `This request (${characters} characters) would pass the key's monthly cap of ${cap} characters (${used} used this month).`,
  );
}

function insufficient(required: number, balance: number) {
  return new AppError('insufficient_credits', `This request needs ${required} credits; the balance is ${balance}.`, {
    details: { required, balance },
  });
}

function reservationOrThrow(outcome: ReserveOutcome, characters: number): string {
  if (outcome.ok) return outcome.reservationId;
  if (outcome.code === 'key_cap_exceeded') throw capExceeded(characters, outcome.cap, outcome.used);
  throw insufficient(outcome.required, outcome.balance);
}
