import type { jobs } from '../db/schema.ts';

/** One job row; the same shape on SQLite and Postgres (times are integer milliseconds on both). */
export type JobRecord = typeof jobs.$inferSelect;
export type JobKind = JobRecord['kind'];

/** A job to add: the store gives it its times (from the injected clock on SQLite, the database clock on Postgres). */
export interface JobDraft {
  id: string;
  kind: JobKind;
  /** Kind-specific input; stored as JSON text. */
  input: unknown;
  accountId?: string | null;
  apiKeyId?: string | null;
  /** Credits held for the job: captured in the transaction that completes it, voided in the one that fails it. */
  reservationId?: string | null;
  total?: number;
  maxAttempts: number;
  requestId?: string | null;
}

/** `clipInput` keeps only the first N characters of a text field (a title for a list), `omitInput` drops fields. */
export interface ReadOptions {
  omitInput?: string[];
  clipInput?: Record<string, number>;
}

export type ClaimOutcome =
  /** The job is now `running`, leased to the claimer until the store's clock passes `leaseExpiresAt`. */
  | { kind: 'claimed'; job: JobRecord }
  /** The due job had used its last attempt (its worker died holding the lease): the claim failed it for good. */
  | { kind: 'exhausted'; job: JobRecord };

/** What a job leaves behind when it ends: follow-up jobs (webhook deliveries) added in the same transaction. */
export type FollowUps = (job: JobRecord) => JobDraft[];

export interface FailOptions {
  /** A permanent failure is not retried whatever attempts are left. */
  permanent: boolean;
  /** Backoff before the next attempt, given the attempts used so far. */
  retryDelayMs(attempts: number): number;
  /** Jobs to add when the job fails for good (not on a retry). */
  followUps: FollowUps;
}

export type FailOutcome =
  | { outcome: 'retrying'; job: JobRecord; delayMs: number }
  | { outcome: 'failed'; job: JobRecord };

/**
 * The scheduler's storage behind an async seam, so one node (SQLite) and several nodes (Postgres) share one set of
 * rules. Every write that depends on holding a job is guarded by `owner` (the lease holder) and returns whether it
 * took effect. Ending a job settles its reservation in the same transaction: `complete` captures it, a final failure
 * voids it; so a job is never completed without its charge, nor charged without being completed.
 */
export interface JobStore {
  insert(draft: JobDraft): Promise<JobRecord>;
  find(id: string, options?: ReadOptions): Promise<JobRecord | undefined>;
  /** An account's most recent jobs of a kind, newest first. */
  listForAccount(accountId: string, kind: JobKind, limit: number, options?: ReadOptions): Promise<JobRecord[]>;
  /** Jobs waiting or running, for load shedding. */
  backlog(kind?: JobKind): Promise<number>;
  /** Jobs per state, and how long the oldest due job has waited for a worker (metrics). */
  stats(): Promise<{ byState: Record<string, number>; oldestWaitingMs: number }>;
  /**
   * Takes the next due job of `kinds` for `owner`: queued or retrying ones whose run time passed, or running ones whose
   * lease expired, oldest first. An expired lease on the last attempt fails the job instead (voiding its reservation
   * and adding `followUps`) and returns it as `exhausted`.
   */
  claim(options: {
    owner: string;
    kinds: readonly JobKind[];
    leaseMs: number;
    followUps: FollowUps;
  }): Promise<ClaimOutcome | undefined>;
  /** Extends the lease; false when `owner` no longer holds it. */
  renew(id: string, owner: string, leaseMs: number): Promise<boolean>;
  progress(id: string, owner: string, done: number, total: number): Promise<void>;
  /** Completes the job and captures its reservation in one transaction; false when `owner` lost the lease. */
  complete(id: string, owner: string, result: unknown, followUps: JobDraft[]): Promise<boolean>;
  /** Records a failed attempt: a retry with backoff, or the final failure (voiding the reservation). */
  fail(id: string, owner: string, message: string, options: FailOptions): Promise<FailOutcome | undefined>;
  /** Hands a running job back to the queue without spending its attempt (drain on shutdown). */
  release(id: string, owner: string): Promise<void>;
}

/** Why a reclaimed job ends instead of running again. */
export const LAST_ATTEMPT_LEASE_EXPIRED = 'lease expired on the last attempt';

/** The reason recorded on a reservation voided by a failed job. */
export function failedJobVoidReason(message: string): string {
  return `job failed: ${message.slice(0, 200)}`;
}

/** Checks a field name for the JSON path of `ReadOptions`: it is spliced into SQL. */
export function inputField(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`not a field name: ${field}`);
  return field;
}
