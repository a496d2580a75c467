import { Database } from 'bun:sqlite';
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS } from './migrations.ts';
import * as schema from './schema.ts';

export type Db = BunSQLiteDatabase<typeof schema> & { $client: Database };

/**
 * Opens the SQLite file (WAL, busy timeout, foreign keys) and applies pending migrations.
 *
 * Transactions that can spend credits must use `db.transaction(fn, { behavior: 'immediate' })` with a synchronous
 * callback: bun:sqlite runs async callbacks outside the transaction, so they are not atomic.
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  migrate(sqlite);
  return drizzle({ client: sqlite, schema }) as Db;
}

function migrate(sqlite: Database) {
  sqlite.exec('CREATE TABLE IF NOT EXISTS __migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    sqlite
      .query<{ tag: string }, []>('SELECT tag FROM __migrations')
      .all()
      .map((row) => row.tag),
  );
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.tag)) continue;
    sqlite
      .transaction(() => {
        for (const statement of migration.sql.split('--> statement-breakpoint')) {
          if (statement.trim()) sqlite.exec(statement);
        }
        sqlite.query('INSERT INTO __migrations (tag, applied_at) VALUES (?, ?)').run(migration.tag, Date.now());
      })
      .immediate();
  }
}

/** One round trip to the database (readiness). */
export function pingDatabase(db: Db): void {
  db.$client.query('SELECT 1').get();
}
