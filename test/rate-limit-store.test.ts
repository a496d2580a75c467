import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { PostgresRateLimitStore } from '../src/auth/postgres-rate-limit-store.ts';
import type { RateLimitStore } from '../src/auth/rate-limit-store.ts';
import { RateLimiter } from './support/reference-rate-limiter.ts';
import { SqliteRateLimitStore } from '../src/auth/sqlite-rate-limit-store.ts';
import { fixedClock, type Clock } from '../src/lib/clock.ts';
import {
  postgresBackend,
  sqliteBackend,
  startPostgres,
  type AnyHandle,
  type BackendDatabase,
  type TestPostgres,
} from './support/store-backends.ts';

// Shared GCRA on both backends. Postgres reads the database clock, so these tests use an hour-long window: one
// request refills every 3 minutes at a limit of 20, far longer than a test runs, so the counts are exact.
const HOUR = 60 * 60 * 1000;
let cluster: TestPostgres | undefined;
beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

function storeFor(handle: AnyHandle, clock: Clock, limit: number, windowMs: number): RateLimitStore {
  return handle.kind === 'sqlite'
    ? new SqliteRateLimitStore(handle.db.$client, clock, limit, windowMs)
    : new PostgresRateLimitStore(handle.db, limit, windowMs);
}

const backends: [string, () => Promise<BackendDatabase<AnyHandle>>][] = [
  ['sqlite', () => sqliteBackend()],
  ['postgres', () => postgresBackend(cluster!)],
];

for (const [name, open] of backends) {
  describe(`rate limit store on ${name}`, () => {
    test('limit + 10 requests from 3 stores (3 nodes) on one database give exactly `limit` successes', async () => {
      const backend = await open();
      try {
        const clock = fixedClock('2026-03-10T12:00:00Z');
        for (const limit of [1, 20, 57]) {
          const stores: RateLimitStore[] = [];
          for (let index = 0; index < 3; index++) stores.push(storeFor(await backend.connect(), clock, limit, HOUR));
          const results = await Promise.all(
            Array.from({ length: limit + 10 }, (_, index) => stores[index % 3]!.check(`key-${limit}`)),
          );
          expect(results.filter((result) => result.allowed)).toHaveLength(limit);
          // Every allowed request saw a different number left: they were serialised, not double-counted.
          const remaining = results.filter((result) => result.allowed).map((result) => result.remaining);
          expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: limit }, (_, index) => index));
          for (const refused of results.filter((result) => !result.allowed)) {
            expect(refused.remaining).toBe(0);
            expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
            // At most one refill interval away (a key's clock never runs back, even when requests queue on its row).
            expect(refused.retryAfterSeconds).toBeLessThanOrEqual(Math.ceil(HOUR / limit / 1000));
            expect(refused.resetSeconds).toBe(refused.retryAfterSeconds);
          }
        }
      } finally {
        await backend.close();
      }
    }, 60_000);

    test('keys do not share a budget, and a changed limit starts the key afresh', async () => {
      const backend = await open();
      try {
        const clock = fixedClock('2026-03-10T12:00:00Z');
        const handle = await backend.connect();
        const three = storeFor(handle, clock, 3, HOUR);
        for (let index = 0; index < 3; index++) expect((await three.check('a')).allowed).toBe(true);
        expect((await three.check('a')).allowed).toBe(false);
        expect((await three.check('b')).allowed).toBe(true);
        const five = storeFor(handle, clock, 5, HOUR);
        expect(await five.check('a')).toMatchObject({ allowed: true, remaining: 4 });
      } finally {
        await backend.close();
      }
    }, 60_000);
  });
}

test('the SQLite store answers exactly as the in-memory RateLimiter for any requests and waits', async () => {
  const backend = await sqliteBackend();
  try {
    const handle = await backend.connect();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 90_000 })), { maxLength: 80 }),
        async (limit, waits) => {
          const clock = fixedClock('2026-03-10T12:00:00Z');
          const memory = new RateLimiter(limit, clock);
          const stored = storeFor(handle, clock, limit, 60_000);
          const key = `run-${run++}`;
          for (const wait of waits) {
            clock.advance(wait);
            expect(await stored.check(key)).toEqual(memory.check(key));
          }
        },
      ),
      { numRuns: 100 },
    );
  } finally {
    await backend.close();
  }
}, 60_000);

test('the Postgres store counts down a burst like the in-memory limiter and sweeps only idle keys', async () => {
  const backend = await postgresBackend(cluster!);
  try {
    const handle = await backend.connect();
    if (handle.kind !== 'postgres') throw new Error('expected postgres');
    const store = new PostgresRateLimitStore(handle.db, 20, HOUR);
    const seen = [];
    for (let index = 0; index < 21; index++) seen.push(await store.check('burst'));
    expect(seen.slice(0, 20).map((result) => result.remaining)).toEqual(
      Array.from({ length: 20 }, (_, index) => 19 - index),
    );
    expect(seen[20]).toMatchObject({ allowed: false, remaining: 0 });
    // One request refills every 180 s; the refusal waits for the next slot, a little under that.
    expect(seen[20]!.retryAfterSeconds).toBeGreaterThan(150);
    expect(seen[20]!.retryAfterSeconds).toBeLessThanOrEqual(180);
    // A row whose idle time has passed is swept; the live one stays.
    await handle.db.$client.query(`UPDATE rate_limits SET idle_at = 0 WHERE key = 'burst'`);
    await store.check('other');
    expect(await store.sweep()).toBe(1);
    const { rows } = await handle.db.$client.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.map((row) => row.key)).toEqual(['other']);
  } finally {
    await backend.close();
  }
}, 60_000);
