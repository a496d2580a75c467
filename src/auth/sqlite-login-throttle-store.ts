import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import {
  LOGIN_MEMORY_MS,
  reserveLogin,
  settleLogin,
  type LoginReservation,
  type LoginState,
  type LoginThrottleStore,
} from './login-throttle.ts';

/** The sign-in throttle in the SQLite file: each decision is one IMMEDIATE transaction (read, decide, write). */
export class SqliteLoginThrottleStore implements LoginThrottleStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async reserve(pair: string): Promise<LoginReservation> {
    const now = this.clock.now();
    return this.db.transaction(
      (tx) => {
        const stored = tx.select().from(loginAttempts).where(eq(loginAttempts.id, pair)).get();
        const decision = reserveLogin(stored, now);
        if (decision.state) this.write(tx, pair, decision.state);
        return decision.reservation;
      },
      { behavior: 'immediate' },
    );
  }

  async settle(pair: string, success: boolean): Promise<void> {
    const now = this.clock.now();
    this.db.transaction(
      (tx) => {
        const stored = tx.select().from(loginAttempts).where(eq(loginAttempts.id, pair)).get();
        const next = settleLogin(stored, success, now);
        if (next) this.write(tx, pair, next);
        else tx.delete(loginAttempts).where(eq(loginAttempts.id, pair)).run();
      },
      { behavior: 'immediate' },
    );
  }

  async sweep(): Promise<number> {
    return this.db
      .delete(loginAttempts)
      .where(lt(loginAttempts.lastAt, this.clock.now() - LOGIN_MEMORY_MS))
      .returning({ id: loginAttempts.id })
      .all().length;
  }

  private write(tx: Pick<Db, 'insert'>, pair: string, state: LoginState) {
    tx.insert(loginAttempts)
      .values({ id: pair, ...state })
      .onConflictDoUpdate({ target: loginAttempts.id, set: state })
      .run();
  }
}
