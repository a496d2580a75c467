import { and, asc, eq, gt, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { CREDIT_LIFETIME_DAYS, planGrantsDue } from './plans.ts';
import { DAY_MS, startOfUtcMonth, type Clock } from '../lib/clock.ts';
import type { Db } from '../db/client.ts';
import type { IdGenerator } from '../db/ids.ts';
import { accounts, apiKeys, creditGrants, ledgerEntries, reservationAllocations, reservations } from '../db/schema.ts';
import type { LedgerObserver, ReserveOutcome } from './ledger-store.ts';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Product = (typeof reservations.$inferSelect)['product'];

/**
 * The credit ledger. Every write that can spend is one synchronous IMMEDIATE transaction, and each grant's
 * `remaining` is decremented by a guarded UPDATE (`remaining >= n`), so concurrent requests can never overdraw.
 * SqliteLedgerStore puts it behind the async seam; the SQLite job store settles inside its own transactions with it.
 */
export class Ledger {
  /** Told of every credit movement (metrics). */
  observer: LedgerObserver | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  grant(options: {
    accountId: string;
    credits: number;
    source: 'plan' | 'purchase' | 'admin' | 'refund';
    expiresInDays?: number;
    note?: string;
  }): string {
    if (!Number.isInteger(options.credits) || options.credits <= 0)
      throw new RangeError('credits must be a positive integer');
    const now = this.clock.now();
    const id = this.ids('grant');
    this.db.transaction(
      (tx) => {
        tx.insert(creditGrants)
          .values({
            id,
            accountId: options.accountId,
            source: options.source,
            credits: options.credits,
            remaining: options.credits,
            grantedAt: now,
            expiresAt: now + (options.expiresInDays ?? CREDIT_LIFETIME_DAYS) * DAY_MS,
            note: options.note ?? null,
          })
          .run();
        tx.insert(ledgerEntries)
          .values({
            accountId: options.accountId,
            grantId: id,
            kind: 'grant',
            credits: options.credits,
            createdAt: now,
          })
          .run();
      },
      { behavior: 'immediate' },
    );
    return id;
  }

  /** Grants the plan's monthly credits for every month boundary passed since the last grant. */
  applyPlanGrants(accountId: string): void {
    const now = this.clock.now();
    this.db.transaction(
      (tx) => {
        const account = tx.select().from(accounts).where(eq(accounts.id, accountId)).get();
        if (!account || account.nextPlanGrantAt > now) return;
        const due = planGrantsDue(account, now);
        for (const { credits, grantedAt, expiresAt, note } of due.grants) {
          const id = this.ids('grant');
          tx.insert(creditGrants)
            .values({ id, accountId, source: 'plan', credits, remaining: credits, grantedAt, expiresAt, note })
            .run();
          tx.insert(ledgerEntries).values({ accountId, grantId: id, kind: 'grant', credits, createdAt: now }).run();
        }
        tx.update(accounts).set({ nextPlanGrantAt: due.nextPlanGrantAt }).where(eq(accounts.id, accountId)).run();
      },
      { behavior: 'immediate' },
    );
  }

  /** Sets credits aside for one request. Soonest-expiring grants are used first; expired ones never. */
  reserve(options: {
    accountId: string;
    apiKeyId: string | null;
    product: Product;
    characters: number;
    credits: number;
    holdMs: number;
  }): ReserveOutcome {
    this.applyPlanGrants(options.accountId);
    const now = this.clock.now();
    const outcome = this.db.transaction(
      (tx): ReserveOutcome => {
        if (options.apiKeyId) {
          const key = tx
            .select({ cap: apiKeys.monthlyCapCharacters })
            .from(apiKeys)
            .where(eq(apiKeys.id, options.apiKeyId))
            .get();
          if (key?.cap != null) {
            const used = this.monthCharacters(tx, options.apiKeyId, now, true);
            if (used + options.characters > key.cap) return { ok: false, code: 'key_cap_exceeded', cap: key.cap, used };
          }
        }
        const grants = tx
          .select({ id: creditGrants.id, remaining: creditGrants.remaining })
          .from(creditGrants)
          .where(
            and(
              eq(creditGrants.accountId, options.accountId),
              gt(creditGrants.remaining, 0),
              gt(creditGrants.expiresAt, now),
            ),
          )
          .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.grantedAt))
          .all();
        const balance = grants.reduce((total, grant) => total + grant.remaining, 0);
        if (balance < options.credits)
          return { ok: false, code: 'insufficient_credits', balance, required: options.credits };

        const reservationId = this.ids('reservation');
        tx.insert(reservations)
          .values({
            id: reservationId,
            accountId: options.accountId,
            apiKeyId: options.apiKeyId,
            product: options.product,
            characters: options.characters,
            credits: options.credits,
            status: 'held',
            createdAt: now,
            holdUntil: now + options.holdMs,
          })
          .run();
        let needed = options.credits;
        for (const grant of grants) {
          if (needed === 0) break;
          const take = Math.min(needed, grant.remaining);
          const updated = tx
            .update(creditGrants)
            .set({ remaining: sql`${creditGrants.remaining} - ${take}` })
            .where(and(eq(creditGrants.id, grant.id), gte(creditGrants.remaining, take)))
            .returning({ id: creditGrants.id })
            .all();
          if (updated.length !== 1) throw new Error(`grant ${grant.id} changed during reservation`);
          tx.insert(reservationAllocations).values({ reservationId, grantId: grant.id, credits: take }).run();
          tx.insert(ledgerEntries)
            .values({
              accountId: options.accountId,
              grantId: grant.id,
              reservationId,
              kind: 'reserve',
              credits: -take,
              createdAt: now,
            })
            .run();
          needed -= take;
        }
        return { ok: true, reservationId };
      },
      { behavior: 'immediate' },
    );
    if (outcome.ok) this.observer?.('reserved', options.credits);
    return outcome;
  }

  /** Marks the reserved credits as spent. Returns false when the reservation was not held (already settled). */
  capture(reservationId: string): boolean {
    return this.db.transaction((tx) => this.captureIn(tx, reservationId), { behavior: 'immediate' });
  }

  /** `capture` inside a caller's transaction (e.g. together with marking a job completed). */
  captureIn(tx: Transaction, reservationId: string): boolean {
    const now = this.clock.now();
    const updated = tx
      .update(reservations)
      .set({ status: 'captured', settledAt: now })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
      .returning({ accountId: reservations.accountId, credits: reservations.credits })
      .get();
    if (!updated) return false;
    this.observer?.('captured', updated.credits);
    tx.insert(ledgerEntries)
      .values({ accountId: updated.accountId, reservationId, kind: 'capture', credits: 0, createdAt: now })
      .run();
    return true;
  }

  /** Returns held credits to the grants they came from. Returns false when the reservation was already settled. */
  void(reservationId: string, reason: string): boolean {
    return this.db.transaction((tx) => this.voidIn(tx, reservationId, reason), { behavior: 'immediate' });
  }

  voidIn(tx: Transaction, reservationId: string, reason: string): boolean {
    const now = this.clock.now();
    const updated = tx
      .update(reservations)
      .set({ status: 'voided', settledAt: now, reason })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
      .returning({ accountId: reservations.accountId, credits: reservations.credits })
      .get();
    if (!updated) return false;
    this.observer?.('voided', updated.credits);
    const allocations = tx
      .select()
      .from(reservationAllocations)
      .where(eq(reservationAllocations.reservationId, reservationId))
      .all();
    for (const allocation of allocations) {
      tx.update(creditGrants)
        .set({ remaining: sql`${creditGrants.remaining} + ${allocation.credits}` })
        .where(eq(creditGrants.id, allocation.grantId))
        .run();
      tx.insert(ledgerEntries)
        .values({
          accountId: updated.accountId,
          grantId: allocation.grantId,
          reservationId,
          kind: 'void',
          credits: allocation.credits,
          createdAt: now,
        })
        .run();
    }
    return true;
  }

  /** Extends a hold (long jobs heartbeat through this so the reaper leaves them alone). */
  extendHold(reservationId: string, holdMs: number): void {
    this.db
      .update(reservations)
      .set({ holdUntil: this.clock.now() + holdMs })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
      .run();
  }

  /** Voids holds left behind by a crash and zeroes expired grants (with an `expire` entry for the audit trail). */
  reap(): { voided: number; expired: number } {
    const now = this.clock.now();
    const stale = this.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.status, 'held'), lt(reservations.holdUntil, now)))
      .all();
    let voided = 0;
    for (const reservation of stale) if (this.void(reservation.id, 'abandoned')) voided++;
    const expired = this.db.transaction(
      (tx) => {
        const grants = tx
          .select()
          .from(creditGrants)
          .where(and(gt(creditGrants.remaining, 0), lt(creditGrants.expiresAt, now + 1)))
          .all();
        for (const grant of grants) {
          tx.update(creditGrants).set({ remaining: 0 }).where(eq(creditGrants.id, grant.id)).run();
          tx.insert(ledgerEntries)
            .values({
              accountId: grant.accountId,
              grantId: grant.id,
              kind: 'expire',
              credits: -grant.remaining,
              createdAt: now,
            })
            .run();
        }
        return grants.length;
      },
      { behavior: 'immediate' },
    );
    return { voided, expired };
  }

  /** Spendable credits now (held credits are not spendable). */
  balance(accountId: string): number {
    this.applyPlanGrants(accountId);
    const now = this.clock.now();
    const row = this.db
      .select({ total: sum(creditGrants.remaining) })
      .from(creditGrants)
      .where(and(eq(creditGrants.accountId, accountId), gt(creditGrants.expiresAt, now)))
      .get();
    return Number(row?.total ?? 0);
  }

  grants(accountId: string) {
    this.applyPlanGrants(accountId);
    const now = this.clock.now();
    return this.db
      .select()
      .from(creditGrants)
      .where(and(eq(creditGrants.accountId, accountId), gt(creditGrants.expiresAt, now), gt(creditGrants.remaining, 0)))
      .orderBy(asc(creditGrants.expiresAt))
      .all();
  }

  /** Credits held across all accounts (metrics). */
  totalHeldCredits(): number {
    const row = this.db
      .select({ total: sum(reservations.credits) })
      .from(reservations)
      .where(eq(reservations.status, 'held'))
      .get();
    return Number(row?.total ?? 0);
  }

  heldCredits(accountId: string): number {
    const row = this.db
      .select({ total: sum(reservations.credits) })
      .from(reservations)
      .where(and(eq(reservations.accountId, accountId), eq(reservations.status, 'held')))
      .get();
    return Number(row?.total ?? 0);
  }

  /** Characters of this UTC month for a key: captured, plus held when `includeHeld` (for cap checks). */
  monthCharactersForKey(apiKeyId: string, includeHeld = false): number {
    return this.monthCharacters(this.db, apiKeyId, this.clock.now(), includeHeld);
  }

  private monthCharacters(tx: Pick<Db, 'select'>, apiKeyId: string, now: number, includeHeld: boolean): number {
    const statuses: ('held' | 'captured')[] = includeHeld ? ['held', 'captured'] : ['captured'];
    const row = tx
      .select({ total: sum(reservations.characters) })
      .from(reservations)
      .where(
        and(
          eq(reservations.apiKeyId, apiKeyId),
          inArray(reservations.status, statuses),
          gte(reservations.createdAt, startOfUtcMonth(now)),
        ),
      )
      .get();
    return Number(row?.total ?? 0);
  }
}
