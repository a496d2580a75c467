import type { PostgresDb } from '../db/postgres/client.ts';
import {
  gcraPolicy,
  gcraResult,
  type GcraPolicy,
  type RateLimitResult,
  type RateLimitStore,
} from './rate-limit-store.ts';

/** Milliseconds on the database clock: every node reads the same clock, so skew between nodes changes nothing. */
const NOW_MS = `floor(extract(epoch FROM statement_timestamp()) * 1000)::bigint`;

/** The row was counted under this limit and window (otherwise it starts afresh). */
const SAME = `(row.limit_per_window = $2 AND row.window_ms = $5)`;
/**
 * Now, in units of 1/limit ms, never before the key's previous decision: a statement's time is taken before it waits
 * for the row lock, so the request it queued behind may carry a later time. Per key the clock only moves forward.
 */
const NOW = `greatest(row.checked_at, excluded.checked_at)`;
const ARRIVAL = `greatest(row.arrival, ${NOW})`;
const ALLOWED = `(${ARRIVAL} - $4 <= ${NOW})`;

/**
 * One upsert per request decides it, on the UNLOGGED `rate_limits` table: the row lock taken by ON CONFLICT DO UPDATE
 * serialises a key's requests across nodes, and the arithmetic is today's GCRA in int8 (units of 1/limit ms). SET
 * expressions all read the old row, so `allowed` and `checked_at` are written with the decision for RETURNING; a
 * refusal leaves `arrival` as it was (Retry-After is computed from it).
 * Parameters: $1 key, $2 limit, $3 interval, $4 tolerance, $5 window in ms.
 */
const CHECK = `
WITH clock AS (SELECT ${NOW_MS} AS ms)
INSERT INTO rate_limits AS row (key, arrival, checked_at, limit_per_window, window_ms, idle_at, allowed)
SELECT $1, clock.ms * $2 + $3, clock.ms * $2, $2, $5, clock.ms + $5, true FROM clock
ON CONFLICT (key) DO UPDATE SET
  arrival = CASE WHEN NOT ${SAME} THEN excluded.arrival WHEN ${ALLOWED} THEN ${ARRIVAL} + $3 ELSE row.arrival END,
  checked_at = CASE WHEN NOT ${SAME} THEN excluded.checked_at ELSE ${NOW} END,
  allowed = NOT ${SAME} OR ${ALLOWED},
  idle_at = CASE WHEN NOT ${SAME} OR ${ALLOWED} THEN greatest(row.idle_at, excluded.idle_at) ELSE row.idle_at END,
  limit_per_window = $2,
  window_ms = $5
RETURNING arrival::text AS arrival, allowed, checked_at::text AS now`;

export class PostgresRateLimitStore implements RateLimitStore {
  private readonly policy: GcraPolicy;

  constructor(
    private readonly db: PostgresDb,
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {
    this.policy = gcraPolicy(limit, windowMs);
  }

  async check(key: string): Promise<RateLimitResult> {
    // Named, so each pooled connection plans the upsert once.
    const { rows } = await this.db.$client.query<{ arrival: string; allowed: boolean; now: string }>({
      name: 'recite-rate-limit',
      text: CHECK,
      values: [key, this.limit, this.policy.interval.toString(), this.policy.tolerance.toString(), this.windowMs],
    });
    const row = rows[0]!;
    return gcraResult(this.policy, row.allowed, BigInt(row.arrival), BigInt(row.now));
  }

  async sweep(): Promise<number> {
    const result = await this.db.$client.query(`DELETE FROM rate_limits WHERE idle_at <= ${NOW_MS}`);
    return result.rowCount ?? 0;
  }
}
