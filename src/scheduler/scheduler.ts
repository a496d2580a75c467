import type { IdGenerator } from '../db/ids.ts';
import type { Logger } from '../lib/logger.ts';
import { currentContext, runWithContext } from '../observability/request-context.ts';
import { retryDelayMs } from './job-states.ts';
import type { JobDraft, JobKind, JobRecord, JobStore, ReadOptions } from './job-store.ts';

export type { JobDraft, JobKind, JobRecord, JobStore } from './job-store.ts';

export interface JobContext {
  job: JobRecord;
  /** Aborted when the lease is lost or the scheduler drains; handlers stop at the next checkpoint. */
  signal: AbortSignal;
  /** Records progress (throttled writes; a failed write is logged, never thrown). */
  progress(done: number, total: number): Promise<void>;
  /**
   * Marks the job completed and captures its reservation in one transaction, adding `followUps` (e.g. a webhook
   * delivery) in it too, only if this worker still holds the lease. Resolves false when the lease was lost (another
   * worker owns the job now).
   */
  complete(result: unknown, options?: { followUps?: JobDraft[] }): Promise<boolean>;
}

export interface JobHandler {
  run(context: JobContext): Promise<void>;
  /**
   * Jobs to add when the job has failed for good (no attempts left), in the failing transaction; the store voids the
   * job's reservation there itself. Must not throw.
   */
  onFailed?(job: JobRecord, error: string): JobDraft[];
  /** Errors a handler marks as permanent are not retried. */
  isPermanent?(error: unknown): boolean;
  /**
   * Called once the job has reached a final state (completed, or failed for good), after its transaction: to remove
   * what only the job needed (its stored text). Best effort: an error is logged, and nothing else depends on it.
   */
  onSettled?(job: JobRecord): Promise<void>;
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
 * An in-process job scheduler over a JobStore (SQLite on one node, Postgres on several). Jobs are claimed with a lease
 * that a heartbeat renews; a job whose process died (kill -9) is claimed again, by any node, once its lease runs out.
 * Completion is guarded by the lease, so a job completes (and is charged) once.
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
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  readonly options: SchedulerOptions;

  constructor(
    readonly store: JobStore,
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

  /** A job ready to add, with its id: to `enqueue` now, or to add as a follow-up inside another job's transaction. */
  draft(options: {
    /** A job id taken beforehand (from the same id generator), when something is stored under it first. */
    id?: string;
    kind: JobKind;
    input: unknown;
    accountId?: string | null;
    apiKeyId?: string | null;
    reservationId?: string | null;
    total?: number;
    maxAttempts?: number;
  }): JobDraft {
    return {
      ...options,
      id: options.id ?? this.ids('job'),
      maxAttempts: options.maxAttempts ?? this.options.maxAttempts,
      requestId: currentContext()?.requestId ?? null,
    };
  }

  /** Adds a job. */
  async enqueue(options: Parameters<Scheduler['draft']>[0]): Promise<JobRecord> {
    const record = await this.store.insert(this.draft(options));
    if (this.started) queueMicrotask(() => void this.poll());
    return record;
  }

  /**
   * A job by id. `omitInput` names top-level fields of the JSON input to leave out: a poll of a big job then reads a
   * few hundred bytes, not the whole input each time.
   */
  find(id: string, options: ReadOptions = {}): Promise<JobRecord | undefined> {
    return this.store.find(id, options);
  }

  /** An account's most recent jobs of a kind, newest first (`omitInput`/`clipInput` as for `find`). */
  listForAccount(accountId: string, kind: JobKind, limit = 50, options: ReadOptions = {}): Promise<JobRecord[]> {
    return this.store.listForAccount(accountId, kind, limit, options);
  }

  /** Jobs this node is running now. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Jobs waiting or running, for load shedding. */
  backlog(kind?: JobKind): Promise<number> {
    return this.store.backlog(kind);
  }

  /** Jobs per state, and how long the oldest due job has waited for a worker (metrics). */
  stats(): Promise<{ byState: Record<string, number>; oldestWaitingMs: number }> {
    return this.store.stats();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.draining = false;
    this.schedule(0);
  }

  /**
   * Stops taking jobs and waits up to `timeoutMs` for running ones. Jobs still running then are aborted and handed
   * back to the queue without spending an attempt, so a restart (or another node) picks them up and nothing is lost.
   */
  async drain(timeoutMs: number): Promise<void> {
    this.draining = true;
    if (this.timer) clearTimeout(this.timer);
    // A poll in flight may be claiming a job right now; it must be in `running` before the hand-back below.
    await this.polling;
    const pending = [...this.running.values()].map((entry) => entry.done);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(pending), new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timeout);
    for (const [id, entry] of this.running) {
      entry.controller.abort(new DrainError());
      await entry.done;
      await this.store
        .release(id, this.owner)
        .catch((error) => this.logger.error('could not hand a job back', { jobId: id, error: String(error) }));
    }
    this.started = false;
  }

  /** Runs due jobs until none is left; tests call this instead of waiting for the poll timer. */
  async runDue(): Promise<number> {
    let ran = 0;
    while (true) {
      const job = await this.claim();
      if (!job) break;
      ran++;
      await this.execute(job);
    }
    return ran;
  }

  private schedule(delay: number) {
    if (!this.started || this.draining) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delay);
    this.timer.unref?.();
  }

  private poll(): Promise<void> {
    if (!this.started || this.draining) return Promise.resolve();
    // One poll at a time; a wake-up during one (a job finished, a job was added) runs another right after it.
    if (this.polling) {
      this.pollAgain = true;
      return this.polling;
    }
    this.polling = this.pollOnce().finally(() => {
      this.polling = undefined;
      if (this.pollAgain) {
        this.pollAgain = false;
        this.schedule(0);
      } else this.schedule(this.options.pollMs);
    });
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    try {
      const shared = [...this.handlers.keys()].filter((kind) => !this.lanes.has(kind));
      const lanes: [JobKind[], number][] = [
        [shared, this.options.concurrency],
        ...[...this.lanes].map(([kind, slots]): [JobKind[], number] => [[kind], slots]),
      ];
      for (const [kinds, slots] of lanes) {
        if (kinds.length === 0) continue;
        const busy = () => [...this.running.values()].filter((entry) => kinds.includes(entry.kind)).length;
        while (busy() < slots && !this.draining) {
          const job = await this.claim(kinds);
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
    }
  }

  /** Takes the next due job; a job whose lease expired on its last attempt is failed for good instead. */
  private async claim(only?: JobKind[]): Promise<JobRecord | undefined> {
    const kinds = only ?? [...this.handlers.keys()];
    while (true) {
      const outcome = await this.store.claim({
        owner: this.owner,
        kinds,
        leaseMs: this.options.leaseMs,
        followUps: (job) => this.followUpsOnFailure(job, job.lastError ?? ''),
      });
      if (!outcome) return undefined;
      if (outcome.kind === 'claimed') return outcome.job;
      this.settled(outcome.job);
      this.logger.error('job failed for good', {
        jobId: outcome.job.id,
        attempts: outcome.job.attempts,
        error: outcome.job.lastError,
      });
      this.options.observer?.attemptEnded(outcome.job.kind, 'failed');
    }
  }

  private settled(job: JobRecord) {
    const handler = this.handlers.get(job.kind);
    handler
      ?.onSettled?.(job)
      .catch((error) => this.logger.warn('job clean-up failed', { jobId: job.id, error: String(error) }));
  }

  private followUpsOnFailure(job: JobRecord, message: string): JobDraft[] {
    try {
      return this.handlers.get(job.kind)?.onFailed?.(job, message) ?? [];
    } catch (error) {
      this.logger.error('job failure hook failed', { jobId: job.id, error: String(error) });
      return [];
    }
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
    let completed: boolean | undefined;
    const heartbeat = setInterval(
      () => {
        this.store.renew(job.id, this.owner, this.options.leaseMs).then(
          (renewed) => {
            if (renewed || completed !== undefined) return;
            clearInterval(heartbeat);
            controller.abort(new Error('lease lost'));
          },
          // A renewal the database refused is not a lost lease: the next beat tries again, well within the lease.
          (error) => this.logger.error('lease renewal failed', { jobId: job.id, error: String(error) }),
        );
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    heartbeat.unref?.();
    const context: JobContext = {
      job,
      signal: controller.signal,
      progress: async (done, total) => {
        const now = Date.now();
        if (now - lastProgressWrite < 500 && done < total) return;
        lastProgressWrite = now;
        await this.store
          .progress(job.id, this.owner, done, total)
          .catch((error) => this.logger.warn('progress write failed', { jobId: job.id, error: String(error) }));
      },
      complete: async (result, options = {}) => {
        completed = await this.store.complete(job.id, this.owner, result, options.followUps ?? []);
        if (completed) this.settled(job);
        return completed;
      },
    };
    this.logger.info('job started', { kind: job.kind, attempt: job.attempts });
    try {
      await handler.run(context);
      if (completed === undefined) throw new Error('handler returned without completing the job');
      this.logger.info('job completed', { kind: job.kind, attempt: job.attempts });
      this.options.observer?.attemptEnded(job.kind, 'completed');
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof DrainError) {
        this.options.observer?.attemptEnded(job.kind, 'handed_back');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      try {
        const failure = await this.store.fail(job.id, this.owner, message, {
          permanent: handler.isPermanent?.(error) ?? false,
          retryDelayMs: (attempts) =>
            retryDelayMs(attempts, { baseMs: this.options.retryBaseMs, capMs: this.options.retryCapMs }),
          followUps: (failed) => this.followUpsOnFailure(failed, message),
        });
        if (failure?.outcome === 'retrying')
          this.logger.warn('job failed; will retry', {
            jobId: job.id,
            attempt: job.attempts,
            delayMs: failure.delayMs,
            error: message,
          });
        if (failure?.outcome === 'failed') {
          this.logger.error('job failed for good', { jobId: job.id, attempts: job.attempts, error: message });
          this.settled(failure.job);
        }
        if (failure) this.options.observer?.attemptEnded(job.kind, failure.outcome, error);
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
}

export class DrainError extends Error {
  constructor() {
    super('scheduler is draining');
    this.name = 'DrainError';
  }
}
