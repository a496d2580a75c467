import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { POSTGRES_MIGRATIONS } from './migrations.ts';
import * as schema from './schema.ts';

export type PostgresDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type PostgresTransaction = Parameters<Parameters<PostgresDb['transaction']>[0]>[0];

/**
 * A pool on `url` (postgres://…) with the drizzle client over it. Uses the `pg` driver: Bun's own SQL client stores
 * jsonb objects as strings under drizzle 0.45. Call `migratePostgres` before first use; `db.$client.end()` closes it.
 */
export function openPostgres(url: string, options: { max?: number } = {}): PostgresDb {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client that loses its server (restart, failover) emits 'error'; without a listener that kills the process.
  pool.on('error', () => {});
  return drizzle({ client: pool, schema }) as PostgresDb;
}

/** Arbitrary but fixed: every recite node takes the same advisory lock, so only one migrates at a time. */
const MIGRATION_LOCK = 0x72656369; // 'reci'

/**
 * Applies pending migrations in one transaction under `pg_advisory_xact_lock`, so N nodes booting together migrate
 * exactly once: the others wait on the lock, then find every tag applied. A failing migration rolls back whole.
 * Returns the tags this call applied.
 */
export async function migratePostgres(db: PostgresDb, migrations = POSTGRES_MIGRATIONS): Promise<string[]> {
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS __migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL)',
      );
      const log = await client.query<{ tag: string }>('SELECT tag FROM __migrations');
      const applied = new Set(log.rows.map((row) => row.tag));
      const done: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.tag)) continue;
        for (const statement of migration.sql.split('--> statement-breakpoint')) {
          if (statement.trim()) await client.query(statement);
        }
        await client.query('INSERT INTO __migrations (tag, applied_at) VALUES ($1, now())', [migration.tag]);
        done.push(migration.tag);
      }
      await client.query('COMMIT');
      return done;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  } finally {
    client.release();
  }
}
