import { and, asc, desc, eq, getTableColumns, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PostgresDb, PostgresTransaction } from '../db/postgres/client.ts';
import { jobs } from '../db/postgres/schema.ts';
import {
  failedJobVoidReason,
  inputField,
  LAST_ATTEMPT_LEASE_EXPIRED,
  type ClaimOutcome,
  type FailOptions,
  type FailOutcome,
  type FollowUps,
  type JobDraft,
  type JobKind,
  type JobRecord,
  type JobStore,
  type ReadOptions,
} from './job-store.ts';

/**
 * Milliseconds on the database clock: every time a job row carries comes from it, so leases cannot be stolen by a node
 * whose clock runs ahead. The statement's start time, so every use within one statement reads the same instant.
 */
export const DATABASE_NOW_MS = sql<number>`(floor(extract(epoch FROM statement_timestamp()) * 1000))::bigint`;

/** The ledger calls the job store makes inside its own transaction (PostgresLedgerStore has them). */
export interface PostgresSettlement {
  captureIn(tx: PostgresTransaction, reservationId: string): Promise<boolean>;
  voidIn(tx: PostgresTransaction, reservationId: string, reason: string): Promise<boolean>;
}

type Executor = PostgresDb | PostgresTransaction;

/**
 * Jobs on Postgres for any number of nodes. Claims are one `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`,
 * so N claimers take N different jobs and never wait on each other; lease-holder writes are guarded by `lease_owner`.
 */
export class PostgresJobStore implements JobStore {
  constructor(
    private readonly db: PostgresDb,
    private readonly ledger?: PostgresSettlement,
  ) {}

  async insert(draft: JobDraft): Promise<JobRecord> {
    return await this.insertIn(this.db, draft);
  }

  private async insertIn(tx: Executor, draft: JobDraft): Promise<JobRecord> {
    const now = DATABASE_NOW_MS;
    const [record] = await tx
      .insert(jobs)
      .values({
        id: draft.id,
        kind: draft.kind,
        accountId: draft.accountId ?? null,
        apiKeyId: draft.apiKeyId ?? null,
        status: 'queued',
        input: JSON.stringify(draft.input),
        reservationId: draft.reservationId ?? null,
        progressDone: 0,
        progressTotal: draft.total ?? 0,
        attempts: 0,
        maxAttempts: draft.maxAttempts,
        runAt: now,
        createdAt: now,
        updatedAt: now,
        requestId: draft.requestId ?? null,
      })
      .returning();
    return record!;
  }

  async find(id: string, options: ReadOptions = {}): Promise<JobRecord | undefined> {
    const [row] = await this.db.select(this.columns(options)).from(jobs).where(eq(jobs.id, id));
    return row;
  }

  async listForAccount(accountId: string, kind: JobKind, limit: number, options: ReadOptions = {}) {
    return await this.db
      .select(this.columns(options))
      .from(jobs)
      .where(and(eq(jobs.accountId, accountId), eq(jobs.kind, kind)))
      .orderBy(desc(jobs.createdAt))
      .limit(limit);
  }

  private columns({ omitInput = [], clipInput = {} }: ReadOptions) {
    const columns = getTableColumns(jobs);
    const clipped = Object.entries(clipInput);
    if (omitInput.length === 0 && clipped.length === 0) return columns;
    let input: SQL = sql`${jobs.input}::jsonb`;
    for (const field of omitInput) input = sql`(${input} - ${inputField(field)}::text)`;
    for (const [field, length] of clipped) {
      const name = inputField(field);
      const clip = sql`coalesce(to_jsonb(left(${jobs.input}::jsonb ->> ${name}::text, ${Math.trunc(length)}::int)), 'null'::jsonb)`;
      input = sql`jsonb_set(${input}, array[${name}::text], ${clip})`;
    }
    return { ...columns, input: sql<string>`(${input})::text`.as('input') };
  }

  async backlog(kind?: JobKind): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)` })
      .from(jobs)
      .where(and(inArray(jobs.status, ['queued', 'running', 'retrying']), kind ? eq(jobs.kind, kind) : undefined));
    return Number(row?.count ?? 0);
  }

  async stats(): Promise<{ byState: Record<string, number>; oldestWaitingMs: number }> {
    const rows = await this.db
      .select({ status: jobs.status, count: sql<number>`count(*)` })
      .from(jobs)
      .groupBy(jobs.status);
    const byState: Record<string, number> = { queued: 0, running: 0, retrying: 0, completed: 0, failed: 0 };
    for (const row of rows) byState[row.status] = Number(row.count);
    const [oldest] = await this.db
      .select({ waited: sql<string | null>`${DATABASE_NOW_MS} - min(${jobs.runAt})` })
      .from(jobs)
      .where(and(inArray(jobs.status, ['queued', 'retrying']), lte(jobs.runAt, DATABASE_NOW_MS)));
    return { byState, oldestWaitingMs: oldest?.waited == null ? 0 : Math.max(0, Number(oldest.waited)) };
  }

  async claim(options: {
    owner: string;
    kinds: readonly JobKind[];
    leaseMs: number;
    followUps: FollowUps;
  }): Promise<ClaimOutcome | undefined> {
    if (options.kinds.length === 0) return undefined;
    const now = DATABASE_NOW_MS;
    const candidate = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, [...options.kinds]),
          or(
            and(inArray(jobs.status, ['queued', 'retrying']), lte(jobs.runAt, now)),
            and(eq(jobs.status, 'running'), lte(jobs.leaseExpiresAt, now)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    // SET expressions read the row as it was, so `exhausted` is the attempt count before this claim.
    const exhausted = sql`${jobs.attempts} >= ${jobs.maxAttempts}`;
    const claim = (tx: Executor) =>
      tx
        .update(jobs)
        .set({
          status: sql`CASE WHEN ${exhausted} THEN 'failed' ELSE 'running' END`,
          leaseOwner: sql`CASE WHEN ${exhausted} THEN NULL ELSE ${options.owner} END`,
          leaseExpiresAt: sql`CASE WHEN ${exhausted} THEN NULL ELSE ${now} + ${options.leaseMs} END`,
          attempts: sql`CASE WHEN ${exhausted} THEN ${jobs.attempts} ELSE ${jobs.attempts} + 1 END`,
          lastError: sql`CASE WHEN ${exhausted} THEN ${LAST_ATTEMPT_LEASE_EXPIRED} ELSE ${jobs.lastError} END`,
          finishedAt: sql`CASE WHEN ${exhausted} THEN ${now} ELSE ${jobs.finishedAt} END`,
          updatedAt: now,
        })
        .where(eq(jobs.id, sql`(${candidate})`))
        .returning();
    // The common case is one statement outside a transaction; an exhausted job is failed, its reservation voided and
    // its follow-ups added in one transaction, so a crash between them cannot leave a failed job holding credits.
    return await this.db.transaction(async (tx) => {
      const [job] = await claim(tx);
      if (!job) return undefined;
      if (job.status !== 'failed') return { kind: 'claimed', job };
      await this.settleFailure(tx, job, LAST_ATTEMPT_LEASE_EXPIRED, options.followUps);
      return { kind: 'exhausted', job };
    });
  }

  async renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const renewed = await this.db
      .update(jobs)
      .set({ leaseExpiresAt: sql`${DATABASE_NOW_MS} + ${leaseMs}`, updatedAt: DATABASE_NOW_MS })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
      .returning({ id: jobs.id });
    return renewed.length === 1;
  }

  async progress(id: string, owner: string, done: number, total: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ progressDone: done, progressTotal: total, updatedAt: DATABASE_NOW_MS })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)));
  }

  async complete(id: string, owner: string, result: unknown, followUps: JobDraft[]): Promise<boolean> {
    return await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(jobs)
        .set({
          status: 'completed',
          result: JSON.stringify(result),
          progressDone: sql`${jobs.progressTotal}`,
          leaseOwner: null,
          leaseExpiresAt: null,
          updatedAt: DATABASE_NOW_MS,
          finishedAt: DATABASE_NOW_MS,
        })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
        .returning({ reservationId: jobs.reservationId });
      if (updated.length !== 1) return false;
      const reservationId = updated[0]!.reservationId;
      if (reservationId && this.ledger) await this.ledger.captureIn(tx, reservationId);
      for (const draft of followUps) await this.insertIn(tx, draft);
      return true;
    });
  }

  async fail(id: string, owner: string, message: string, options: FailOptions): Promise<FailOutcome | undefined> {
    return await this.db.transaction(async (tx): Promise<FailOutcome | undefined> => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
        .for('update');
      if (!job) return undefined;
      const common = { lastError: message, leaseOwner: null, leaseExpiresAt: null, updatedAt: DATABASE_NOW_MS };
      if (!options.permanent && job.attempts < job.maxAttempts) {
        const delayMs = options.retryDelayMs(job.attempts);
        const [retrying] = await tx
          .update(jobs)
          .set({ ...common, status: 'retrying', runAt: sql`${DATABASE_NOW_MS} + ${delayMs}` })
          .where(eq(jobs.id, id))
          .returning();
        return { outcome: 'retrying', job: retrying!, delayMs };
      }
      const [failed] = await tx
        .update(jobs)
        .set({ ...common, status: 'failed', finishedAt: DATABASE_NOW_MS })
        .where(eq(jobs.id, id))
        .returning();
      await this.settleFailure(tx, failed!, message, options.followUps);
      return { outcome: 'failed', job: failed! };
    });
  }

  private async settleFailure(tx: PostgresTransaction, job: JobRecord, message: string, followUps: FollowUps) {
    if (job.reservationId && this.ledger) await this.ledger.voidIn(tx, job.reservationId, failedJobVoidReason(message));
    for (const draft of followUps(job)) await this.insertIn(tx, draft);
  }

  async release(id: string, owner: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        leaseOwner: null,
        leaseExpiresAt: null,
        runAt: DATABASE_NOW_MS,
        updatedAt: DATABASE_NOW_MS,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)));
  }
}
