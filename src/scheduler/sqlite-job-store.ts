import { and, asc, desc, eq, getTableColumns, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { assertTransition } from './job-states.ts';
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

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The ledger calls the job store makes inside its own (synchronous) transaction. */
export interface SqliteSettlement {
  captureIn(tx: Transaction, reservationId: string): boolean;
  voidIn(tx: Transaction, reservationId: string, reason: string): boolean;
}

/**
 * Jobs on bun:sqlite for one node: every write is one synchronous IMMEDIATE transaction, run whole before the promise
 * resolves, so nothing interleaves inside it. Times come from the injected clock (tests move it by hand).
 */
export class SqliteJobStore implements JobStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger?: SqliteSettlement,
  ) {}

  async insert(draft: JobDraft): Promise<JobRecord> {
    return this.insertIn(this.db, draft);
  }

  private insertIn(tx: Db | Transaction, draft: JobDraft): JobRecord {
    const now = this.clock.now();
    const record: JobRecord = {
      id: draft.id,
      kind: draft.kind,
      accountId: draft.accountId ?? null,
      apiKeyId: draft.apiKeyId ?? null,
      status: 'queued',
      input: JSON.stringify(draft.input),
      result: null,
      reservationId: draft.reservationId ?? null,
      progressDone: 0,
      progressTotal: draft.total ?? 0,
      attempts: 0,
      maxAttempts: draft.maxAttempts,
      runAt: now,
      leaseOwner: null,
      leaseExpiresAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
      requestId: draft.requestId ?? null,
    };
    tx.insert(jobs).values(record).run();
    return record;
  }

  async find(id: string, options: ReadOptions = {}): Promise<JobRecord | undefined> {
    return this.db.select(this.columns(options)).from(jobs).where(eq(jobs.id, id)).get();
  }

  async listForAccount(accountId: string, kind: JobKind, limit: number, options: ReadOptions = {}) {
    return this.db
      .select(this.columns(options))
      .from(jobs)
      .where(and(eq(jobs.accountId, accountId), eq(jobs.kind, kind)))
      .orderBy(desc(jobs.createdAt))
      .limit(limit)
      .all();
  }

  private columns({ omitInput = [], clipInput = {} }: ReadOptions) {
    const columns = getTableColumns(jobs);
    const clipped = Object.entries(clipInput);
    if (omitInput.length === 0 && clipped.length === 0) return columns;
    const path = (field: string) => sql.raw(`'$.${inputField(field)}'`);
    let input = omitInput.length
      ? sql`json_remove(${jobs.input}, ${sql.join(omitInput.map(path), sql`, `)})`
      : sql`${jobs.input}`;
    for (const [field, length] of clipped)
      input = sql`json_set(${input}, ${path(field)}, substr(json_extract(${jobs.input}, ${path(field)}), 1, ${Math.trunc(length)}))`;
    return { ...columns, input: sql<string>`${input}`.as('input') };
  }

  async backlog(kind?: JobKind): Promise<number> {
    const row = this.db
      .select({ count: sql<number>`count(*)` })
      .from(jobs)
      .where(and(inArray(jobs.status, ['queued', 'running', 'retrying']), kind ? eq(jobs.kind, kind) : undefined))
      .get();
    return Number(row?.count ?? 0);
  }

  async stats(): Promise<{ byState: Record<string, number>; oldestWaitingMs: number }> {
    const rows = this.db
      .select({ status: jobs.status, count: sql<number>`count(*)` })
      .from(jobs)
      .groupBy(jobs.status)
      .all();
    const byState: Record<string, number> = { queued: 0, running: 0, retrying: 0, completed: 0, failed: 0 };
    for (const row of rows) byState[row.status] = Number(row.count);
    const now = this.clock.now();
    const oldest = this.db
      .select({ runAt: sql<number | null>`min(${jobs.runAt})` })
      .from(jobs)
      .where(and(inArray(jobs.status, ['queued', 'retrying']), lte(jobs.runAt, now)))
      .get();
    return { byState, oldestWaitingMs: oldest?.runAt == null ? 0 : Math.max(0, now - Number(oldest.runAt)) };
  }

  async claim(options: {
    owner: string;
    kinds: readonly JobKind[];
    leaseMs: number;
    followUps: FollowUps;
  }): Promise<ClaimOutcome | undefined> {
    if (options.kinds.length === 0) return undefined;
    const now = this.clock.now();
    return this.db.transaction(
      (tx): ClaimOutcome | undefined => {
        const candidate = tx
          .select()
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
          .get();
        if (!candidate) return undefined;
        assertTransition(candidate.status, 'running');
        // An expired lease that used up the last attempt ends the job instead of running it again.
        if (candidate.attempts >= candidate.maxAttempts) {
          const failed = this.failIn(tx, candidate, LAST_ATTEMPT_LEASE_EXPIRED, options.followUps);
          return { kind: 'exhausted', job: failed };
        }
        const claimed = tx
          .update(jobs)
          .set({
            status: 'running',
            leaseOwner: options.owner,
            leaseExpiresAt: now + options.leaseMs,
            attempts: candidate.attempts + 1,
            updatedAt: now,
          })
          .where(
            and(eq(jobs.id, candidate.id), eq(jobs.status, candidate.status), eq(jobs.attempts, candidate.attempts)),
          )
          .returning()
          .get();
        return claimed && { kind: 'claimed', job: claimed };
      },
      { behavior: 'immediate' },
    );
  }

  async renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const now = this.clock.now();
    const renewed = this.db
      .update(jobs)
      .set({ leaseExpiresAt: now + leaseMs, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
      .returning({ id: jobs.id })
      .all();
    return renewed.length === 1;
  }

  async progress(id: string, owner: string, done: number, total: number): Promise<void> {
    this.db
      .update(jobs)
      .set({ progressDone: done, progressTotal: total, updatedAt: this.clock.now() })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
      .run();
  }

  async complete(id: string, owner: string, result: unknown, followUps: JobDraft[]): Promise<boolean> {
    return this.db.transaction(
      (tx) => {
        const now = this.clock.now();
        const updated = tx
          .update(jobs)
          .set({
            status: 'completed',
            result: JSON.stringify(result),
            progressDone: sql`${jobs.progressTotal}`,
            leaseOwner: null,
            leaseExpiresAt: null,
            updatedAt: now,
            finishedAt: now,
          })
          .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
          .returning({ reservationId: jobs.reservationId })
          .all();
        if (updated.length !== 1) return false;
        const reservationId = updated[0]!.reservationId;
        if (reservationId && this.ledger) this.ledger.captureIn(tx, reservationId);
        for (const draft of followUps) this.insertIn(tx, draft);
        return true;
      },
      { behavior: 'immediate' },
    );
  }

  async fail(id: string, owner: string, message: string, options: FailOptions): Promise<FailOutcome | undefined> {
    return this.db.transaction(
      (tx): FailOutcome | undefined => {
        const job = tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
          .get();
        if (!job) return undefined;
        if (!options.permanent && job.attempts < job.maxAttempts) {
          const now = this.clock.now();
          assertTransition(job.status, 'retrying');
          const delayMs = options.retryDelayMs(job.attempts);
          const retrying = tx
            .update(jobs)
            .set({
              status: 'retrying',
              runAt: now + delayMs,
              lastError: message,
              leaseOwner: null,
              leaseExpiresAt: null,
              updatedAt: now,
            })
            .where(eq(jobs.id, id))
            .returning()
            .get()!;
          return { outcome: 'retrying', job: retrying, delayMs };
        }
        return { outcome: 'failed', job: this.failIn(tx, job, message, options.followUps) };
      },
      { behavior: 'immediate' },
    );
  }

  private failIn(tx: Transaction, job: JobRecord, message: string, followUps: FollowUps): JobRecord {
    const now = this.clock.now();
    assertTransition(job.status, 'failed');
    const failed = tx
      .update(jobs)
      .set({
        status: 'failed',
        lastError: message,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: now,
        finishedAt: now,
      })
      .where(eq(jobs.id, job.id))
      .returning()
      .get()!;
    if (job.reservationId && this.ledger) this.ledger.voidIn(tx, job.reservationId, failedJobVoidReason(message));
    for (const draft of followUps(failed)) this.insertIn(tx, draft);
    return failed;
  }

  async release(id: string, owner: string): Promise<void> {
    const now = this.clock.now();
    this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: sql`max(${jobs.attempts} - 1, 0)`,
        leaseOwner: null,
        leaseExpiresAt: null,
        runAt: now,
        updatedAt: now,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
      .run();
  }
}
