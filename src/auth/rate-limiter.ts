import type { Clock } from '../lib/clock.ts';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the full quota is available again. */
  resetSeconds: number;
  /** Seconds to wait before the next request can pass (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Requests per minute per API key, as a GCRA (generic cell rate algorithm): a burst of `limit` requests, refilled
 * smoothly. One timestamp per key; keys idle for a whole window are dropped, so memory stays bounded.
 */
export class RateLimiter {
  private readonly theoreticalArrival = new Map<string, number>();
  private readonly interval: number;
  private readonly tolerance: number;
  private lastSweep = 0;

  constructor(
    readonly limitPerMinute: number,
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {
    this.interval = windowMs / limitPerMinute;
    this.tolerance = windowMs - this.interval;
  }

  check(key: string): RateLimitResult {
    const now = this.clock.now();
    this.sweep(now);
    const arrival = Math.max(this.theoreticalArrival.get(key) ?? now, now);
    const allowAt = arrival - this.tolerance;
    if (now < allowAt) {
      return { allowed: false, limit: this.limitPerMinute, remaining: 0, resetSeconds: Math.ceil((arrival - now) / 1000), retryAfterSeconds: Math.max(1, Math.ceil((allowAt - now) / 1000)) };
    }
    const next = arrival + this.interval;
    this.theoreticalArrival.set(key, next);
    const remaining = Math.max(0, Math.floor((this.tolerance - (next - now)) / this.interval) + 1);
    return { allowed: true, limit: this.limitPerMinute, remaining: Math.min(remaining, this.limitPerMinute - 1), resetSeconds: Math.ceil((next - now) / 1000), retryAfterSeconds: 0 };
  }

  /** IETF RateLimit / RateLimit-Policy headers (draft-ietf-httpapi-ratelimit-headers, structured fields). */
  headers(result: RateLimitResult): Record<string, string> {
    const headers: Record<string, string> = {
      'ratelimit-policy': `"per-key";q=${result.limit};w=${Math.round(this.windowMs / 1000)}`,
      ratelimit: `"per-key";r=${result.remaining};t=${result.resetSeconds}`,
    };
    if (!result.allowed) headers['retry-after'] = String(result.retryAfterSeconds);
    return headers;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, arrival] of this.theoreticalArrival) if (arrival < now) this.theoreticalArrival.delete(key);
  }
}
