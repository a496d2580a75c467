import { eq, sql } from 'drizzle-orm';
import type { PostgresDb, PostgresTransaction } from '../db/postgres/client.ts';
import { loginAttempts } from '../db/postgres/schema.ts';
import {
  LOGIN_MEMORY_MS,
  reserveLogin,
  settleLogin,
  type LoginReservation,
  type LoginState,
  type LoginThrottleStore,
} from './login-throttle.ts';

/** Milliseconds on the database clock, so nodes with skewed clocks share one delay schedule. */
const NOW_MS = sql<string>`floor(extract(epoch FROM statement_timestamp()) * 1000)::bigint`;

/**
 * The sign-in throttle on Postgres (UNLOGGED login_attempts). Each decision locks the pair's row: the row is created
 * first (ON CONFLICT DO NOTHING), then read FOR UPDATE, so two nodes deciding one pair queue behind each other.
 */
export class PostgresLoginThrottleStore implements LoginThrottleStore {
  constructor(private readonly db: PostgresDb) {}

  async reserve(pair: string): Promise<LoginReservation> {
    return await this.db.transaction(async (tx) => {
      const { now, stored } = await this.lock(tx, pair);
      const decision = reserveLogin(stored, now);
      if (decision.state) await this.write(tx, pair, decision.state);
      return decision.reservation;
    });
  }

  async settle(pair: string, success: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { now, stored } = await this.lock(tx, pair);
      const next = settleLogin(stored, success, now);
      if (next) await this.write(tx, pair, next);
      else await tx.delete(loginAttempts).where(eq(loginAttempts.id, pair));
    });
  }

  async sweep(): Promise<number> {
    const result = await this.db.$client.query(
      `DELETE FROM login_attempts WHERE last_at < floor(extract(epoch FROM statement_timestamp()) * 1000) - $1`,
      [LOGIN_MEMORY_MS],
    );
    return result.rowCount ?? 0;
  }

  /** The database time and the pair's state, with its row locked (a fresh pair gets an empty row to lock). */
  private async lock(tx: PostgresTransaction, pair: string): Promise<{ now: number; stored: LoginState | undefined }> {
    const [clock] = await tx.select({ now: NOW_MS }).from(sql`(SELECT 1) AS one`);
    const now = Number(clock!.now);
    await tx
      .insert(loginAttempts)
      .values({ id: pair, failures: 0, inFlight: 0, notBefore: 0, lastAt: now })
      .onConflictDoNothing();
    const [row] = await tx.select().from(loginAttempts).where(eq(loginAttempts.id, pair)).for('update');
    const fresh = row && row.failures === 0 && row.inFlight === 0;
    return { now, stored: row && !fresh ? row : undefined };
  }

  private async write(tx: PostgresTransaction, pair: string, state: LoginState) {
    await tx.update(loginAttempts).set(state).where(eq(loginAttempts.id, pair));
  }
}
