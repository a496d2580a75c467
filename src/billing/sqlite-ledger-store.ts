import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { IdGenerator } from '../db/ids.ts';
import { Ledger } from './sqlite-ledger.ts';
import { reservations } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type {
  GrantOptions,
  GrantRecord,
  LedgerObserver,
  LedgerStore,
  ReserveOptions,
  ReserveOutcome,
} from './ledger-store.ts';

/**
 * The single-node ledger: today's Ledger (synchronous IMMEDIATE transactions on bun:sqlite) behind the async seam.
 * Each call runs its whole transaction synchronously before the promise resolves, so nothing interleaves inside one.
 */
export class SqliteLedgerStore implements LedgerStore {
  readonly ledger: Ledger;

  constructor(
    private readonly db: Db,
    clock: Clock,
    ids: IdGenerator,
  ) {
    this.ledger = new Ledger(db, clock, ids);
  }

  get observer(): LedgerObserver | undefined {
    return this.ledger.observer;
  }

  set observer(observer: LedgerObserver | undefined) {
    this.ledger.observer = observer;
  }

  async totalHeldCredits(): Promise<number> {
    return this.ledger.totalHeldCredits();
  }

  async grant(options: GrantOptions): Promise<string> {
    return this.ledger.grant(options);
  }

  async applyPlanGrants(accountId: string): Promise<void> {
    this.ledger.applyPlanGrants(accountId);
  }

  async reserve(options: ReserveOptions): Promise<ReserveOutcome> {
    return this.ledger.reserve(options);
  }

  async capture(reservationId: string): Promise<boolean> {
    return this.ledger.capture(reservationId);
  }

  async void(reservationId: string, reason: string): Promise<boolean> {
    return this.ledger.void(reservationId, reason);
  }

  async extendHold(reservationId: string, holdMs: number): Promise<void> {
    this.ledger.extendHold(reservationId, holdMs);
  }

  async reap(): Promise<{ voided: number; expired: number }> {
    return this.ledger.reap();
  }

  async balance(accountId: string): Promise<number> {
    return this.ledger.balance(accountId);
  }

  async grants(accountId: string): Promise<GrantRecord[]> {
    return this.ledger.grants(accountId);
  }

  async heldCredits(accountId: string): Promise<number> {
    return this.ledger.heldCredits(accountId);
  }

  async monthCharactersForKey(apiKeyId: string, includeHeld = false): Promise<number> {
    return this.ledger.monthCharactersForKey(apiKeyId, includeHeld);
  }

  async reservationStatus(reservationId: string): Promise<'held' | 'captured' | 'voided' | undefined> {
    const row = this.db
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.id, reservationId))
      .get();
    return row?.status;
  }
}
