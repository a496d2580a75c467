export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /**
   * The `t` of the RateLimit field: when allowed, seconds until the full quota is back (spending `remaining` evenly over
   * it is never throttled); when refused, seconds until the next request can pass, equal to Retry-After, because the
   * draft says Retry-After should not point before the end of the effective window.
   */
  resetSeconds: number;
  /** Seconds to wait before the next request can pass (0 when allowed). */
  retryAfterSeconds: number;
}

/** IETF RateLimit / RateLimit-Policy headers (draft-ietf-httpapi-ratelimit-headers, structured fields). */
export function rateLimitHeaders(result: RateLimitResult, windowMs: number): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-policy': `"per-key";q=${result.limit};w=${Math.round(windowMs / 1000)}`,
    ratelimit: `"per-key";r=${result.remaining};t=${result.resetSeconds}`,
  };
  if (!result.allowed) headers['retry-after'] = String(result.retryAfterSeconds);
  return headers;
}
