export type ReserveOutcome =
  | { ok: true; reservationId: string }
  | { ok: false; code: 'insufficient_credits'; balance: number; required: number }
  | { ok: false; code: 'key_cap_exceeded'; cap: number; used: number };

/** Told of every credit movement (metrics). */
export type LedgerObserver = (operation: 'reserved' | 'captured' | 'voided', credits: number) => void;

export type Product = 'speech' | 'narration_job' | 'presenter_video' | 'playground';
export type GrantSource = 'plan' | 'purchase' | 'admin' | 'refund';

export interface GrantOptions {
  accountId: string;
  /** A positive integer. */
  credits: number;
  source: GrantSource;
  /** Days until the grant expires (default CREDIT_LIFETIME_DAYS). */
  expiresInDays?: number;
  note?: string;
}

export interface ReserveOptions {
  accountId: string;
  /** The key the request came in on; its monthly character cap is checked when it has one. */
  apiKeyId: string | null;
  product: Product;
  characters: number;
  credits: number;
  /** How long the hold lasts before the reaper treats it as abandoned. */
  holdMs: number;
}

/** A grant with credits left, as shown on the usage page and by the admin CLI. */
export interface GrantRecord {
  id: string;
  accountId: string;
  source: GrantSource;
  credits: number;
  remaining: number;
  grantedAt: number;
  expiresAt: number;
  note: string | null;
}

/**
 * The credit ledger behind an async seam, so SQLite (one node) and Postgres (several nodes) implement the same rules:
 * - `reserve` checks the key's monthly character cap (captured + held characters this UTC month), then takes credits
 *   from the account's unexpired grants, soonest-expiring first (then oldest granted), each with a guarded decrement
 *   (`remaining >= take`), and records which grants it drew from; it never overdraws, whatever runs concurrently.
 * - `capture` and `void` settle a held reservation once: the second call (or a call on a settled one) returns false.
 *   `void` returns the credits to the grants they came from.
 * - `balance` is the sum of unexpired grants' `remaining`: held credits are not spendable.
 * - Plan grants for passed month boundaries are applied before `reserve`, `balance` and `grants`.
 * Times come from the injected clock (grants, holds, expiry), as today.
 */
export interface LedgerStore {
  /** Told of every reserve, capture and void, including those a job store makes inside its own transaction. */
  observer: LedgerObserver | undefined;
  grant(options: GrantOptions): Promise<string>;
  applyPlanGrants(accountId: string): Promise<void>;
  reserve(options: ReserveOptions): Promise<ReserveOutcome>;
  capture(reservationId: string): Promise<boolean>;
  void(reservationId: string, reason: string): Promise<boolean>;
  extendHold(reservationId: string, holdMs: number): Promise<void>;
  /** Voids holds past `holdUntil` and zeroes expired grants (with an `expire` entry). */
  reap(): Promise<{ voided: number; expired: number }>;
  balance(accountId: string): Promise<number>;
  /** Unexpired grants with credits left, soonest-expiring first. */
  grants(accountId: string): Promise<GrantRecord[]>;
  heldCredits(accountId: string): Promise<number>;
  /** Credits held across all accounts (metrics). */
  totalHeldCredits(): Promise<number>;
  /** Characters of this UTC month for a key: captured, plus held when `includeHeld`. */
  monthCharactersForKey(apiKeyId: string, includeHeld?: boolean): Promise<number>;
  /** Status of a reservation (for tests and reconciliation), or undefined when there is none. */
  reservationStatus(reservationId: string): Promise<'held' | 'captured' | 'voided' | undefined>;
}
