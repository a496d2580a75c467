import type { Database } from 'bun:sqlite';
import type { Clock } from '../lib/clock.ts';
import {
  gcraDecide,
  gcraPolicy,
  gcraResult,
  type GcraPolicy,
  type RateLimitResult,
  type RateLimitStore,
} from './rate-limit-store.ts';

/**
 * GCRA state in the SQLite file, so every process on one database file shares a key's budget. Each check is one
 * IMMEDIATE transaction (read, decide, write), which SQLite serialises across connections and processes.
 * Time is the injected clock, as for the in-memory limiter. The table is created here until the wiring moves it into a
 * drizzle migration; the arrival is stored as text because `ms * limit` passes 2^53.
 */
export class SqliteRateLimitStore implements RateLimitStore {
  private readonly policy: GcraPolicy;

  constructor(
    private readonly sqlite: Database,
    private readonly clock: Clock,
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {
    this.policy = gcraPolicy(limit, windowMs);
  }

  async check(key: string): Promise<RateLimitResult> {
    const nowMs = Math.floor(this.clock.now());
    const now = BigInt(nowMs) * this.policy.unitsPerMs;
    const decide = this.sqlite.transaction(() => {
      const row = this.sqlite
        .query<{ arrival: string; limit_per_window: number; window_ms: number }, [string]>(
          'SELECT arrival, limit_per_window, window_ms FROM rate_limits WHERE key = ?',
        )
        .get(key);
      // A row counted under another limit or window starts afresh rather than being misread.
      const same = row && row.limit_per_window === this.limit && row.window_ms === this.windowMs;
      const decision = gcraDecide(this.policy, same ? BigInt(row.arrival) : undefined, now);
      if (decision.allowed) {
        this.sqlite
          .query(
            'INSERT INTO rate_limits (key, arrival, limit_per_window, window_ms, idle_at) VALUES (?, ?, ?, ?, ?) ' +
              'ON CONFLICT (key) DO UPDATE SET arrival = excluded.arrival, ' +
              'limit_per_window = excluded.limit_per_window, window_ms = excluded.window_ms, ' +
              'idle_at = excluded.idle_at',
          )
          .run(key, decision.arrival.toString(), this.limit, this.windowMs, nowMs + this.windowMs);
      }
      return decision;
    });
    const decision = decide.immediate();
    return gcraResult(this.policy, decision.allowed, decision.arrival, now);
  }

  async sweep(): Promise<number> {
    return this.sqlite.query('DELETE FROM rate_limits WHERE idle_at <= ?').run(Math.floor(this.clock.now())).changes;
  }
}
