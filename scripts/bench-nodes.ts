/**
 * Several-node benchmark (issue 13). For SQLite on one node and Postgres on 1 and 3 nodes it prints:
 * - direct TTS: requests/s and p50/p99 latency of short direct requests (eSpeak) at concurrency 32, over HTTP to real
 *   recite processes (Postgres: sharing one database and one s3rver bucket, requests spread round-robin); then the
 *   same requests one at a time, where queueing for the CPU does not hide what the database adds;
 * - ledger: estimate + reserve + void, the money path of every request, at concurrency 32 against the ledger store;
 * - claim: job claim latency, from enqueue returning to a worker running the job (schedulers in this process);
 * - failover: after kill -9 of the process holding a job's lease, time until another process has completed it.
 * Targets: Postgres adds at most 3 ms p50 to a direct request (read from the one-at-a-time rows); failover within
 * lease + 2 s.
 * - store calls: the database calls one direct request makes (key, rate limit, balance, reserve, capture), one request
 *   at a time, in this process: the database's share of a direct request, which the target is about.
 * Usage: bun scripts/bench-nodes.ts [--requests 400] [--sequential 150] [--lease-ms 5000] [--stores-only]
 * The numbers are noisy on a shared machine; run it twice before reading much into a difference.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresLedgerStore } from '../src/billing/postgres-ledger-store.ts';
import { SqliteLedgerStore } from '../src/billing/sqlite-ledger-store.ts';
import type { LedgerStore } from '../src/billing/ledger-store.ts';
import { openDatabase } from '../src/db/client.ts';
import { openStores } from '../src/db/open-stores.ts';
import type { Stores } from '../src/db/stores.ts';
import { randomIds } from '../src/db/ids.ts';
import { migratePostgres, openPostgres, type PostgresDb } from '../src/db/postgres/client.ts';
import * as postgresSchema from '../src/db/postgres/schema.ts';
import * as sqliteSchema from '../src/db/schema.ts';
import { countCharacters } from '../src/lib/characters.ts';
import { creditsForCharacters } from '../src/billing/pricing.ts';
import { systemClock } from '../src/lib/clock.ts';
import { silentLogger } from '../src/lib/logger.ts';
import type { JobStore } from '../src/scheduler/job-store.ts';
import { PostgresJobStore } from '../src/scheduler/postgres-job-store.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { SqliteJobStore } from '../src/scheduler/sqlite-job-store.ts';
import { startPostgres } from '../test/support/postgres.ts';

const argument = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const REQUESTS = argument('--requests', 400);
const LEASE_MS = argument('--lease-ms', 5000);
const CONCURRENCY = 32;
/** Only the in-process store rows (no recite processes): a quick look at the database's share. */
const STORES_ONLY = process.argv.includes('--stores-only');
const SEQUENTIAL_REQUESTS = argument('--sequential', 150);
const root = join(import.meta.dir, '..');
const directory = mkdtempSync(join(tmpdir(), 'recite-bench-nodes-'));
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Runs `task` `count` times, `concurrency` at once; latencies in ms. */
async function load(count: number, concurrency: number, task: (index: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        const begin = performance.now();
        await task(index);
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on('exit', () => resolve());
  });
}

async function stopAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = exited(child);
      child.kill('SIGKILL');
      await gone;
    }
  }
  children.clear();
}

// ---- direct TTS over HTTP -------------------------------------------------------------------------------------

async function startNode(environment: Record<string, string>): Promise<string> {
  // Run from the temp directory, so whatever a node writes relative to its working directory is removed with it.
  const child = spawn(process.execPath, [join(root, 'src/index.ts')], { cwd: directory, env: environment });
  children.add(child);
  let log = '';
  return await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /"url":"([^"]+)"/.exec(log);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`node exited ${code}: ${log.slice(-500)}`)));
  });
}

function admin(environment: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(root, 'src/index.ts'), 'admin', ...args], {
    cwd: directory,
    env: environment,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr.slice(-500)}`);
  return JSON.parse(result.stdout) as Record<string, any>;
}

async function directTts(
  environment: Record<string, string>,
  nodes: number,
  check?: () => Promise<void>,
): Promise<{ concurrent: Figures; sequential: Figures }> {
  const email = `bench-${nodes}-${Date.now()}@example.test`;
  const account = admin(
    environment,
    'create-account',
    '--email',
    email,
    '--password',
    'bench-password',
    '--plan',
    'studio',
  );
  admin(environment, 'grant-credits', '--account', account.id, '--credits', '1000000');
  const { key } = admin(environment, 'create-key', '--account', account.id);
  await check?.();
  const urls: string[] = [];
  for (let index = 0; index < nodes; index++) urls.push(await startNode(environment));
  const request = (index: number) =>
    fetch(`${urls[index % urls.length]}api/v1/tts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Short reply number ${index}, spoken at once.`, voice: 'std-emily' }),
    });
  // Warm-up: every node's engines and encoders started, first-call costs paid.
  for (let index = 0; index < nodes * 4; index++) await (await request(index)).arrayBuffer();
  const task = async (index: number) => {
    const response = await request(index);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`direct request answered ${response.status}`);
  };
  const concurrent = await load(REQUESTS, CONCURRENCY, task);
  const sequential = await load(SEQUENTIAL_REQUESTS, 1, task);
  await stopAll();
  return { concurrent, sequential };
}

// ---- the store calls of one direct request -----------------------------------------------------------------------

/**
 * What a direct request asks of the database, in order, one request at a time: the key lookup, the rate limit, the
 * balance pre-check, the reservation and the capture. Synthesis is left out, so on a busy machine this shows the
 * database's share better than the HTTP rows do.
 */
async function storePath(stores: Stores): Promise<Figures> {
  const account = (await stores.accounts.createAccount({
    email: `store-path-${Date.now()}@example.test`,
    password: 'bench-password',
    plan: 'studio',
  }))!;
  await stores.ledger.grant({ accountId: account.id, credits: 10_000_000, source: 'admin' });
  const { key } = await stores.accounts.createApiKey({ accountId: account.id });
  const characters = 60;
  const step = async () => {
    const record = (await stores.accounts.findActiveKey(key))!;
    const limited = await stores.rateLimits.check(record.id);
    if (!limited.allowed) throw new Error('rate limited');
    await stores.ledger.balance(account.id);
    const outcome = await stores.ledger.reserve({
      accountId: account.id,
      apiKeyId: record.id,
      product: 'speech',
      characters,
      credits: creditsForCharacters(characters),
      holdMs: 60_000,
    });
    if (!outcome.ok) throw new Error(outcome.code);
    await stores.ledger.capture(outcome.reservationId);
  };
  for (let index = 0; index < 20; index++) await step();
  return await load(SEQUENTIAL_REQUESTS * 2, 1, step);
}

// ---- ledger-only path -----------------------------------------------------------------------------------------

async function ledgerPath(ledger: LedgerStore, accountId: string): Promise<Figures> {
  const text = 'A short reply of about sixty characters, as a direct request.';
  return await load(REQUESTS * 2, CONCURRENCY, async () => {
    const characters = countCharacters(text);
    const outcome = await ledger.reserve({
      accountId,
      apiKeyId: null,
      product: 'speech',
      characters,
      credits: creditsForCharacters(characters),
      holdMs: 60_000,
    });
    if (!outcome.ok) throw new Error(outcome.code);
    await ledger.void(outcome.reservationId, 'bench');
  });
}

// ---- job claim latency ----------------------------------------------------------------------------------------

async function claimLatency(stores: JobStore[]): Promise<Figures> {
  const waiting = new Map<string, number>();
  const latencies: number[] = [];
  const schedulers = stores.map((store) => {
    const scheduler = new Scheduler(store, randomIds, silentLogger, { concurrency: 4, pollMs: 250 });
    scheduler.register('webhook', {
      async run({ job, complete }) {
        const enqueued = waiting.get(job.id);
        if (enqueued !== undefined) latencies.push(performance.now() - enqueued);
        await complete({});
      },
    });
    scheduler.start();
    return scheduler;
  });
  const count = 200;
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    // Round-robin, as a load balancer spreads requests: the node that accepts a job usually runs it too.
    const scheduler = schedulers[index % schedulers.length]!;
    const id = randomIds('job');
    waiting.set(id, performance.now());
    await scheduler.enqueue({ id, kind: 'webhook', input: {} });
    await Bun.sleep(5);
  }
  while (latencies.length < count && performance.now() - started < 60_000) await Bun.sleep(20);
  for (const scheduler of schedulers) await scheduler.drain(1000);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: count / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

// ---- failover after kill -9 -----------------------------------------------------------------------------------

async function failover(url: string, db: PostgresDb): Promise<number> {
  const workers = [0, 1].map(() => {
    const child = spawn(process.execPath, ['scripts/bench-nodes-worker.ts', url, String(LEASE_MS)], { cwd: root });
    children.add(child);
    let out = '';
    const lines: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const parts = out.split('\n');
      out = parts.pop()!;
      lines.push(...parts);
    });
    return { child, lines };
  });
  await Bun.sleep(1500); // both polling
  const scheduler = new Scheduler(new PostgresJobStore(db), randomIds, silentLogger);
  const job = await scheduler.enqueue({ kind: 'narration', input: {} });
  const holder = await waitFor(() => workers.find((worker) => worker.lines.some((line) => line.includes(job.id))));
  // The lease is renewed a few times first, so the kill lands in the middle of a long job, not at its start.
  await Bun.sleep(LEASE_MS);
  const killed = Date.now();
  holder.child.kill('SIGKILL');
  const survivor = workers.find((worker) => worker !== holder)!;
  const done = await waitFor(() => survivor.lines.find((line) => line.startsWith(`completed ${job.id}`)), 60_000);
  await stopAll();
  return Number(done.split(' ')[2]) - killed;
}

async function waitFor<T>(check: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = check();
    if (value !== undefined) return value;
    await Bun.sleep(20);
  }
  throw new Error('timed out');
}

// ---- run ------------------------------------------------------------------------------------------------------

const format = (figures: Figures | string) =>
  typeof figures === 'string'
    ? figures
    : `${figures.perSecond.toFixed(0).padStart(6)} /s   p50 ${figures.p50.toFixed(1).padStart(7)} ms   p99 ${figures.p99
        .toFixed(1)
        .padStart(7)} ms`;
const attempt = async <T>(what: () => Promise<T>): Promise<T | string> => {
  try {
    return await what();
  } catch (error) {
    await stopAll();
    return `n/a (${String(error instanceof Error ? error.message : error)
      .split('\n')[0]!
      .slice(0, 90)})`;
  }
};

try {
  const baseEnvironment = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    RECITE_PORT: '0',
    RECITE_LOG_LEVEL: 'info',
    RECITE_RATE_LIMIT: '100000',
  };
  const rows: [string, string, Figures | string][] = [];

  // SQLite, one node.
  const sqliteEnvironment = {
    ...baseEnvironment,
    RECITE_DATABASE: join(directory, 'recite.db'),
    RECITE_STORAGE: `file:${join(directory, 'audio')}`,
  };
  const storesFor = (database: string) => {
    const stores = openStores({
      database,
      clock: systemClock,
      ids: randomIds,
      rateLimitPerMinute: 1_000_000,
      signupLimitPerHour: 3,
    });
    cleanups.push(() => stores.close());
    return stores;
  };
  const sqliteStores = storesFor(join(directory, 'stores.db'));
  const sqliteStorePath = await attempt(() => storePath(sqliteStores));
  rows.push(['sqlite, 1 node', 'store calls, 1 by 1', sqliteStorePath]);
  const sqliteBoth = STORES_ONLY ? 'skipped' : await attempt(() => directTts(sqliteEnvironment, 1));
  const sqliteDirect = typeof sqliteBoth === 'string' ? sqliteBoth : sqliteBoth.sequential;
  rows.push(['sqlite, 1 node', 'direct TTS', typeof sqliteBoth === 'string' ? sqliteBoth : sqliteBoth.concurrent]);
  rows.push(['sqlite, 1 node', 'direct, 1 at a time', sqliteDirect]);
  const sqliteDb = openDatabase(join(directory, 'ledger.db'));
  cleanups.push(() => sqliteDb.$client.close());
  const sqliteAccount = randomIds('account');
  sqliteDb
    .insert(sqliteSchema.accounts)
    .values({
      id: sqliteAccount,
      email: 'ledger@example.test',
      passwordHash: 'x',
      plan: 'basic',
      createdAt: 0,
      nextPlanGrantAt: Number.MAX_SAFE_INTEGER,
    })
    .run();
  const sqliteLedger = new SqliteLedgerStore(sqliteDb, systemClock, randomIds);
  await sqliteLedger.grant({ accountId: sqliteAccount, credits: 1_000_000, source: 'admin' });
  rows.push(['sqlite, 1 node', 'ledger path', await attempt(() => ledgerPath(sqliteLedger, sqliteAccount))]);
  rows.push([
    'sqlite, 1 node',
    'job claim',
    await attempt(() => claimLatency([new SqliteJobStore(sqliteDb, systemClock, sqliteLedger.ledger)])),
  ]);

  // Postgres: one cluster, one s3rver bucket.
  const cluster = await startPostgres();
  cleanups.push(() => cluster.stop());
  const s3 = spawn(process.execPath, ['test/support/s3rver-process.ts', join(directory, 's3'), 'narrations'], {
    cwd: root,
  });
  children.add(s3);
  const s3Port = await new Promise<string>((resolve, reject) => {
    let out = '';
    s3.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    s3.on('exit', (code) => reject(new Error(`s3rver exited ${code}`)));
  });
  children.delete(s3);
  cleanups.push(() => void s3.kill('SIGKILL'));
  let postgresDirect: Figures | string = 'n/a';
  const postgresStores = storesFor(await cluster.createDatabase('bench_store_path'));
  await postgresStores.migrate();
  const postgresStorePath = await attempt(() => storePath(postgresStores));
  rows.push(['postgres, 1 node', 'store calls, 1 by 1', postgresStorePath]);
  for (const nodes of STORES_ONLY ? [] : [1, 3]) {
    const url = await cluster.createDatabase(`bench_direct_${nodes}`);
    const environment = {
      ...baseEnvironment,
      RECITE_DATABASE: url,
      RECITE_STORAGE: `s3://narrations/bench-${nodes}`,
      RECITE_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      RECITE_S3_REGION: 'us-east-1',
      RECITE_S3_ACCESS_KEY_ID: 'S3RVER',
      RECITE_S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    // A build without the Postgres stores would take the URL for a SQLite file name: measure only the real thing.
    const usesPostgres = async () => {
      const db = openPostgres(url, { max: 1 });
      try {
        const { rows } = await db.$client.query<{ count: string }>(
          "SELECT count(*) AS count FROM information_schema.tables WHERE table_name = 'accounts'",
        );
        const accounts = Number(rows[0]?.count) > 0 ? await db.select().from(postgresSchema.accounts) : [];
        if (accounts.length === 0) throw new Error('this build does not keep accounts in Postgres');
      } finally {
        await db.$client.end();
      }
    };
    const both = await attempt(() => directTts(environment, nodes, usesPostgres));
    const setup = `postgres, ${nodes} node${nodes > 1 ? 's' : ''}`;
    rows.push([setup, 'direct TTS', typeof both === 'string' ? both : both.concurrent]);
    rows.push([setup, 'direct, 1 at a time', typeof both === 'string' ? both : both.sequential]);
    if (nodes === 1) postgresDirect = typeof both === 'string' ? both : both.sequential;
  }
  const url = await cluster.createDatabase('bench_stores');
  const pools: PostgresDb[] = [];
  const pool = (max = 10) => {
    const db = openPostgres(url, { max });
    pools.push(db);
    return db;
  };
  cleanups.push(async () => void (await Promise.all(pools.map((db) => db.$client.end()))));
  const main = pool();
  await migratePostgres(main);
  const postgresAccount = randomIds('account');
  await main.insert(postgresSchema.accounts).values({
    id: postgresAccount,
    email: 'ledger@example.test',
    passwordHash: 'x',
    plan: 'basic',
    createdAt: 0,
    nextPlanGrantAt: Number.MAX_SAFE_INTEGER,
  });
  const postgresLedger = new PostgresLedgerStore(main, systemClock, randomIds);
  await postgresLedger.grant({ accountId: postgresAccount, credits: 1_000_000, source: 'admin' });
  rows.push(['postgres, 1 node', 'ledger path', await attempt(() => ledgerPath(postgresLedger, postgresAccount))]);
  for (const nodes of [1, 3]) {
    const stores = Array.from({ length: nodes }, () => new PostgresJobStore(pool(4)));
    rows.push([
      `postgres, ${nodes} node${nodes > 1 ? 's' : ''}`,
      'job claim',
      await attempt(() => claimLatency(stores)),
    ]);
  }
  const failoverMs = STORES_ONLY ? 'skipped' : await attempt(() => failover(url, main));

  console.log(`\nrecite several-node benchmark: concurrency ${CONCURRENCY}, ${REQUESTS} direct requests per row\n`);
  for (const [setup, measure, figures] of rows)
    console.log(`${setup.padEnd(18)} ${measure.padEnd(20)} ${format(figures)}`);
  const difference = (postgres: Figures | string, sqlite: Figures | string) =>
    typeof postgres === 'string' || typeof sqlite === 'string' ? 'n/a' : `${(postgres.p50 - sqlite.p50).toFixed(1)} ms`;
  console.log(
    `\nPostgres adds to a direct request's p50: ${difference(postgresStorePath, sqliteStorePath)} in its store calls` +
      `, ${difference(postgresDirect, sqliteDirect)} over HTTP one at a time (target <= 3 ms)`,
  );
  console.log(
    `failover after kill -9 (lease ${LEASE_MS} ms): ${typeof failoverMs === 'string' ? failoverMs : `${failoverMs} ms`}` +
      ` (target <= ${LEASE_MS + 2000} ms)`,
  );
} finally {
  await stopAll();
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  rmSync(directory, { recursive: true, force: true });
}
