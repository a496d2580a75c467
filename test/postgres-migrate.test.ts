import { afterAll, beforeAll, expect, test } from 'bun:test';
import { migratePostgres, openPostgres, type PostgresDb } from '../src/db/postgres/client.ts';
import { POSTGRES_MIGRATIONS } from '../src/db/postgres/migrations.ts';
import { startPostgres, type TestPostgres } from './support/postgres.ts';

let cluster: TestPostgres | undefined;
const pools: PostgresDb[] = [];
beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((db) => db.$client.end()));
  await cluster?.stop();
});

test('3 nodes booting at once migrate exactly once, and a later boot applies nothing', async () => {
  const url = await cluster!.createDatabase('boot');
  const nodes = Array.from({ length: 3 }, () => openPostgres(url, { max: 2 }));
  pools.push(...nodes);
  const applied = await Promise.all(nodes.map((db) => migratePostgres(db)));
  const tags = POSTGRES_MIGRATIONS.map((migration) => migration.tag);
  // One node applied every migration; the others waited on the advisory lock and found nothing to do.
  expect(applied.filter((list) => list.length > 0)).toEqual([tags]);
  expect(applied.filter((list) => list.length === 0)).toHaveLength(2);
  const { rows } = await nodes[0]!.$client.query<{ tag: string }>('SELECT tag FROM __migrations ORDER BY tag');
  expect(rows.map((row) => row.tag)).toEqual(tags);
  expect(await migratePostgres(nodes[1]!)).toEqual([]);
});

test('the schema is all there: every table of the SQLite schema, and the limit tables unlogged', async () => {
  const url = await cluster!.createDatabase('shape');
  const db = openPostgres(url, { max: 1 });
  pools.push(db);
  await migratePostgres(db);
  const { rows } = await db.$client.query<{ relname: string; relpersistence: string }>(
    `SELECT relname, relpersistence FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
     ORDER BY relname`,
  );
  expect(Object.fromEntries(rows.map((row) => [row.relname, row.relpersistence]))).toEqual({
    __migrations: 'p',
    accounts: 'p',
    api_keys: 'p',
    credit_grants: 'p',
    idempotency_keys: 'p',
    jobs: 'p',
    ledger_entries: 'p',
    login_attempts: 'u',
    rate_limits: 'u',
    reservation_allocations: 'p',
    reservations: 'p',
    sessions: 'p',
    settings: 'p',
  });
});

test('a failing migration rolls back whole and releases the lock for the next node', async () => {
  const url = await cluster!.createDatabase('broken');
  const db = openPostgres(url, { max: 2 });
  pools.push(db);
  const broken = [
    { tag: '0000_ok', sql: 'CREATE TABLE first_table (id int)' },
    { tag: '0001_bad', sql: 'CREATE TABLE second_table (id int);--> statement-breakpoint\nSELECT no_such_column' },
  ];
  // Two at once: the second waits on the lock, then fails on its own, so the first one's failure released it.
  await Promise.all([
    expect(migratePostgres(db, broken)).rejects.toThrow(/no_such_column/),
    expect(migratePostgres(db, broken)).rejects.toThrow(/no_such_column/),
  ]);
  const { rows } = await db.$client.query(
    `SELECT to_regclass('first_table') AS first, to_regclass('__migrations') AS log`,
  );
  expect(rows[0]).toEqual({ first: null, log: null });
  expect(await migratePostgres(db, broken.slice(0, 1))).toEqual(['0000_ok']);
});
