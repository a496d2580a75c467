import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { randomIds } from '../src/db/ids.ts';
import { migratePostgres, openPostgres, type PostgresDb } from '../src/db/postgres/client.ts';
import { jobs } from '../src/db/postgres/schema.ts';
import { LAST_ATTEMPT_LEASE_EXPIRED } from '../src/scheduler/job-store.ts';
import { PostgresJobStore } from '../src/scheduler/postgres-job-store.ts';
import type { JobKind } from '../src/scheduler/job-store.ts';
import { startPostgres, type TestPostgres } from './support/postgres.ts';

// The multi-node claim against a real Postgres: several pools stand in for several nodes.
let cluster: TestPostgres | undefined;
const pools: PostgresDb[] = [];
let url = '';
beforeAll(async () => {
  cluster = await startPostgres();
  url = await cluster.createDatabase('claims');
  const db = openPostgres(url);
  pools.push(db);
  await migratePostgres(db);
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((db) => db.$client.end()));
  await cluster?.stop();
});

async function databaseNow(db: PostgresDb): Promise<number> {
  const { rows } = await db.$client.query<{ ms: string }>('SELECT floor(extract(epoch FROM now()) * 1000) AS ms');
  return Number(rows[0]!.ms);
}

async function enqueue(db: PostgresDb, count: number, fields: Partial<typeof jobs.$inferInsert> = {}) {
  const now = await databaseNow(db);
  const rows = Array.from({ length: count }, (_, index) => ({
    id: randomIds('job'),
    kind: 'narration' as JobKind,
    status: 'queued' as const,
    input: '{}',
    maxAttempts: 3,
    runAt: now - 1000 + index,
    createdAt: now,
    updatedAt: now,
    ...fields,
  }));
  await db.insert(jobs).values(rows);
  return rows.map((row) => row.id);
}

test('8 nodes claiming at once from 120 due jobs take each exactly once', async () => {
  const nodes = Array.from({ length: 8 }, () => openPostgres(url, { max: 3 }));
  pools.push(...nodes);
  const ids = await enqueue(nodes[0]!, 120);
  const claimed = new Map<string, string>();
  const duplicates: string[] = [];
  await Promise.all(
    nodes.flatMap((db, node) =>
      // Three workers per node, each claiming until nothing is due.
      Array.from({ length: 3 }, async (_, worker) => {
        const owner = `node-${node}-${worker}`;
        while (true) {
          const outcome = await claimJob(db, { owner, kinds: ['narration'], leaseMs: 30_000 });
          if (!outcome) break;
          expect(outcome.kind).toBe('claimed');
          if (claimed.has(outcome.job.id)) duplicates.push(outcome.job.id);
          claimed.set(outcome.job.id, owner);
        }
      }),
    ),
  );
  expect(duplicates).toEqual([]);
  expect([...claimed.keys()].sort()).toEqual([...ids].sort());
  const rows = await nodes[0]!.select().from(jobs);
  for (const row of rows) {
    expect(row).toMatchObject({ status: 'running', attempts: 1, leaseOwner: claimed.get(row.id) });
  }
  // More than one node did work: the claims really ran side by side.
  expect(new Set([...claimed.values()].map((owner) => owner.split('-')[1])).size).toBeGreaterThan(1);
  await nodes[0]!.delete(jobs);
}, 60_000);

test('leases on the database clock; expired leases reclaimed, last attempts fail, future jobs wait', async () => {
  const db = pools[0]!;
  const now = await databaseNow(db);
  // A node clock far in the future cannot matter: the job rows carry only database times for leases.
  const [future] = await enqueue(db, 1, { runAt: now + 3_600_000 });
  const [other] = await enqueue(db, 1, { kind: 'webhook' });
  const [due] = await enqueue(db, 1);
  const first = await claimJob(db, { owner: 'a', kinds: ['narration'], leaseMs: 45_000 });
  expect(first?.kind).toBe('claimed');
  expect(first!.job.id).toBe(due!);
  const after = await databaseNow(db);
  expect(first!.job.leaseExpiresAt!).toBeGreaterThanOrEqual(now + 45_000);
  expect(first!.job.leaseExpiresAt!).toBeLessThanOrEqual(after + 45_000);
  // A live lease is not taken, nor a job of another kind, nor one not yet due.
  expect(await claimJob(db, { owner: 'b', kinds: ['narration'], leaseMs: 45_000 })).toBeUndefined();

  // The lease runs out (its node died): another node reclaims it with a new attempt.
  await db
    .update(jobs)
    .set({ leaseExpiresAt: now - 1 })
    .where(eqId(due!));
  const second = await claimJob(db, { owner: 'b', kinds: ['narration'], leaseMs: 45_000 });
  expect(second).toMatchObject({ kind: 'claimed', job: { id: due, leaseOwner: 'b', attempts: 2 } });

  // On its last attempt an expired lease ends the job instead of running it again.
  await db
    .update(jobs)
    .set({ leaseExpiresAt: now - 1, attempts: 3 })
    .where(eqId(due!));
  const third = await claimJob(db, { owner: 'c', kinds: ['narration'], leaseMs: 45_000 });
  expect(third).toMatchObject({
    kind: 'exhausted',
    job: { id: due, status: 'failed', leaseOwner: null, attempts: 3, lastError: LAST_ATTEMPT_LEASE_EXPIRED },
  });
  expect(third!.job.finishedAt).not.toBeNull();
  expect(await claimJob(db, { owner: 'c', kinds: ['narration'], leaseMs: 45_000 })).toBeUndefined();
  expect(await claimJob(db, { owner: 'c', kinds: ['webhook'], leaseMs: 45_000 })).toMatchObject({ job: { id: other } });
  const [waiting] = await db.select().from(jobs).where(eqId(future!));
  expect(waiting).toMatchObject({ status: 'queued', attempts: 0 });
}, 60_000);

/** The store's claim with no follow-ups, as each node's scheduler makes it. */
function claimJob(db: PostgresDb, options: { owner: string; kinds: JobKind[]; leaseMs: number }) {
  return new PostgresJobStore(db).claim({ ...options, followUps: () => [] });
}

function eqId(id: string) {
  return eq(jobs.id, id);
}
