import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresLedgerStore } from '../src/billing/postgres-ledger-store.ts';
import { SqliteLedgerStore } from '../src/billing/sqlite-ledger-store.ts';
import type { LedgerStore } from '../src/billing/ledger-store.ts';
import { openDatabase, type Db } from '../src/db/client.ts';
import { randomIds } from '../src/db/ids.ts';
import { migratePostgres, openPostgres, type PostgresDb } from '../src/db/postgres/client.ts';
import * as postgresSchema from '../src/db/postgres/schema.ts';
import * as sqliteSchema from '../src/db/schema.ts';
import { fixedClock, systemClock } from '../src/lib/clock.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { assertTransition, canTransition, retryDelayMs } from '../src/scheduler/job-states.ts';
import type { JobStore } from '../src/scheduler/job-store.ts';
import { PostgresJobStore } from '../src/scheduler/postgres-job-store.ts';
import { Scheduler, type JobHandler } from '../src/scheduler/scheduler.ts';
import { SqliteJobStore } from '../src/scheduler/sqlite-job-store.ts';
import { startPostgres, type TestPostgres } from './support/postgres.ts';

describe('job states', () => {
  test('only the legal transitions are allowed', () => {
    expect(canTransition('queued', 'running')).toBe(true);
    expect(canTransition('running', 'completed')).toBe(true);
    expect(canTransition('completed', 'running')).toBe(false);
    expect(canTransition('failed', 'queued')).toBe(false);
    expect(() => assertTransition('completed', 'failed')).toThrow('illegal job transition');
  });

  test('backoff is exponential, capped and jittered', () => {
    const low = () => 0;
    const high = () => 0.999;
    expect(retryDelayMs(1, { baseMs: 1000, capMs: 8000, random: low })).toBe(500);
    expect(retryDelayMs(3, { baseMs: 1000, capMs: 8000, random: high })).toBeLessThanOrEqual(4000);
    expect(retryDelayMs(3, { baseMs: 1000, capMs: 8000, random: low })).toBe(2000);
    expect(retryDelayMs(10, { baseMs: 1000, capMs: 8000, random: high })).toBeLessThanOrEqual(8000);
  });
});

/**
 * One database as several nodes see it: `node()` is another process's job store on the same database (SQLite: another
 * connection to the same file; Postgres: another pool), `ledger` the credits. `advance` lets the store's clock pass:
 * the injected clock on SQLite, real waiting on Postgres, whose leases come from the database clock.
 */
interface Backend {
  name: string;
  node(): JobStore;
  ledger: LedgerStore;
  advance(ms: number): Promise<void>;
  leaseMs: number;
  retryBaseMs: number;
  account(credits: number): Promise<string>;
  /** Removes every job, so one test's leftovers (follow-ups, queued jobs) are never claimed by the next. */
  reset(): Promise<void>;
}

/** A node that froze (kill -9, a stopped VM): it renews nothing and writes nothing, though its handler "runs" on. */
function frozen(store: JobStore): JobStore {
  return Object.assign(Object.create(store) as JobStore, {
    renew: async () => true,
  });
}

async function sqliteBackend(): Promise<{ backend: Backend; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'recite-scheduler-'));
  const clock = fixedClock('2026-05-01T00:00:00Z');
  const databases: Db[] = [];
  const open = () => {
    const db = openDatabase(join(directory, 'jobs.db'));
    databases.push(db);
    return db;
  };
  const main = open();
  const ledger = new SqliteLedgerStore(main, clock, randomIds);
  return {
    backend: {
      name: 'sqlite',
      node: () => {
        const db = open();
        return new SqliteJobStore(db, clock, new SqliteLedgerStore(db, clock, randomIds).ledger);
      },
      ledger,
      advance: async (ms) => clock.advance(ms),
      leaseMs: 1000,
      retryBaseMs: 1000,
      reset: async () => void main.delete(sqliteSchema.jobs).run(),
      async account(credits) {
        const id = randomIds('account');
        main
          .insert(sqliteSchema.accounts)
          .values({
            id,
            email: `${id}@example.com`,
            passwordHash: 'x',
            plan: 'basic',
            createdAt: clock.now(),
            nextPlanGrantAt: clock.now() + 1e12,
          })
          .run();
        await ledger.grant({ accountId: id, credits, source: 'admin' });
        return id;
      },
    },
    async close() {
      for (const db of databases) db.$client.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function postgresBackend(cluster: TestPostgres): Promise<{ backend: Backend; close(): Promise<void> }> {
  const url = await cluster.createDatabase(`scheduler_${Math.random().toString(36).slice(2, 10)}`);
  const pools: PostgresDb[] = [];
  const open = () => {
    const db = openPostgres(url, { max: 4 });
    pools.push(db);
    return db;
  };
  const main = open();
  await migratePostgres(main);
  const ledger = new PostgresLedgerStore(main, systemClock, randomIds);
  return {
    backend: {
      name: 'postgres',
      node: () => {
        const db = open();
        return new PostgresJobStore(db, new PostgresLedgerStore(db, systemClock, randomIds));
      },
      ledger,
      advance: (ms) => Bun.sleep(ms),
      leaseMs: 600,
      retryBaseMs: 20,
      reset: async () => void (await main.delete(postgresSchema.jobs)),
      async account(credits) {
        const id = randomIds('account');
        await main.insert(postgresSchema.accounts).values({
          id,
          email: `${id}@example.com`,
          passwordHash: 'x',
          plan: 'basic',
          createdAt: Date.now(),
          nextPlanGrantAt: Date.now() + 1e12,
        });
        await ledger.grant({ accountId: id, credits, source: 'admin' });
        return id;
      },
    },
    async close() {
      await Promise.all(pools.map((db) => db.$client.end()));
    },
  };
}

let cluster: TestPostgres | undefined;
const closers: (() => Promise<void>)[] = [];
const backends: Record<string, Backend> = {};
beforeAll(async () => {
  const sqlite = await sqliteBackend();
  closers.push(sqlite.close);
  backends.sqlite = sqlite.backend;
  cluster = await startPostgres();
  const postgres = await postgresBackend(cluster);
  closers.push(postgres.close);
  backends.postgres = postgres.backend;
}, 120_000);
afterAll(async () => {
  for (const close of closers) await close().catch(() => {});
  await cluster?.stop();
});

for (const name of ['sqlite', 'postgres']) {
  describe(`scheduler on ${name}`, () => {
    let backend: Backend;
    beforeEach(async () => {
      backend = backends[name]!;
      await backend.reset();
    });
    const scheduler = (store: JobStore = backend.node(), options = {}) =>
      new Scheduler(store, randomIds, silentLogger, {
        leaseMs: backend.leaseMs,
        maxAttempts: 3,
        retryBaseMs: backend.retryBaseMs,
        retryCapMs: backend.retryBaseMs * 8,
        ...options,
      });
    const reserve = async (accountId: string, credits: number) => {
      const outcome = await backend.ledger.reserve({
        accountId,
        apiKeyId: null,
        product: 'narration_job',
        characters: credits * 10,
        credits,
        holdMs: 3_600_000,
      });
      if (!outcome.ok) throw new Error(outcome.code);
      return outcome.reservationId;
    };

    test('a poison job ends failed after N attempts; its failure hook runs once and its credits come back', async () => {
      const jobs = scheduler();
      const accountId = await backend.account(100);
      const reservationId = await reserve(accountId, 40);
      let failures = 0;
      const settled: string[] = [];
      const handler: JobHandler = {
        run: async () => {
          throw new Error('always broken');
        },
        onFailed: (job) => {
          failures++;
          return [jobs.draft({ kind: 'webhook', input: { failed: job.id }, accountId })];
        },
        onSettled: async (job) => void settled.push(job.status),
      };
      jobs.register('narration', handler);
      const job = await jobs.enqueue({ kind: 'narration', input: {}, accountId, reservationId });
      for (let attempt = 0; attempt < 5; attempt++) {
        await jobs.runDue();
        await backend.advance(backend.retryBaseMs * 10);
      }
      const final = (await jobs.find(job.id))!;
      expect(final).toMatchObject({ status: 'failed', attempts: 3, lastError: 'always broken' });
      expect(failures).toBe(1);
      // Retries are not the end: clean-up runs once, when the job has failed for good.
      expect(settled).toEqual(['failed']);
      expect(await backend.ledger.reservationStatus(reservationId)).toBe('voided');
      expect(await backend.ledger.balance(accountId)).toBe(100);
      // The follow-up was added in the failing transaction.
      const webhooks = await jobs.listForAccount(accountId, 'webhook');
      expect(webhooks.map((one) => JSON.parse(one.input))).toEqual([{ failed: job.id }]);
    });

    test('completion captures the reservation and adds follow-ups in the same transaction, once', async () => {
      const jobs = scheduler();
      const accountId = await backend.account(100);
      const reservationId = await reserve(accountId, 30);
      const results: boolean[] = [];
      let settled = 0;
      jobs.register('narration', {
        onSettled: async () => void settled++,
        run: async ({ complete }) => {
          results.push(
            await complete({ ok: 1 }, { followUps: [jobs.draft({ kind: 'webhook', input: {}, accountId })] }),
          );
          // A second completion by the same worker changes nothing: the job is no longer running.
          results.push(await complete({ ok: 2 }));
        },
      });
      const job = await jobs.enqueue({ kind: 'narration', input: {}, accountId, reservationId, total: 10 });
      expect(await jobs.runDue()).toBe(1);
      expect(results).toEqual([true, false]);
      expect(settled).toBe(1);
      const done = (await jobs.find(job.id))!;
      expect(done).toMatchObject({ status: 'completed', progressDone: 10, leaseOwner: null, attempts: 1 });
      expect(JSON.parse(done.result!)).toEqual({ ok: 1 });
      expect(await backend.ledger.reservationStatus(reservationId)).toBe('captured');
      expect(await backend.ledger.balance(accountId)).toBe(70);
      expect(await jobs.listForAccount(accountId, 'webhook')).toHaveLength(1);
    });

    test('find and listForAccount can leave big input fields out or clip them; the job itself keeps them', async () => {
      const jobs = scheduler();
      const accountId = `acct_${randomIds('job')}`;
      const text = `Once upon a time ${'x'.repeat(200_000)}`;
      const job = await jobs.enqueue({
        kind: 'narration',
        accountId,
        input: { text, characters: text.length, voiceId: 'std-aria' },
      });
      const slim = JSON.parse((await jobs.find(job.id, { omitInput: ['text'] }))!.input);
      expect(slim).toEqual({ characters: text.length, voiceId: 'std-aria' });
      const listed = await jobs.listForAccount(accountId, 'narration', 10, { omitInput: ['text'] });
      expect(JSON.parse(listed[0]!.input)).toEqual(slim);
      expect(JSON.parse((await jobs.find(job.id))!.input).text).toBe(text);
      const clipped = await jobs.listForAccount(accountId, 'narration', 10, { clipInput: { text: 20 } });
      expect(JSON.parse(clipped[0]!.input)).toEqual({
        text: text.slice(0, 20),
        characters: text.length,
        voiceId: 'std-aria',
      });
      await expect(jobs.find(job.id, { omitInput: ["text') --"] })).rejects.toThrow();
      await expect(
        jobs.listForAccount(accountId, 'narration', 10, { clipInput: { "text') --": 5 } }),
      ).rejects.toThrow();
    });

    test('a job enqueued on node A and claimed by node B completes there like on one node', async () => {
      const nodeA = scheduler();
      const nodeB = scheduler();
      const accountId = await backend.account(100);
      const reservationId = await reserve(accountId, 25);
      let ranOn = '';
      nodeB.register('narration', {
        run: async ({ job, complete, progress }) => {
          ranOn = 'B';
          await progress(5, 10);
          expect(await complete({ node: 'B', input: JSON.parse(job.input) })).toBe(true);
        },
      });
      const job = await nodeA.enqueue({ kind: 'narration', input: { text: 'hello' }, accountId, reservationId });
      expect(await nodeA.runDue()).toBe(0); // A has no handler for the kind, so it never claims it
      expect(await nodeB.runDue()).toBe(1);
      expect(ranOn).toBe('B');
      const seenFromA = (await nodeA.find(job.id))!;
      expect(seenFromA).toMatchObject({ status: 'completed', attempts: 1 });
      expect(JSON.parse(seenFromA.result!)).toEqual({ node: 'B', input: { text: 'hello' } });
      expect(await backend.ledger.reservationStatus(reservationId)).toBe('captured');
    });

    test('a job whose node died is taken over after its lease by another node, completes once with attempts = 2', async () => {
      const dead = scheduler(frozen(backend.node()));
      const alive = scheduler();
      const accountId = await backend.account(100);
      const reservationId = await reserve(accountId, 10);
      let completions = 0;
      let wake!: () => void;
      let started = false;
      dead.register('webhook', {
        run: () => {
          started = true;
          return new Promise<void>((resolve) => (wake = resolve));
        },
      });
      alive.register('webhook', {
        run: async ({ complete }) => {
          if (await complete({ ok: true })) completions++;
        },
      });
      const job = await alive.enqueue({ kind: 'webhook', input: {}, accountId, reservationId });
      const deadRun = dead.runDue();
      while (!started) await Bun.sleep(5);
      expect((await alive.find(job.id))!.status).toBe('running');
      expect(await alive.runDue()).toBe(0); // lease still valid
      await backend.advance(backend.leaseMs + 100);
      expect(await alive.runDue()).toBe(1);
      expect(await alive.find(job.id)).toMatchObject({ status: 'completed', attempts: 2 });
      expect(completions).toBe(1);
      expect(await backend.ledger.reservationStatus(reservationId)).toBe('captured');
      wake();
      await deadRun;
    });

    test('a lease that expires on the last attempt fails the job at the next claim and voids its credits', async () => {
      const dead = scheduler(frozen(backend.node()), { maxAttempts: 1 });
      const other = scheduler(backend.node(), { maxAttempts: 1 });
      const accountId = await backend.account(100);
      const reservationId = await reserve(accountId, 10);
      let wake!: () => void;
      let started = false;
      let failures = 0;
      dead.register('presenter_video', {
        run: () => {
          started = true;
          return new Promise<void>((resolve) => (wake = resolve));
        },
      });
      other.register('presenter_video', {
        run: async () => {
          throw new Error('must not run again');
        },
        onFailed: () => {
          failures++;
          return [];
        },
        onSettled: async () => void failures++,
      });
      const job = await other.enqueue({ kind: 'presenter_video', input: {}, accountId, reservationId });
      const deadRun = dead.runDue();
      while (!started) await Bun.sleep(5);
      await backend.advance(backend.leaseMs + 100);
      expect(await other.runDue()).toBe(0);
      expect(await other.find(job.id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'lease expired on the last attempt',
      });
      expect(failures).toBe(2); // the failure hook, then the clean-up
      expect(await backend.ledger.reservationStatus(reservationId)).toBe('voided');
      wake();
      await deadRun;
    });

    test('drain hands a running job back without spending an attempt; another node then runs it', async () => {
      const leaving = scheduler(backend.node(), { pollMs: 10 });
      const staying = scheduler();
      let started = 0;
      leaving.register('webhook', {
        run: ({ signal }) =>
          new Promise((_, reject) => {
            started++;
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      });
      staying.register('webhook', { run: async ({ complete }) => void (await complete({ by: 'staying' })) });
      const job = await leaving.enqueue({ kind: 'webhook', input: {} });
      leaving.start();
      while (started === 0) await Bun.sleep(5);
      await leaving.drain(20);
      expect(await leaving.find(job.id)).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null });
      expect(await staying.runDue()).toBe(1);
      expect(await staying.find(job.id)).toMatchObject({ status: 'completed', attempts: 1 });
    });

    test('a completion after the lease was lost is refused, and the credits are captured once', async () => {
      const first = scheduler(frozen(backend.node()));
      const second = scheduler();
      const accountId = await backend.account(100);
      const reservationId = await reserve(accountId, 10);
      let release!: () => void;
      let started = false;
      let firstResult: boolean | undefined;
      first.register('webhook', {
        run: async ({ complete }) => {
          started = true;
          await new Promise<void>((resolve) => (release = resolve));
          firstResult = await complete({ from: 'first' });
        },
      });
      second.register('webhook', { run: async ({ complete }) => void (await complete({ from: 'second' })) });
      const job = await first.enqueue({ kind: 'webhook', input: {}, accountId, reservationId });
      const running = first.runDue();
      while (!started) await Bun.sleep(5);
      await backend.advance(backend.leaseMs + 100);
      await second.runDue();
      release();
      await running;
      expect(firstResult).toBe(false);
      expect(JSON.parse((await first.find(job.id))!.result!)).toEqual({ from: 'second' });
      expect(await backend.ledger.balance(accountId)).toBe(90);
    });

    test('only the lease holder can renew, report progress or complete', async () => {
      const store = backend.node();
      const job = await store.insert({ id: randomIds('job'), kind: 'webhook', input: {}, maxAttempts: 3, total: 10 });
      const claimed = await store.claim({ owner: 'a', kinds: ['webhook'], leaseMs: 60_000, followUps: () => [] });
      expect(claimed).toMatchObject({ kind: 'claimed', job: { id: job.id, leaseOwner: 'a' } });
      expect(await store.renew(job.id, 'b', 60_000)).toBe(false);
      await store.progress(job.id, 'b', 7, 10);
      expect(await store.complete(job.id, 'b', {}, [])).toBe(false);
      expect(
        await store.fail(job.id, 'b', 'not mine', { permanent: true, retryDelayMs: () => 0, followUps: () => [] }),
      ).toBeUndefined();
      expect(await store.find(job.id)).toMatchObject({ status: 'running', leaseOwner: 'a', progressDone: 0 });
      expect(await store.renew(job.id, 'a', 60_000)).toBe(true);
      await store.progress(job.id, 'a', 7, 10);
      expect(await store.find(job.id)).toMatchObject({ progressDone: 7 });
      expect(await store.complete(job.id, 'a', { ok: true }, [])).toBe(true);
      expect(await store.renew(job.id, 'a', 60_000)).toBe(false);
    });

    test('backlog and stats count jobs per state', async () => {
      const jobs = scheduler();
      const before = await jobs.stats();
      await jobs.enqueue({ kind: 'presenter_video', input: {} });
      const after = await jobs.stats();
      expect(after.byState.queued).toBe(before.byState.queued! + 1);
      expect(await jobs.backlog('presenter_video')).toBeGreaterThanOrEqual(1);
      expect(after.oldestWaitingMs).toBeGreaterThanOrEqual(0);
    });
  });
}
