import { PostgresLoginThrottleStore } from '../auth/postgres-login-throttle-store.ts';
import { PostgresRateLimitStore } from '../auth/postgres-rate-limit-store.ts';
import { SqliteLoginThrottleStore } from '../auth/sqlite-login-throttle-store.ts';
import { SqliteRateLimitStore } from '../auth/sqlite-rate-limit-store.ts';
import { PostgresLedgerStore } from '../billing/postgres-ledger-store.ts';
import { SqliteLedgerStore } from '../billing/sqlite-ledger-store.ts';
import { isPostgresUrl } from '../config/index.ts';
import type { Clock } from '../lib/clock.ts';
import { PostgresJobStore } from '../scheduler/postgres-job-store.ts';
import { SqliteJobStore } from '../scheduler/sqlite-job-store.ts';
import { SqliteAccountStore } from './account-store.ts';
import { openDatabase } from './client.ts';
import { SqliteIdempotencyStore } from './idempotency-store.ts';
import type { IdGenerator } from './ids.ts';
import { PostgresAccountStore } from './postgres/account-store.ts';
import { migratePostgres, openPostgres } from './postgres/client.ts';
import { PostgresIdempotencyStore } from './postgres/idempotency-store.ts';
import { PostgresSessionStore } from './postgres/session-store.ts';
import { PostgresSettingsStore } from './postgres/settings-store.ts';
import { PostgresUsageStore } from './postgres/usage-store.ts';
import { SqliteSessionStore } from './session-store.ts';
import { SqliteSettingsStore } from './settings-store.ts';
import type { Stores } from './stores.ts';
import { SqliteUsageStore } from './usage-store.ts';

export interface StoreOptions {
  /** RECITE_DATABASE: a SQLite path (or :memory:) or a postgres:// URL. */
  database: string;
  clock: Clock;
  ids: IdGenerator;
  /** Requests per key per minute. */
  rateLimitPerMinute: number;
  /** Self-service sign-ups per client address per hour. */
  signupLimitPerHour: number;
  /** Postgres pool size per node. */
  poolSize?: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Every store on one database: the SQLite file (opened and migrated at once, the embedded default) or a Postgres
 * server (a pool opened at once; `migrate()` applies the schema under an advisory lock before first use).
 */
export function openStores(options: StoreOptions): Stores {
  const { clock, ids } = options;
  if (isPostgresUrl(options.database)) {
    const db = openPostgres(options.database, { max: options.poolSize ?? 20 });
    const ledger = new PostgresLedgerStore(db, clock, ids);
    return {
      backend: 'postgres',
      accounts: new PostgresAccountStore(db, clock, ids, (accountId) => ledger.planChanged(accountId)),
      sessions: new PostgresSessionStore(db, clock),
      settings: new PostgresSettingsStore(db),
      usage: new PostgresUsageStore(db, clock),
      idempotency: new PostgresIdempotencyStore(db, clock),
      ledger,
      jobs: new PostgresJobStore(db, ledger),
      // Limits use the database clock, so every node counts on the same time.
      rateLimits: new PostgresRateLimitStore(db, options.rateLimitPerMinute),
      signups: new PostgresRateLimitStore(db, options.signupLimitPerHour, HOUR_MS),
      loginThrottle: new PostgresLoginThrottleStore(db),
      async migrate() {
        await migratePostgres(db);
      },
      async ping() {
        await db.$client.query('SELECT 1');
      },
      async close() {
        await db.$client.end();
      },
    };
  }
  const db = openDatabase(options.database);
  const ledger = new SqliteLedgerStore(db, clock, ids);
  return {
    backend: 'sqlite',
    sqlite: db,
    accounts: new SqliteAccountStore(db, clock, ids),
    sessions: new SqliteSessionStore(db, clock),
    settings: new SqliteSettingsStore(db),
    usage: new SqliteUsageStore(db, clock),
    idempotency: new SqliteIdempotencyStore(db, clock),
    ledger,
    jobs: new SqliteJobStore(db, clock, ledger.ledger),
    rateLimits: new SqliteRateLimitStore(db.$client, clock, options.rateLimitPerMinute),
    signups: new SqliteRateLimitStore(db.$client, clock, options.signupLimitPerHour, HOUR_MS),
    loginThrottle: new SqliteLoginThrottleStore(db, clock),
    async migrate() {
      // openDatabase has applied every migration.
    },
    async ping() {
      db.$client.query('SELECT 1').get();
    },
    async close() {
      db.$client.close();
    },
  };
}
