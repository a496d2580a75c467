import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { RateLimiter } from './support/reference-rate-limiter.ts';
import { fixedClock } from '../src/lib/clock.ts';

// The limiter alone, on a fixed clock: no server, no engine, so these run in milliseconds.
const START = '2026-03-10T12:00:00Z';

/** Requests that pass at this instant before the first refusal (consumes them). */
function drain(limiter: RateLimiter, key: string): number {
  let passed = 0;
  while (limiter.check(key).allowed) passed++;
  return passed;
}

describe('GCRA rate limiter', () => {
  test('a fresh key gets exactly `limit` requests at one instant, for every limit (no floating-point drift)', () => {
    for (let limit = 1; limit <= 400; limit++) {
      const limiter = new RateLimiter(limit, fixedClock(START));
      const seen: number[] = [];
      for (let index = 0; index < limit; index++) {
        const result = limiter.check('key');
        expect(result.allowed).toBe(true);
        seen.push(result.remaining);
      }
      expect(seen).toEqual(Array.from({ length: limit }, (_, index) => limit - 1 - index));
      expect(limiter.check('key').allowed).toBe(false);
    }
  });

  test('after a burst one request passes per interval, and the full quota is back after the window', () => {
    const clock = fixedClock(START);
    const limiter = new RateLimiter(60, clock);
    expect(drain(limiter, 'key')).toBe(60);
    const refused = limiter.check('key');
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    clock.advance(999);
    expect(limiter.check('key').allowed).toBe(false);
    clock.advance(1);
    expect(limiter.check('key')).toMatchObject({ allowed: true, remaining: 0 });
    clock.advance(60_000);
    expect(drain(limiter, 'key')).toBe(60);
  });

  test('keys are limited independently', () => {
    const limiter = new RateLimiter(3, fixedClock(START));
    expect(drain(limiter, 'a')).toBe(3);
    expect(drain(limiter, 'b')).toBe(3);
  });

  test('headers follow the draft: RateLimit-Policy "name";q;w, RateLimit "name";r;t, Retry-After only on refusal and never before t', () => {
    const clock = fixedClock(START);
    const limiter = new RateLimiter(5, clock);
    const first = limiter.headers(limiter.check('key'));
    expect(first).toEqual({ 'ratelimit-policy': '"per-key";q=5;w=60', ratelimit: '"per-key";r=4;t=12' });
    drain(limiter, 'key');
    const refused = limiter.headers(limiter.check('key'));
    expect(refused['retry-after']).toBe('12');
    // "Retry-After SHOULD NOT reference a point in time earlier than the end of the effective window."
    expect(refused.ratelimit).toBe('"per-key";r=0;t=12');
    // Structured-field List of one Item: a String with Integer parameters.
    for (const value of [first.ratelimit!, refused.ratelimit!]) expect(value).toMatch(/^"[a-z-]+"(;[a-z]+=\d+)+$/);
  });

  test('any sequence of requests and pauses: `r` is exactly what passes at that instant, and Retry-After is enough', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('request' as const), count: fc.integer({ min: 1, max: 50 }) }),
            fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 90_000 }) }),
          ),
          { maxLength: 30 },
        ),
        (limit, steps) => {
          const clock = fixedClock(START);
          const limiter = new RateLimiter(limit, clock);
          for (const step of steps) {
            if (step.kind === 'wait') clock.advance(step.ms);
            else for (let index = 0; index < step.count; index++) limiter.check('key');
          }
          let last = limiter.check('key');
          if (last.allowed) {
            expect(last.remaining).toBeLessThanOrEqual(limit - 1);
            // Probe at the same instant: exactly `remaining` more pass.
            expect(drain(limiter, 'key')).toBe(last.remaining);
            last = limiter.check('key');
          }
          expect(last.allowed).toBe(false);
          expect(last.resetSeconds).toBe(last.retryAfterSeconds);
          clock.advance(last.retryAfterSeconds * 1000);
          expect(limiter.check('key').allowed).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('memory stays bounded: keys idle for a window are forgotten, busy ones kept', () => {
    const clock = fixedClock(START);
    const limiter = new RateLimiter(10, clock);
    for (let index = 0; index < 10_000; index++) limiter.check(`key-${index}`);
    expect(limiter.size).toBe(10_000);
    clock.advance(30_000);
    drain(limiter, 'busy');
    clock.advance(30_000);
    // The sweep runs at most once a window, on the next check: one-off keys are gone, the drained one is still owed.
    limiter.check('other');
    expect(limiter.size).toBe(2);
    clock.advance(61_000);
    limiter.check('other');
    expect(limiter.size).toBe(1);
  });

  test('a limit that is not a positive integer is refused', () => {
    expect(() => new RateLimiter(0, fixedClock(START))).toThrow(RangeError);
    expect(() => new RateLimiter(1.5, fixedClock(START))).toThrow(RangeError);
  });
});
