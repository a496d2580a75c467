import type { RateLimitResult } from './rate-limiter.ts';

export type { RateLimitResult } from './rate-limiter.ts';

/**
 * Per-key GCRA rate limiting behind an async seam, with its state in the database so N nodes share one budget: a key
 * gets exactly `limit` requests per window in total, not `limit` per node. A burst of `limit`, refilled one per
 * window/limit, counted in exact integer units of 1/limit ms (test/support/reference-rate-limiter.ts is the in-memory
 * reference model the stores are tested against). rateLimitHeaders() turns a result into the response headers.
 */
export interface RateLimitStore {
  readonly limit: number;
  readonly windowMs: number;
  check(key: string): Promise<RateLimitResult>;
  /** Deletes keys idle for a whole window (their full burst is back, so forgetting them changes nothing). */
  sweep(): Promise<number>;
}

/** The policy in the integer units the arithmetic uses. */
export interface GcraPolicy {
  limit: number;
  windowMs: number;
  unitsPerMs: bigint;
  unitsPerSecond: bigint;
  /** Emission interval (window / limit) in units: exactly the window in ms. */
  interval: bigint;
  /** Burst tolerance: the rest of the window after one interval. */
  tolerance: bigint;
}

/** Today's limiter keeps `ms * limit` in a bigint; Postgres keeps it in int8, so the limit must leave room. */
export const MAX_SHARED_LIMIT = 1_000_000;

export function gcraPolicy(limit: number, windowMs = 60_000): GcraPolicy {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_SHARED_LIMIT) {
    throw new RangeError(`rate limit must be an integer from 1 to ${MAX_SHARED_LIMIT}, got ${limit}`);
  }
  const unitsPerMs = BigInt(limit);
  const interval = BigInt(Math.round(windowMs));
  return {
    limit,
    windowMs,
    unitsPerMs,
    unitsPerSecond: unitsPerMs * 1000n,
    interval,
    tolerance: interval * BigInt(limit - 1),
  };
}

function ceilSeconds(policy: GcraPolicy, units: bigint): number {
  return Number((units + policy.unitsPerSecond - 1n) / policy.unitsPerSecond);
}

/**
 * One GCRA decision. `stored` is the key's theoretical arrival (undefined for a new key); `arrival` in the answer is
 * what to store: the new one when allowed, the stored one when refused.
 */
export function gcraDecide(
  policy: GcraPolicy,
  stored: bigint | undefined,
  now: bigint,
): { allowed: boolean; arrival: bigint } {
  const arrival = stored !== undefined && stored > now ? stored : now;
  if (now < arrival - policy.tolerance) return { allowed: false, arrival: stored ?? now };
  return { allowed: true, arrival: arrival + policy.interval };
}

/** The result fields for a decision, from the arrival it left behind (the same numbers as the reference model). */
export function gcraResult(policy: GcraPolicy, allowed: boolean, arrival: bigint, now: bigint): RateLimitResult {
  if (!allowed) {
    const retryAfterSeconds = Math.max(1, ceilSeconds(policy, arrival - policy.tolerance - now));
    return { allowed: false, limit: policy.limit, remaining: 0, resetSeconds: retryAfterSeconds, retryAfterSeconds };
  }
  // Requests that could still pass right now: one per whole interval of tolerance left, plus this slot.
  const slack = policy.tolerance - (arrival - now);
  const remaining = slack < 0n ? 0 : Math.min(Number(slack / policy.interval) + 1, policy.limit - 1);
  return {
    allowed: true,
    limit: policy.limit,
    remaining,
    resetSeconds: ceilSeconds(policy, arrival - now),
    retryAfterSeconds: 0,
  };
}
