import { and, asc, desc, eq, getTableColumns, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { IdGenerator } from '../db/ids.ts';
import { jobs } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { currentContext, runWithContext } from '../observability/request-context.ts';
import { assertTransition, retryDelayMs, type JobStatus } from './job-states.ts';

export type JobRecord = typeof jobs.$inferSelect;
export type JobKind = JobRecord['kind'];
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface JobContext {
  job: JobRecord;
  /** Aborted when the lease is lost or the scheduler drains; handlers stop at the next checkpoint. */
  signal: AbortSignal;
  /** Records progress (throttled writes). */
  progress(done: number, total: number): void;
  /**
   * Marks the job completed, running `alsoInTransaction` (e.g. capturing credits) in the same transaction, only if
   * this worker still holds the lease. Returns false when the lease was lost (another worker owns the job now).
   */
  complete(result: unknown, alsoInTransaction?: (tx: Transaction) => void): boolean;
}

export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /** Called once when the job has failed for good (no attempts left), inside the failing transaction. */
  onFailed?(job: JobRecord, error: string, tx: Transaction): void;
  /** Errors a handler marks as permanent are not retried. */
  isPermanent?(error: unknown): boolean;
}

export interface SchedulerOptions {
  /** Jobs this process runs at once. */
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryCapMs: number;
  /** Told how each attempt ended (metrics); never allowed to change the outcome. */
  observer?: SchedulerObserver;
}

export type AttemptOutcome = 'completed' | 'retrying' | 'failed' | 'handed_back';

export interface SchedulerObserver {
  attemptEnded(kind: JobKind, outcome: AttemptOutcome, error?: unknown): void;
}

export const DEFAULT_SCHEDULER_OPTIONS: SchedulerOptions = {
  concurrency: 1,
  leaseMs: 30_000,
  pollMs: 250,
  maxAttempts: 3,
  retryBaseMs: 2_000,
  retryCapMs: 60_000,
};

/**
 * An in-process job scheduler on SQLite. Jobs are claimed with a lease that a heartbeat renews; a job whose process
 * died (kill -9) is claimed again once its lease runs out. Completion is guarded by the lease, so a job completes once.
 */
export class Scheduler {
  private readonly handlers = new Map<JobKind, JobHandler>();
  private readonly running = new Map<string, { kind: JobKind; controller: AbortController; done: Promise<void> }>();
  /** Kinds with their own slots (webhook deliveries), so they never wait behind, or hold up, the shared slots. */
  private readonly lanes = new Map<JobKind, number>();
  private readonly owner: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private draining = false;
  private polling = false;
  readonly options: SchedulerOptions;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly logger: Logger,
    options: Partial<SchedulerOptions> = {},
  ) {
    this.options = { ...DEFAULT_SCHEDULER_OPTIONS, ...options };
    this.owner = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  }

  /** `concurrency` gives the kind its own slots; without it the kind shares `options.concurrency` with the others. */
  register(kind: JobKind, handler: JobHandler, options: { concurrency?: number } = {}): void {
    this.handlers.set(kind, handler);
    if (options.concurrency) this.lanes.set(kind, options.concurrency);
    else this.lanes.delete(kind);
  }

  /** Adds a job; pass `tx` to enqueue atomically with other writes (e.g. the credit reservation). */
  enqueue(
    options: {
      kind: JobKind;
      input: unknown;
      accountId?: string | null;
      apiKeyId?: string | null;
      reservationId?: string | null;
      total?: number;
      maxAttempts?: number;
    },
    tx?: Transaction,
  ): JobRecord {
    const now = this.clock.now();
    const record: JobRecord = {
      id: this.ids('job'),
      kind: options.kind,
      accountId: options.accountId ?? null,
      apiKeyId: options.apiKeyId ?? null,
      status: 'queued',
      input: JSON.stringify(options.input),
      result: null,
      reservationId: options.reservationId ?? null,
      progressDone: 0,
      progressTotal: options.total ?? 0,
      attempts: 0,
      maxAttempts: options.maxAttempts ?? this.options.maxAttempts,
      runAt: now,
      leaseOwner: null,
      leaseExpiresAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
      requestId: currentContext()?.requestId ?? null,
    };
    (tx ?? this.db).insert(jobs).values(record).run();
    if (this.started) queueMicrotask(() => this.poll());
    return record;
  }

  /**
   * A job by id. `omitInput` names top-level fields of the JSON input to leave out (in SQLite): a poll of a
   * 1M-character narration then reads a few hundred bytes, not the whole text each time.
   */
  find(id: string, options: { omitInput?: string[] } = {}): JobRecord | undefined {
    return this.db.select(this.columns(options.omitInput)).from(jobs).where(eq(jobs.id, id)).get();
  }

  /** An account's most recent jobs of a kind, newest first (`omitInput` as for `find`). */
  listForAccount(
    accountId: string,
    kind: JobKind,
    limit = 50,
    options: { omitInput?: string[]; clipInput?: Record<string, number> } = {},
  ): JobRecord[] {
    return this.db
      .select(this.columns(options.omitInput, options.clipInput))
      .from(jobs)
      .where(and(eq(jobs.accountId, accountId), eq(jobs.kind, kind)))
      .orderBy(desc(jobs.createdAt))
      .limit(limit)
      .all();
  }

  /** `clipInput` keeps only the first N characters of a text field (a title for a list), `omitInput` drops fields. */
  private columns(omitInput: string[] = [], clipInput: Record<string, number> = {}) {
    const columns = getTableColumns(jobs);
    const clipped = Object.entries(clipInput);
    if (omitInput.length === 0 && clipped.length === 0) return columns;
    const path = (field: string) => {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`not a field name: ${field}`);
      return sql.raw(`'$.${field}'`);
    };
    let input = omitInput.length
      ? sql`json_remove(${jobs.input}, ${sql.join(omitInput.map(path), sql`, `)})`
      : sql`${jobs.input}`;
    for (const [field, length] of clipped)
      input = sql`json_set(${input}, ${path(field)}, substr(json_extract(${jobs.input}, ${path(field)}), 1, ${Math.trunc(length)}))`;
    return { ...columns, input: sql<string>`${input}`.as('input') };
  }

  /** Jobs waiting or running, for load shedding. */
  backlog(kind?: JobKind): number {
    const row = this.db
      .select({ count: sql<number>`count(*)` })
      .from(jobs)
      .where(and(inArray(jobs.status, ['queued', 'running', 'retrying']), kind ? eq(jobs.kind, kind) : undefined))
      .get();
    return Number(row?.count ?? 0);
  }

  /** Jobs per state, and how long the oldest due job has waited for a worker (metrics). */
  stats(): { byState: Record<string, number>; oldestWaitingMs: number } {
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

  start(): void {
    if (this.started) return;
    this.started = true;
    this.draining = false;
    this.schedule(0);
  }

  /**
   * Stops taking jobs and waits up to `timeoutMs` for running ones. Jobs still running then are aborted and handed
   * back to the queue without spending an attempt, so a restart picks them up and nothing is lost.
   */
  async drain(timeoutMs: number): Promise<void> {
    this.draining = true;
    if (this.timer) clearTimeout(this.timer);
    const pending = [...this.running.values()].map((entry) => entry.done);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(pending), new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timeout);
    for (const [id, entry] of this.running) {
      entry.controller.abort(new DrainError());
      await entry.done;
      this.release(id);
    }
    this.started = false;
  }

  /** Runs due jobs until none is left; tests call this instead of waiting for the poll timer. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (true) {
      const job = this.claim();
      if (!job) break;
      ran++;
      await this.execute(job);
    }
    return ran;
  }

  private schedule(delay: number) {
    if (!this.started || this.draining) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poll(), delay);
    this.timer.unref?.();
  }

  private poll() {
    if (!this.started || this.draining || this.polling) return;
    this.polling = true;
    try {
      const shared = [...this.handlers.keys()].filter((kind) => !this.lanes.has(kind));
      const lanes: [JobKind[], number][] = [
        [shared, this.options.concurrency],
        ...[...this.lanes].map(([kind, slots]): [JobKind[], number] => [[kind], slots]),
      ];
      for (const [kinds, slots] of lanes) {
        if (kinds.length === 0) continue;
        const busy = () => [...this.running.values()].filter((entry) => kinds.includes(entry.kind)).length;
        while (busy() < slots) {
          const job = this.claim(kinds);
          if (!job) break;
          const controller = new AbortController();
          const done = this.execute(job, controller)
            // execute() handles its own errors; this is the last guard, as a stray rejection could end the process.
            .catch((error) => this.logger.error('job execution failed', { jobId: job.id, error: String(error) }))
            .finally(() => {
              this.running.delete(job.id);
              this.schedule(0);
            });
          this.running.set(job.id, { kind: job.kind, controller, done });
        }
      }
    } catch (error) {
      this.logger.error('scheduler poll failed', { error: String(error) });
    } finally {
      this.polling = false;
    }
    this.schedule(this.options.pollMs);
  }

  /** Atomically takes the next due job: queued/retrying ones due now, or running ones whose lease expired. */
  private claim(only?: JobKind[]): JobRecord | undefined {
    const now = this.clock.now();
    return this.db.transaction(
      (tx) => {
        const kinds = only ?? [...this.handlers.keys()];
        if (kinds.length === 0) return undefined;
        const candidate = tx
          .select()
          .from(jobs)
          .where(
            and(
              inArray(jobs.kind, kinds),
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
        if (candidate.status === 'running')
          this.logger.warn('reclaiming job whose lease expired', {
            jobId: candidate.id,
            previousOwner: candidate.leaseOwner,
          });
        // An expired lease that used up the last attempt ends the job instead of running it again.
        if (candidate.attempts >= candidate.maxAttempts) {
          this.failInTransaction(tx, candidate, 'lease expired on the last attempt');
          return undefined;
        }
        return tx
          .update(jobs)
          .set({
            status: 'running',
            leaseOwner: this.owner,
            leaseExpiresAt: now + this.options.leaseMs,
            attempts: candidate.attempts + 1,
            updatedAt: now,
          })
          .where(
            and(eq(jobs.id, candidate.id), eq(jobs.status, candidate.status), eq(jobs.attempts, candidate.attempts)),
          )
          .returning()
          .get();
      },
      { behavior: 'immediate' },
    );
  }

  private execute(job: JobRecord, controller = new AbortController()): Promise<void> {
    // Every log line the job writes carries its id and the id of the request that asked for it.
    return runWithContext({ jobId: job.id, requestId: job.requestId ?? undefined }, () =>
      this.executeInContext(job, controller),
    );
  }

  private async executeInContext(job: JobRecord, controller: AbortController): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    let lastProgressWrite = 0;
    const heartbeat = setInterval(
      () => {
        let renewed = false;
        try {
          renewed = this.renewLease(job.id);
        } catch (error) {
          this.logger.error('lease renewal failed', { jobId: job.id, error: String(error) });
        }
        if (!renewed) {
          clearInterval(heartbeat);
          controller.abort(new Error('lease lost'));
        }
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    heartbeat.unref?.();
    const context: JobContext = {
      job,
      signal: controller.signal,
      progress: (done, total) => {
        const now = Date.now();
        if (now - lastProgressWrite < 500 && done < total) return;
        lastProgressWrite = now;
        this.db
          .update(jobs)
          .set({ progressDone: done, progressTotal: total, updatedAt: this.clock.now() })
          .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, this.owner)))
          .run();
      },
      complete: (result, alsoInTransaction) =>
        this.db.transaction(
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
              .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, this.owner)))
              .returning({ id: jobs.id })
              .all();
            if (updated.length !== 1) return false;
            alsoInTransaction?.(tx);
            return true;
          },
          { behavior: 'immediate' },
        ),
    };
    this.logger.info('job started', { kind: job.kind, attempt: job.attempts });
    try {
      await handler.run(context);
      const current = this.find(job.id);
      if (current?.status === 'running' && current.leaseOwner === this.owner)
        throw new Error('handler returned without completing the job');
      this.logger.info('job completed', { kind: job.kind, attempt: job.attempts });
      this.options.observer?.attemptEnded(job.kind, 'completed');
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof DrainError) {
        this.options.observer?.attemptEnded(job.kind, 'handed_back');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      try {
        const outcome = this.fail(job.id, message, handler.isPermanent?.(error) ?? false);
        if (outcome) this.options.observer?.attemptEnded(job.kind, outcome, error);
      } catch (failError) {
        // The database refused the failure record (disk full, I/O error). The job keeps its lease, which then runs
        // out, so it is claimed again (and failed for good once attempts are spent) when the database recovers.
        this.logger.error('could not record a job failure', {
          jobId: job.id,
          error: String(failError),
          jobError: message,
        });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private renewLease(id: string): boolean {
    const now = this.clock.now();
    return (
      this.db
        .update(jobs)
        .set({ leaseExpiresAt: now + this.options.leaseMs, updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, this.owner)))
        .returning({ id: jobs.id })
        .all().length === 1
    );
  }

  private fail(id: string, message: string, permanent: boolean): 'retrying' | 'failed' | undefined {
    return this.db.transaction(
      (tx) => {
        const job = tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, this.owner)))
          .get();
        if (!job) return undefined;
        if (!permanent && job.attempts < job.maxAttempts) {
          const now = this.clock.now();
          assertTransition(job.status, 'retrying');
          const delay = retryDelayMs(job.attempts, {
            baseMs: this.options.retryBaseMs,
            capMs: this.options.retryCapMs,
          });
          tx.update(jobs)
            .set({
              status: 'retrying',
              runAt: now + delay,
              lastError: message,
              leaseOwner: null,
              leaseExpiresAt: null,
              updatedAt: now,
            })
            .where(eq(jobs.id, id))
            .run();
          this.logger.warn('job failed; will retry', {
            jobId: id,
            attempt: job.attempts,
            delayMs: delay,
            error: message,
          });
          return 'retrying' as const;
        }
        this.failInTransaction(tx, job, message);
        return 'failed' as const;
      },
      { behavior: 'immediate' },
    );
  }

  private failInTransaction(tx: Transaction, job: JobRecord, message: string) {
    const now = this.clock.now();
    assertTransition(job.status as JobStatus, 'failed');
    tx.update(jobs)
      .set({
        status: 'failed',
        lastError: message,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: now,
        finishedAt: now,
      })
      .where(eq(jobs.id, job.id))
      .run();
    this.handlers.get(job.kind)?.onFailed?.(job, message, tx);
    this.logger.error('job failed for good', { jobId: job.id, attempts: job.attempts, error: message });
  }

  private release(id: string) {
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
      .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.leaseOwner, this.owner)))
      .run();
  }
}

export class DrainError extends Error {
  constructor() {
    super('scheduler is draining');
    this.name = 'DrainError';
  }
}
