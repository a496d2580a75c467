import { and, asc, eq, gt, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { PostgresDb, PostgresTransaction } from '../db/postgres/client.ts';
import { accounts, creditGrants, ledgerEntries, reservationAllocations, reservations } from '../db/postgres/schema.ts';
import type { IdGenerator } from '../db/ids.ts';
import { DAY_MS, startOfUtcMonth, type Clock } from '../lib/clock.ts';
import { CREDIT_LIFETIME_DAYS, planGrantsDue } from './plans.ts';
import type {
  GrantOptions,
  GrantRecord,
  LedgerObserver,
  LedgerStore,
  ReserveOptions,
  ReserveOutcome,
} from './ledger-store.ts';

/**
 * A reservation in one statement. A key with a cap must be locked by the caller's transaction first ($10 true): then
 * the statement's snapshot, taken after the lock, holds every reservation made on the key before it; unlocked ($10
 * false) a capped key reserves nothing and the answer says it has a cap. The statement locks the account's unexpired
 * grants (FOR UPDATE, in the global order: expiry, grant time, id, the order voids lock in too),
 * then, only when the cap allows and the balance covers the credits, inserts the reservation and takes from the grants
 * soonest-expiring first, each with the guarded decrement (`remaining >= take`), recording an allocation and a ledger
 * entry per grant. The sub-statements share one snapshot but the grant rows are locked and then re-read at their newest
 * version, so the takes are computed from what is really left. Foreign keys are checked at the end of the statement,
 * so the allocations may name the reservation inserted beside them.
 * $1 account, $2 key (or null), $3 product, $4 characters, $5 credits, $6 now, $7 hold until, $8 reservation id,
 * $9 start of this UTC month, $10 whether the key's row is locked.
 */
interface ReserveRow {
  go: boolean;
  cap: string | null;
  used: string;
  balance: string;
  wanted: string;
  taken: string;
}

const RESERVE = `
WITH key AS (
  SELECT monthly_cap_characters AS cap FROM api_keys WHERE id = $2 AND monthly_cap_characters IS NOT NULL
), used AS (
  SELECT coalesce(sum(characters), 0) AS characters FROM reservations
  WHERE api_key_id = $2 AND status IN ('held', 'captured') AND created_at >= $9 AND EXISTS (SELECT 1 FROM key)
), locked AS (
  SELECT id, remaining, expires_at, granted_at FROM credit_grants
  WHERE account_id = $1 AND remaining > 0 AND expires_at > $6
  ORDER BY expires_at, granted_at, id
  FOR UPDATE
), running AS (
  SELECT id, remaining, sum(remaining) OVER (ORDER BY expires_at, granted_at, id) AS upto FROM locked
), verdict AS (
  SELECT
    (SELECT cap FROM key) AS cap,
    (SELECT characters FROM used) AS used,
    (SELECT coalesce(sum(remaining), 0) FROM locked) AS balance
), go AS (
  SELECT (cap IS NULL OR ($10::boolean AND used + $4::bigint <= cap)) AND balance >= $5::bigint AS go FROM verdict
), takes AS (
  SELECT id, least(remaining, $5::bigint - (upto - remaining)) AS take FROM running
  WHERE upto - remaining < $5::bigint AND (SELECT go FROM go)
), reserved AS (
  INSERT INTO reservations (id, account_id, api_key_id, product, characters, credits, status, created_at, hold_until)
  SELECT $8, $1, $2, $3, $4, $5, 'held', $6, $7 WHERE (SELECT go FROM go)
  RETURNING id
), taken AS (
  UPDATE credit_grants AS grant_row SET remaining = grant_row.remaining - takes.take
  FROM takes WHERE grant_row.id = takes.id AND grant_row.remaining >= takes.take
  RETURNING grant_row.id, takes.take
), allocated AS (
  INSERT INTO reservation_allocations (reservation_id, grant_id, credits)
  SELECT $8, id, take FROM taken
  RETURNING grant_id, credits
), entries AS (
  INSERT INTO ledger_entries (account_id, grant_id, reservation_id, kind, credits, created_at)
  SELECT $1, grant_id, $8, 'reserve', -credits, $6 FROM allocated
  RETURNING grant_id
)
SELECT (SELECT go FROM go) AS go, cap::text AS cap, used::text AS used, balance::text AS balance,
  (SELECT count(*) FROM takes)::text AS wanted, (SELECT count(*) FROM entries)::text AS taken
FROM verdict`;

/**
 * How long a read of an account's next plan-grant time is trusted. Only a plan change moves it earlier (a sign-up
 * given its first plan); this node hears of its own at once (planChanged), another node's within this time.
 */
const PLAN_PEEK_TTL_MS = 30_000;
const PLAN_PEEK_ENTRIES = 100_000;

/**
 * The ledger for several nodes on one Postgres database. Every transaction that moves credits locks the grant rows it
 * reads (`SELECT … FOR UPDATE`) in one global order (expiry, grant time, id), so concurrent reserves and voids queue
 * behind each other instead of deadlocking, and each decrement is still a guarded UPDATE (`remaining >= take`). A key
 * with a monthly cap is locked too, so two nodes cannot both pass the same cap check.
 */
export class PostgresLedgerStore implements LedgerStore {
  observer: LedgerObserver | undefined;
  /** When each account's next plan grant is due, as last read (see applyPlanGrants). */
  private readonly nextGrantKnown = new Map<string, { due: number; seenAt: number }>();

  /** Forget what is known of an account's plan grants (its plan changed on this node). */
  planChanged(accountId: string): void {
    this.nextGrantKnown.delete(accountId);
  }

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
    // Nearly every call finds nothing due: a recent look says when the next grant is, without a round trip.
    const known = this.nextGrantKnown.get(accountId);
    if (known && known.due > now && now - known.seenAt < PLAN_PEEK_TTL_MS) return;
    // Then a cheap unlocked look: only a due grant takes the row lock.
    const peek = await this.db
      .select({ due: accounts.nextPlanGrantAt })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!peek[0]) return;
    if (peek[0].due > now) {
      if (this.nextGrantKnown.size >= PLAN_PEEK_ENTRIES) this.nextGrantKnown.clear();
      this.nextGrantKnown.set(accountId, { due: peek[0].due, seenAt: now });
      return;
    }
    this.nextGrantKnown.delete(accountId);
    await this.db.transaction(async (tx) => {
      // The account row lock makes the month's grant happen once even when every node sees it due at once.
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
      if (!account || account.nextPlanGrantAt > now) return;
      const due = planGrantsDue(account, now);
      for (const { credits, grantedAt, expiresAt, note } of due.grants) {
        const id = this.ids('grant');
        await tx
          .insert(creditGrants)
          .values({ id, accountId, source: 'plan', credits, remaining: credits, grantedAt, expiresAt, note });
        await tx.insert(ledgerEntries).values({ accountId, grantId: id, kind: 'grant', credits, createdAt: now });
      }
      await tx.update(accounts).set({ nextPlanGrantAt: due.nextPlanGrantAt }).where(eq(accounts.id, accountId));
    });
  }

  async reserve(options: ReserveOptions): Promise<ReserveOutcome> {
    await this.applyPlanGrants(options.accountId);
    const now = this.clock.now();
    const reservationId = this.ids('reservation');
    const parameters = [
      options.accountId,
      options.apiKeyId,
      options.product,
      options.characters,
      options.credits,
      now,
      now + options.holdMs,
      reservationId,
      startOfUtcMonth(now),
    ];
    // Most keys have no cap: one statement, one round trip, atomic without BEGIN/COMMIT.
    // Named, so each pooled connection parses and plans the statement once (planning it was half its cost).
    let row = (
      await this.db.$client.query<ReserveRow>({ name: 'recite-reserve', text: RESERVE, values: [...parameters, false] })
    ).rows[0]!;
    if (row.cap !== null) {
      // A capped key: its row is locked first, in a transaction, so the statement's snapshot (taken after the lock)
      // sees every reservation another node made on this key before it, and two nodes cannot pass one cap check.
      const client = await this.db.$client.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [options.apiKeyId]);
        row = (await client.query<ReserveRow>({ name: 'recite-reserve', text: RESERVE, values: [...parameters, true] }))
          .rows[0]!;
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    }
    if (!row.go) {
      if (row.cap !== null && Number(row.used) + options.characters > Number(row.cap))
        return { ok: false, code: 'key_cap_exceeded', cap: Number(row.cap), used: Number(row.used) };
      return { ok: false, code: 'insufficient_credits', balance: Number(row.balance), required: options.credits };
    }
    // Every grant it drew from was locked by the statement itself, so a guarded take cannot miss; if one ever did,
    // the reservation would not match its allocations, so say so loudly.
    if (row.wanted !== row.taken)
      throw new Error(`reservation ${reservationId} took ${row.taken} of ${row.wanted} grants`);
    this.observer?.('reserved', options.credits);
    return { ok: true, reservationId };
  }

  async capture(reservationId: string): Promise<boolean> {
    // One statement, so one round trip and atomic without BEGIN/COMMIT: the status change and its ledger entry.
    const { rows } = await this.db.$client.query<{ credits: string }>({
      name: 'recite-capture',
      text: `WITH captured AS (
         UPDATE reservations SET status = 'captured', settled_at = $2 WHERE id = $1 AND status = 'held'
         RETURNING account_id, credits
       )
       INSERT INTO ledger_entries (account_id, reservation_id, kind, credits, created_at)
       SELECT account_id, $1, 'capture', 0, $2 FROM captured
       RETURNING (SELECT credits FROM captured)::text AS credits`,
      values: [reservationId, this.clock.now()],
    });
    if (rows.length === 0) return false;
    this.observer?.('captured', Number(rows[0]!.credits));
    return true;
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
    const [row] = await this.spendable.execute({ accountId, now });
    return Number(row?.total ?? 0);
  }

  /** Prepared (named), as every paid request asks it first; built on first use (the pool comes in the constructor). */
  private spendableQuery: ReturnType<PostgresLedgerStore['prepareSpendable']> | undefined;
  private get spendable() {
    this.spendableQuery ??= this.prepareSpendable();
    return this.spendableQuery;
  }
  private prepareSpendable() {
    return this.db
      .select({ total: sum(creditGrants.remaining) })
      .from(creditGrants)
      .where(
        and(
          eq(creditGrants.accountId, sql.placeholder('accountId')),
          gt(creditGrants.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare('recite-balance');
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
