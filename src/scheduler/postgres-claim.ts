import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { PostgresDb } from '../db/postgres/client.ts';
import { jobs } from '../db/postgres/schema.ts';
import type { JobKind, JobRecord } from './scheduler.ts';

/**
 * Milliseconds on the database clock: leases from it cannot be stolen by a node whose clock runs ahead. The
 * statement's start time, so every use within one claim reads the same instant (the claim never waits on a lock).
 */
export const DATABASE_NOW_MS = sql<number>`(floor(extract(epoch FROM statement_timestamp()) * 1000))::bigint`;

/** Why a reclaimed job ends instead of running again (the same words as the SQLite scheduler). */
export const LAST_ATTEMPT_LEASE_EXPIRED = 'lease expired on the last attempt';

export type ClaimOutcome =
  /** The job is now `running`, leased to `owner` until the database clock passes `leaseExpiresAt`. */
  | { kind: 'claimed'; job: JobRecord }
  /**
   * The due job had used its last attempt (its process died holding the lease): it is now `failed` and the caller
   * runs the handler's onFailed (voiding its reservation), as the SQLite scheduler does inside its claim.
   */
  | { kind: 'exhausted'; job: JobRecord };

/**
 * Takes the next due job of `kinds` for `owner` in one statement, on any number of nodes at once:
 * `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED) RETURNING *`. The inner select skips rows another claimer
 * has locked instead of waiting for them, so N claimers take N different jobs and never the same one. Due means the
 * scheduler's rules: queued or retrying with `run_at` passed, or running with its lease expired, oldest `run_at`
 * first. The lease, `updated_at` and `finished_at` come from the database clock.
 */
export async function claimJob(
  db: PostgresDb,
  options: { owner: string; kinds: readonly JobKind[]; leaseMs: number },
): Promise<ClaimOutcome | undefined> {
  if (options.kinds.length === 0) return undefined;
  const now = DATABASE_NOW_MS;
  const candidate = db
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
  const [job] = await db
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
  if (!job) return undefined;
  return job.status === 'failed' ? { kind: 'exhausted', job } : { kind: 'claimed', job };
}
