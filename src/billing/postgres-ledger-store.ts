import { and, asc, eq, gt, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { PostgresDb, PostgresTransaction } from '../db/postgres/client.ts';
import {
  accounts,
  apiKeys,
  creditGrants,
  ledgerEntries,
  reservationAllocations,
  reservations,
} from '../db/postgres/schema.ts';
import type { IdGenerator } from '../db/ids.ts';
import { DAY_MS, startOfNextUtcMonth, startOfUtcMonth, type Clock } from '../lib/clock.ts';
import { CREDIT_LIFETIME_DAYS, PLANS } from './plans.ts';
import type {
  GrantOptions,
  GrantRecord,
  LedgerObserver,
  LedgerStore,
  ReserveOptions,
  ReserveOutcome,
} from './ledger-store.ts';

/**
 * The ledger for several nodes on one Postgres database. Every transaction that moves credits locks the grant rows it
 * reads (`SELECT … FOR UPDATE`) in one global order (expiry, grant time, id), so concurrent reserves and voids queue
 * behind each other instead of deadlocking, and each decrement is still a guarded UPDATE (`remaining >= take`). A key
 * with a monthly cap is locked too, so two nodes cannot both pass the same cap check.
 */
export class PostgresLedgerStore implements LedgerStore {
  observer: LedgerObserver | undefined;

  constructor(
    private readonly db: PostgresDb,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async grant(options: GrantOptions): Promise<string> {
    if (!Number.isInteger(options.credits) || options.credits <= 0) {
      throw new RangeError('credits must be a positive integer');
    }
    const now = this.clock.now();
    const id = this.ids('grant');
    await this.db.transaction(async (tx) => {
      await tx.insert(creditGrants).values({
        id,
        accountId: options.accountId,
        source: options.source,
        credits: options.credits,
        remaining: options.credits,
        grantedAt: now,
        expiresAt: now + (options.expiresInDays ?? CREDIT_LIFETIME_DAYS) * DAY_MS,
        note: options.note ?? null,
      });
      await tx.insert(ledgerEntries).values({
        accountId: options.accountId,
        grantId: id,
        kind: 'grant',
        credits: options.credits,
        createdAt: now,
      });
    });
    return id;
  }

  async applyPlanGrants(accountId: string): Promise<void> {
    const now = this.clock.now();
    // Cheap unlocked look first: nearly every call finds nothing due and should not take a row lock.
    const peek = await this.db
      .select({ due: accounts.nextPlanGrantAt })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!peek[0] || peek[0].due > now) return;
    await this.db.transaction(async (tx) => {
      // The account row lock makes the month's grant happen once even when every node sees it due at once.
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      if (!account || account.nextPlanGrantAt > now) return;
      const credits = PLANS[account.plan].monthlyCredits;
      let due = account.nextPlanGrantAt;
      while (due <= now) {
        // Each monthly grant banks for 90 days from its own month start; older ones may already be expired.
        const expiresAt = due + CREDIT_LIFETIME_DAYS * DAY_MS;
        if (expiresAt > now) {
          const id = this.ids('grant');
          await tx.insert(creditGrants).values({
            id,
            accountId,
            source: 'plan',
            credits,
            remaining: credits,
            grantedAt: due,
            expiresAt,
            note: `${account.plan} plan`,
          });
          await tx.insert(ledgerEntries).values({ accountId, grantId: id, kind: 'grant', credits, createdAt: now });
        }
        due = startOfNextUtcMonth(due);
      }
      await tx.update(accounts).set({ nextPlanGrantAt: due }).where(eq(accounts.id, accountId));
    });
  }

  async reserve(options: ReserveOptions): Promise<ReserveOutcome> {
    await this.applyPlanGrants(options.accountId);
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx): Promise<ReserveOutcome> => {
      if (options.apiKeyId) {
        const [key] = await tx
          .select({ cap: apiKeys.monthlyCapCharacters })
          .from(apiKeys)
          .where(eq(apiKeys.id, options.apiKeyId))
          .for('update');
        if (key?.cap != null) {
          const used = await this.monthCharacters(tx, options.apiKeyId, now, true);
          if (used + options.characters > key.cap) return { ok: false, code: 'key_cap_exceeded', cap: key.cap, used };
        }
      }
      const grants = await tx
        .select({ id: creditGrants.id, remaining: creditGrants.remaining })
        .from(creditGrants)
        .where(
          and(
            eq(creditGrants.accountId, options.accountId),
            gt(creditGrants.remaining, 0),
            gt(creditGrants.expiresAt, now),
          ),
        )
        .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.grantedAt), asc(creditGrants.id))
        .for('update');
      const balance = grants.reduce((total, grant) => total + grant.remaining, 0);
      if (balance < options.credits) {
        return { ok: false, code: 'insufficient_credits', balance, required: options.credits };
      }

      const reservationId = this.ids('reservation');
      await tx.insert(reservations).values({
        id: reservationId,
        accountId: options.accountId,
        apiKeyId: options.apiKeyId,
        product: options.product,
        characters: options.characters,
        credits: options.credits,
        status: 'held',
        createdAt: now,
        holdUntil: now + options.holdMs,
      });
      let needed = options.credits;
      for (const grant of grants) {
        if (needed === 0) break;
        const take = Math.min(needed, grant.remaining);
        const updated = await tx
          .update(creditGrants)
          .set({ remaining: sql`${creditGrants.remaining} - ${take}` })
          .where(and(eq(creditGrants.id, grant.id), gte(creditGrants.remaining, take)))
          .returning({ id: creditGrants.id });
        if (updated.length !== 1) throw new Error(`grant ${grant.id} changed during reservation`);
        await tx.insert(reservationAllocations).values({ reservationId, grantId: grant.id, credits: take });
        await tx.insert(ledgerEntries).values({
          accountId: options.accountId,
          grantId: grant.id,
          reservationId,
          kind: 'reserve',
          credits: -take,
          createdAt: now,
        });
        needed -= take;
      }
      return { ok: true, reservationId };
    });
    if (outcome.ok) this.observer?.('reserved', options.credits);
    return outcome;
  }

  async capture(reservationId: string): Promise<boolean> {
    return await this.db.transaction((tx) => this.captureIn(tx, reservationId));
  }

  /** `capture` inside a caller's transaction (e.g. together with marking a job completed). */
  async captureIn(tx: PostgresTransaction, reservationId: string): Promise<boolean> {
    const now = this.clock.now();
    const [updated] = await tx
      .update(reservations)
      .set({ status: 'captured', settledAt: now })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
      .returning({ accountId: reservations.accountId, credits: reservations.credits });
    if (!updated) return false;
    this.observer?.('captured', updated.credits);
    await tx.insert(ledgerEntries).values({
      accountId: updated.accountId,
      reservationId,
      kind: 'capture',
      credits: 0,
      createdAt: now,
    });
    return true;
  }

  async void(reservationId: string, reason: string): Promise<boolean> {
    return await this.db.transaction((tx) => this.voidIn(tx, reservationId, reason));
  }

  async voidIn(tx: PostgresTransaction, reservationId: string, reason: string): Promise<boolean> {
    const now = this.clock.now();
    // The guarded status change is the row lock on the reservation: a concurrent capture or void waits, then finds
    // it settled and changes nothing.
    const [updated] = await tx
      .update(reservations)
      .set({ status: 'voided', settledAt: now, reason })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
      .returning({ accountId: reservations.accountId, credits: reservations.credits });
    if (!updated) return false;
    this.observer?.('voided', updated.credits);
    const allocations = await tx
      .select()
      .from(reservationAllocations)
      .where(eq(reservationAllocations.reservationId, reservationId));
    if (allocations.length > 0) {
      // Same lock order as reserve, so a void and a reserve on one account never deadlock.
      await tx
        .select({ id: creditGrants.id })
        .from(creditGrants)
        .where(
          inArray(
            creditGrants.id,
            allocations.map((allocation) => allocation.grantId),
          ),
        )
        .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.grantedAt), asc(creditGrants.id))
        .for('update');
    }
    for (const allocation of allocations) {
      await tx
        .update(creditGrants)
        .set({ remaining: sql`${creditGrants.remaining} + ${allocation.credits}` })
        .where(eq(creditGrants.id, allocation.grantId));
      await tx.insert(ledgerEntries).values({
        accountId: updated.accountId,
        grantId: allocation.grantId,
        reservationId,
        kind: 'void',
        credits: allocation.credits,
        createdAt: now,
      });
    }
    return true;
  }

  async extendHold(reservationId: string, holdMs: number): Promise<void> {
    await this.db
      .update(reservations)
      .set({ holdUntil: this.clock.now() + holdMs })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')));
  }

  async reap(): Promise<{ voided: number; expired: number }> {
    const now = this.clock.now();
    const stale = await this.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.status, 'held'), lt(reservations.holdUntil, now)));
    let voided = 0;
    for (const reservation of stale) if (await this.void(reservation.id, 'abandoned')) voided++;
    const expired = await this.db.transaction(async (tx) => {
      const grants = await tx
        .select()
        .from(creditGrants)
        .where(and(gt(creditGrants.remaining, 0), lt(creditGrants.expiresAt, now + 1)))
        .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.grantedAt), asc(creditGrants.id))
        .for('update');
      for (const grant of grants) {
        await tx.update(creditGrants).set({ remaining: 0 }).where(eq(creditGrants.id, grant.id));
        await tx.insert(ledgerEntries).values({
          accountId: grant.accountId,
          grantId: grant.id,
          kind: 'expire',
          credits: -grant.remaining,
          createdAt: now,
        });
      }
      return grants.length;
    });
    return { voided, expired };
  }

  async balance(accountId: string): Promise<number> {
    await this.applyPlanGrants(accountId);
    const now = this.clock.now();
    const [row] = await this.db
      .select({ total: sum(creditGrants.remaining) })
      .from(creditGrants)
      .where(and(eq(creditGrants.accountId, accountId), gt(creditGrants.expiresAt, now)));
    return Number(row?.total ?? 0);
  }

  async grants(accountId: string): Promise<GrantRecord[]> {
    await this.applyPlanGrants(accountId);
    const now = this.clock.now();
    return await this.db
      .select()
      .from(creditGrants)
      .where(and(eq(creditGrants.accountId, accountId), gt(creditGrants.expiresAt, now), gt(creditGrants.remaining, 0)))
      .orderBy(asc(creditGrants.expiresAt));
  }

  async totalHeldCredits(): Promise<number> {
    const [row] = await this.db
      .select({ total: sum(reservations.credits) })
      .from(reservations)
      .where(eq(reservations.status, 'held'));
    return Number(row?.total ?? 0);
  }

  async heldCredits(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: sum(reservations.credits) })
      .from(reservations)
      .where(and(eq(reservations.accountId, accountId), eq(reservations.status, 'held')));
    return Number(row?.total ?? 0);
  }

  async monthCharactersForKey(apiKeyId: string, includeHeld = false): Promise<number> {
    return await this.monthCharacters(this.db, apiKeyId, this.clock.now(), includeHeld);
  }

  async reservationStatus(reservationId: string): Promise<'held' | 'captured' | 'voided' | undefined> {
    const [row] = await this.db
      .select({ status: reservations.status })
      .from(reservations)
      .where(eq(reservations.id, reservationId));
    return row?.status;
  }

  private async monthCharacters(
    tx: Pick<PostgresDb, 'select'>,
    apiKeyId: string,
    now: number,
    includeHeld: boolean,
  ): Promise<number> {
    const statuses: ('held' | 'captured')[] = includeHeld ? ['held', 'captured'] : ['captured'];
    const [row] = await tx
      .select({ total: sum(reservations.characters) })
      .from(reservations)
      .where(
        and(
          eq(reservations.apiKeyId, apiKeyId),
          inArray(reservations.status, statuses),
          gte(reservations.createdAt, startOfUtcMonth(now)),
        ),
      );
    return Number(row?.total ?? 0);
  }
}
