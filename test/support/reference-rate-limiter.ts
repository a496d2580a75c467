import { rateLimitHeaders, type RateLimitResult } from '../../src/auth/rate-limiter.ts';
import type { Clock } from '../../src/lib/clock.ts';

// The reference model the rate-limit stores are tested against (test/rate-limit-store.test.ts): the same GCRA, kept
// in process memory, written independently of src/auth/rate-limit-store.ts so the two can check each other. The
// server itself counts only in the database (SQLite or Postgres), so that every node shares one budget.

/**
 * Requests per minute per API key, as a GCRA (generic cell rate algorithm): a burst of `limit` requests, refilled
 * smoothly. One timestamp per key; keys idle for a whole window are dropped, so memory stays bounded.
 *
 * Time is kept in exact integer units of 1/limit ms (BigInt), so the emission interval window/limit is a whole number:
 * with floating-point milliseconds at epoch magnitude, rounding let some limits (9, 14, 28 a minute ...) allow one
 * request fewer than advertised.
 */
export class RateLimiter {
  /** Theoretical arrival time per key, in units of 1/limit ms. */
  private readonly theoreticalArrival = new Map<string, bigint>();
  private readonly unitsPerMs: bigint;
  private readonly unitsPerSecond: bigint;
  /** Emission interval (window / limit) in units: exactly the window in ms. */
  private readonly interval: bigint;
  /** Burst tolerance: the rest of the window after one interval. */
  private readonly tolerance: bigint;
  private lastSweep = 0;

  constructor(
    readonly limitPerMinute: number,
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {
    if (!Number.isSafeInteger(limitPerMinute) || limitPerMinute < 1)
      throw new RangeError(`rate limit must be a positive integer, got ${limitPerMinute}`);
    this.unitsPerMs = BigInt(limitPerMinute);
    this.unitsPerSecond = this.unitsPerMs * 1000n;
    this.interval = BigInt(Math.round(windowMs));
    this.tolerance = this.interval * BigInt(limitPerMinute - 1);
  }

  check(key: string): RateLimitResult {
    const nowMs = Math.floor(this.clock.now());
    this.sweep(nowMs);
    const now = BigInt(nowMs) * this.unitsPerMs;
    const stored = this.theoreticalArrival.get(key);
    const arrival = stored !== undefined && stored > now ? stored : now;
    const allowAt = arrival - this.tolerance;
    if (now < allowAt) {
      const retryAfterSeconds = Math.max(1, this.ceilSeconds(allowAt - now));
      return {
        allowed: false,
        limit: this.limitPerMinute,
        remaining: 0,
        resetSeconds: retryAfterSeconds,
        retryAfterSeconds,
      };
    }
    const next = arrival + this.interval;
    this.theoreticalArrival.set(key, next);
    // Requests that could still pass right now: one per whole interval of tolerance left, plus this slot.
    const slack = this.tolerance - (next - now);
    const remaining = slack < 0n ? 0 : Math.min(Number(slack / this.interval) + 1, this.limitPerMinute - 1);
    return {
      allowed: true,
      limit: this.limitPerMinute,
      remaining,
      resetSeconds: this.ceilSeconds(next - now),
      retryAfterSeconds: 0,
    };
  }

  headers(result: RateLimitResult): Record<string, string> {
    return rateLimitHeaders(result, this.windowMs);
  }

  /** Keys tracked now (for tests of the memory bound). */
  get size(): number {
    return this.theoreticalArrival.size;
  }

  private ceilSeconds(units: bigint): number {
    return Number((units + this.unitsPerSecond - 1n) / this.unitsPerSecond);
  }

  private sweep(nowMs: number) {
    if (nowMs - this.lastSweep < this.windowMs) return;
    this.lastSweep = nowMs;
    const now = BigInt(nowMs) * this.unitsPerMs;
    // A key whose theoretical arrival has passed has its whole burst back: forgetting it changes nothing.
    for (const [key, arrival] of this.theoreticalArrival) if (arrival <= now) this.theoreticalArrival.delete(key);
  }
}
