import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../src/db/client.ts';
import { randomIds } from '../../src/db/ids.ts';
import { migratePostgres, openPostgres, type PostgresDb } from '../../src/db/postgres/client.ts';
import { accounts as postgresAccounts, apiKeys as postgresKeys } from '../../src/db/postgres/schema.ts';
import { accounts as sqliteAccounts, apiKeys as sqliteKeys } from '../../src/db/schema.ts';
import { startPostgres, type TestPostgres } from './postgres.ts';

/**
 * One database per backend for the store conformance suites: a SQLite file in a temp directory, or a fresh database
 * on a throwaway Postgres cluster. `connect()` opens another handle on the same database, as another node would.
 */
export interface BackendDatabase<Handle> {
  name: 'sqlite' | 'postgres';
  connect(): Promise<Handle>;
  /** Inserts an account (no plan grant due) and, when `monthlyCap` is given, a key with that cap. */
  account(handle: Handle, options?: { monthlyCap?: number }): Promise<{ accountId: string; keyId: string }>;
  close(): Promise<void>;
}

export type AnyHandle = { kind: 'sqlite'; db: Db } | { kind: 'postgres'; db: PostgresDb };

function accountRow() {
  const id = randomIds('account');
  return {
    id,
    email: `${id}@example.test`,
    passwordHash: 'not-a-real-hash',
    plan: 'basic' as const,
    createdAt: 0,
    nextPlanGrantAt: Number.MAX_SAFE_INTEGER,
  };
}

function keyRow(accountId: string, monthlyCap: number | null) {
  const id = randomIds('apiKey');
  const prefix = id.slice(0, 8);
  return { id, accountId, name: 'test', prefix, hash: id, monthlyCapCharacters: monthlyCap, createdAt: 0 };
}

export async function sqliteBackend(): Promise<BackendDatabase<AnyHandle>> {
  const directory = mkdtempSync(join(tmpdir(), 'recite-store-'));
  const path = join(directory, 'recite.db');
  const handles: Db[] = [];
  return {
    name: 'sqlite',
    async connect() {
      const db = openDatabase(path);
      handles.push(db);
      return { kind: 'sqlite', db };
    },
    async account(handle, options = {}) {
      if (handle.kind !== 'sqlite') throw new Error('wrong handle');
      const account = accountRow();
      handle.db.insert(sqliteAccounts).values(account).run();
      const key = keyRow(account.id, options.monthlyCap ?? null);
      handle.db.insert(sqliteKeys).values(key).run();
      return { accountId: account.id, keyId: key.id };
    },
    async close() {
      for (const db of handles) db.$client.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

let databases = 0;

/** `cluster` is shared by a test file; each backend gets its own database on it. */
export async function postgresBackend(cluster: TestPostgres): Promise<BackendDatabase<AnyHandle>> {
  const url = await cluster.createDatabase(`store_${process.pid}_${databases++}`);
  const handles: PostgresDb[] = [];
  return {
    name: 'postgres',
    async connect() {
      const db = openPostgres(url, { max: 10 });
      handles.push(db);
      await migratePostgres(db);
      return { kind: 'postgres', db };
    },
    async account(handle, options = {}) {
      if (handle.kind !== 'postgres') throw new Error('wrong handle');
      const account = accountRow();
      await handle.db.insert(postgresAccounts).values(account);
      const key = keyRow(account.id, options.monthlyCap ?? null);
      await handle.db.insert(postgresKeys).values(key);
      return { accountId: account.id, keyId: key.id };
    },
    async close() {
      await Promise.all(handles.map((db) => db.$client.end()));
    },
  };
}

export { startPostgres, type TestPostgres };
