import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FREE_LOGIN_ATTEMPTS, LoginThrottle } from '../src/auth/login-throttle.ts';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { randomIds } from '../src/db/ids.ts';
import { openStores } from '../src/db/open-stores.ts';
import { ABANDONED_AFTER_MS, IDEMPOTENCY_TTL_MS, NO_PLAN_GRANTS, type Stores } from '../src/db/stores.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { startPostgres, type TestPostgres } from './support/postgres.ts';

// Every store behind the async seam, run against both backends: a SQLite file, and a real Postgres cluster started for
// this file. "Nodes" are separate handles on one database, as separate recite processes would hold.
let cluster: TestPostgres | undefined;
const directory = mkdtempSync(join(tmpdir(), 'recite-stores-'));
const opened: Stores[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
}, 120_000);

afterAll(async () => {
  await Promise.all(opened.map((stores) => stores.close().catch(() => {})));
  await cluster?.stop();
  rmSync(directory, { recursive: true, force: true });
});

const RATE_LIMIT = 20;
/** Per hour: a refill every 3 minutes, so no burst in a test earns one and the count is exact on any clock. */
const SIGNUP_LIMIT = 20;
let databases = 0;

interface Backend {
  name: 'sqlite' | 'postgres';
  /** A fresh database; each call of `node()` opens another handle on it. */
  fresh(): Promise<{ node(): Promise<Stores>; clock: ReturnType<typeof fixedClock> }>;
}

const backends: Backend[] = [
  {
    name: 'sqlite',
    async fresh() {
      const path = join(directory, `stores-${databases++}.db`);
      const clock = fixedClock('2026-03-10T12:00:00Z');
      return { clock, node: async () => open(path, clock) };
    },
  },
  {
    name: 'postgres',
    async fresh() {
      const url = await cluster!.createDatabase(`conformance_${databases++}`);
      const clock = fixedClock('2026-03-10T12:00:00Z');
      return { clock, node: async () => open(url, clock) };
    },
  },
];

async function open(database: string, clock: ReturnType<typeof fixedClock>): Promise<Stores> {
  const stores = openStores({
    database,
    clock,
    ids: randomIds,
    rateLimitPerMinute: RATE_LIMIT,
    signupLimitPerHour: SIGNUP_LIMIT,
    poolSize: 5,
  });
  opened.push(stores);
  await stores.migrate();
  return stores;
}

for (const backend of backends) {
  describe(`stores on ${backend.name}`, () => {
    test('accounts: unique email whatever its case, keys by hash, revoke, update, plans', async () => {
      const { node, clock } = await backend.fresh();
      const stores = await node();
      const { accounts } = stores;
      const account = (await accounts.createAccount({
        email: ' Reader@Example.test ',
        password: 'pw-123456789',
        plan: 'basic',
      }))!;
      expect(account.email).toBe('Reader@Example.test');
      expect(account.nextPlanGrantAt).toBe(Date.parse('2026-03-01T00:00:00Z'));
      expect(
        await accounts.createAccount({ email: 'reader@example.TEST', password: 'x-123456789', plan: 'pro' }),
      ).toBeNull();
      expect((await accounts.findAccountByEmail('READER@example.test'))?.id).toBe(account.id);
      expect(await Bun.password.verify('pw-123456789', (await accounts.findAccount(account.id))!.passwordHash)).toBe(
        true,
      );

      const first = await accounts.createApiKey({ accountId: account.id, name: ' first ' });
      clock.advance(1000);
      const second = await accounts.createApiKey({ accountId: account.id, monthlyCapCharacters: 500 });
      expect(first.record.name).toBe('first');
      expect(second.record.name).toBe('API key');
      expect((await accounts.findActiveKey(first.key))?.id).toBe(first.record.id);
      expect((await accounts.listKeys(account.id)).map((key) => key.id)).toEqual([second.record.id, first.record.id]);
      expect(
        await accounts.updateKey(second.record.id, account.id, { name: 'renamed', monthlyCapCharacters: null }),
      ).toBe(true);
      expect(await accounts.updateKey(second.record.id, 'someone-else', { name: 'stolen' })).toBe(false);
      expect(await accounts.findKey(second.record.id)).toMatchObject({ name: 'renamed', monthlyCapCharacters: null });

      await accounts.touchKey(first.record.id);
      expect((await accounts.findKey(first.record.id))?.lastUsedAt).toBe(clock.now());
      expect(await accounts.revokeKey(first.record.id, 'someone-else')).toBe(false);
      expect(await accounts.revokeKey(first.record.id, account.id)).toBe(true);
      expect(await accounts.revokeKey(first.record.id)).toBe(false);
      expect(await accounts.findActiveKey(first.key)).toBeUndefined();

      // A sign-up (no plan grants) starts them this month when an operator sets a plan; a planned account keeps its schedule.
      const trial = (await accounts.createAccount({
        email: 'trial@example.test',
        password: 'pw-123456789',
        plan: 'basic',
        firstPlanGrantAt: NO_PLAN_GRANTS,
      }))!;
      clock.set('2026-04-20T00:00:00Z');
      expect(await accounts.setPlan(trial.id, 'creator')).toBe(true);
      expect(await accounts.findAccount(trial.id)).toMatchObject({
        plan: 'creator',
        nextPlanGrantAt: Date.parse('2026-04-01T00:00:00Z'),
      });
      expect(await accounts.setPlan(account.id, 'pro')).toBe(true);
      expect((await accounts.findAccount(account.id))?.nextPlanGrantAt).toBe(Date.parse('2026-03-01T00:00:00Z'));
      expect(await accounts.setPlan('no-such-account', 'pro')).toBe(false);
    });

    test('plan grants: the first banks from the sign-up; a plan set by an operator pays at once', async () => {
      const { node, clock } = await backend.fresh();
      const stores = await node();
      const account = (await stores.accounts.createAccount({
        email: 'p@example.test',
        password: 'pw-123456789',
        plan: 'basic',
      }))!;
      const [first] = await stores.ledger.grants(account.id);
      expect(first).toMatchObject({ source: 'plan', credits: 5000, grantedAt: Date.parse('2026-03-10T12:00:00Z') });
      expect(first!.expiresAt).toBe(Date.parse('2026-03-10T12:00:00Z') + 90 * 24 * 3600 * 1000);
      const trial = (await stores.accounts.createAccount({
        email: 't@example.test',
        password: 'pw-123456789',
        plan: 'basic',
        firstPlanGrantAt: NO_PLAN_GRANTS,
      }))!;
      expect(await stores.ledger.balance(trial.id)).toBe(0);
      clock.advance(1000);
      await stores.accounts.setPlan(trial.id, 'creator');
      expect(await stores.ledger.balance(trial.id)).toBe(20_000);
    });

    test('sessions and the server secret are shared by every node', async () => {
      const { node, clock } = await backend.fresh();
      const [a, b] = [await node(), await node()];
      const account = (await a.accounts.createAccount({
        email: 's@example.test',
        password: 'pw-123456789',
        plan: 'basic',
      }))!;
      const session = await a.sessions.create(account.id);
      expect(await b.sessions.find(session.token)).toEqual({ accountId: account.id, csrfToken: session.csrfToken });
      expect(await b.sessions.find('not-a-session')).toBeUndefined();
      await b.sessions.destroy(session.token);
      expect(await a.sessions.find(session.token)).toBeUndefined();
      const lasting = await a.sessions.create(account.id);
      clock.advance(31 * 24 * 3600 * 1000);
      expect(await b.sessions.find(lasting.token)).toBeUndefined();

      const secrets = await Promise.all([a.settings.secret(undefined), b.settings.secret(undefined)]);
      expect(secrets[0]).toHaveLength(43);
      expect(secrets[1]).toBe(secrets[0]);
      expect(await b.settings.secret('configured')).toBe('configured');
    });

    test('usage: captured characters and credits per key this month, and per UTC day, as numbers', async () => {
      const { node, clock } = await backend.fresh();
      const stores = await node();
      const account = (await stores.accounts.createAccount({
        email: 'u@example.test',
        password: 'pw-123456789',
        plan: 'basic',
        firstPlanGrantAt: NO_PLAN_GRANTS,
      }))!;
      const key = await stores.accounts.createApiKey({ accountId: account.id });
      await stores.ledger.grant({ accountId: account.id, credits: 1000, source: 'admin' });
      const spend = async (characters: number, apiKeyId: string | null) => {
        const outcome = await stores.ledger.reserve({
          accountId: account.id,
          apiKeyId,
          product: 'speech',
          characters,
          credits: Math.ceil(characters / 10),
          holdMs: 60_000,
        });
        if (!outcome.ok) throw new Error(outcome.code);
        await stores.ledger.capture(outcome.reservationId);
      };
      await spend(100, key.record.id);
      await spend(50, key.record.id);
      clock.advance(24 * 3600 * 1000);
      await spend(30, null);
      // Held, not captured: not usage.
      await stores.ledger.reserve({
        accountId: account.id,
        apiKeyId: key.record.id,
        product: 'speech',
        characters: 999,
        credits: 5,
        holdMs: 60_000,
      });

      const month = await stores.usage.monthByKey(account.id);
      const byKey = new Map(month.map((row) => [row.apiKeyId, row]));
      expect(byKey.get(key.record.id)).toEqual({ apiKeyId: key.record.id, characters: 150, credits: 15, requests: 2 });
      expect(byKey.get(null)).toEqual({ apiKeyId: null, characters: 30, credits: 3, requests: 1 });
      expect(await stores.usage.daily(account.id, 30)).toEqual([
        { day: '2026-03-10', characters: 150, credits: 15 },
        { day: '2026-03-11', characters: 30, credits: 3 },
      ]);
    });

    test('idempotency: claim, conflict, mismatch, replay, release, expiry, abandonment; one claim wins across nodes', async () => {
      const { node, clock } = await backend.fresh();
      const [a, b, c] = [await node(), await node(), await node()];
      const account = (await a.accounts.createAccount({
        email: 'i@example.test',
        password: 'pw-123456789',
        plan: 'basic',
      }))!;
      const id = account.id;
      expect(await a.idempotency.begin(id, 'k1', 'hash-1')).toEqual({ state: 'new' });
      expect(await b.idempotency.begin(id, 'k1', 'hash-1')).toEqual({ state: 'in_flight' });
      expect(await b.idempotency.begin(id, 'k1', 'hash-2')).toEqual({ state: 'mismatch' });
      await a.idempotency.complete(id, 'k1', {
        status: 200,
        headers: { 'content-type': 'audio/mpeg' },
        bodyKey: 'body/1',
      });
      const replay = await c.idempotency.begin(id, 'k1', 'hash-1');
      expect(replay.state).toBe('replay');
      if (replay.state === 'replay')
        expect(replay.record).toMatchObject({ responseStatus: 200, responseBodyKey: 'body/1', status: 'completed' });
      expect(JSON.parse(replay.state === 'replay' ? replay.record.responseHeaders! : '{}')).toEqual({
        'content-type': 'audio/mpeg',
      });

      // A failed request releases its key; a vanished body is forgotten.
      expect(await a.idempotency.begin(id, 'k2', 'h')).toEqual({ state: 'new' });
      await b.idempotency.release(id, 'k2');
      expect(await c.idempotency.begin(id, 'k2', 'other')).toEqual({ state: 'new' });
      await c.idempotency.forget(id, 'k1');
      expect(await a.idempotency.begin(id, 'k1', 'hash-3')).toEqual({ state: 'new' });

      // A pending claim abandoned by a dead process is free again after ABANDONED_AFTER_MS.
      clock.advance(ABANDONED_AFTER_MS + 1);
      expect(await b.idempotency.begin(id, 'k2', 'again')).toEqual({ state: 'new' });

      // An expired completed key hands its old body to the next claim, and purge returns the expired ones.
      expect(await a.idempotency.begin(id, 'k3', 'h3')).toEqual({ state: 'new' });
      await a.idempotency.complete(id, 'k3', { status: 200, headers: {}, bodyKey: 'body/3' });
      expect(await a.idempotency.begin(id, 'k4', 'h4')).toEqual({ state: 'new' });
      await a.idempotency.complete(id, 'k4', { status: 200, headers: {}, bodyKey: 'body/4' });
      clock.advance(IDEMPOTENCY_TTL_MS + 1);
      expect(await b.idempotency.begin(id, 'k3', 'h3-new')).toEqual({ state: 'new', staleBodyKey: 'body/3' });
      const purged = await c.idempotency.purgeExpired();
      expect(purged.map((record) => record.responseBodyKey).sort()).toContain('body/4');
      expect(purged.map((record) => record.key)).not.toContain('k3');

      // Thirty claims of one fresh key from three nodes at once: exactly one runs.
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, index) => [a, b, c][index % 3]!.idempotency.begin(id, 'race', 'same-body')),
      );
      expect(outcomes.filter((outcome) => outcome.state === 'new')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.state === 'in_flight')).toHaveLength(29);
    });

    test('rate limits: limit + 10 requests spread over three nodes give exactly the limit', async () => {
      const { node } = await backend.fresh();
      const nodes = [await node(), await node(), await node()];
      // The hourly sign-up limit: its window is far longer than the burst, so even on the database clock it is exact.
      const burst = await Promise.all(
        Array.from({ length: SIGNUP_LIMIT + 10 }, (_, index) => nodes[index % 3]!.signups.check('192.0.2.1')),
      );
      expect(burst.filter((result) => result.allowed)).toHaveLength(SIGNUP_LIMIT);
      const refused = burst.find((result) => !result.allowed)!;
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(170);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(180);
      // The per-minute key limit, the same arithmetic: a burst slower than one refill (3 s) on Postgres's moving
      // clock earns one more per refill; SQLite runs on the test's fixed clock, so there it is exact.
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: RATE_LIMIT + 10 }, (_, index) => nodes[index % 3]!.rateLimits.check('key-1')),
      );
      const refills =
        backend.name === 'postgres' ? Math.floor((performance.now() - started) / (60_000 / RATE_LIMIT)) : 0;
      const allowed = results.filter((result) => result.allowed).length;
      expect(allowed).toBeGreaterThanOrEqual(RATE_LIMIT);
      expect(allowed).toBeLessThanOrEqual(RATE_LIMIT + refills);
      // Another key has its own budget, and so has another address.
      expect((await nodes[1]!.rateLimits.check('key-2')).allowed).toBe(true);
      expect((await nodes[2]!.signups.check('192.0.2.2')).allowed).toBe(true);
    });

    test('login throttle: free failures, then one attempt at a time, shared by every node; success clears it', async () => {
      const { node } = await backend.fresh();
      const nodes = [await node(), await node(), await node()];
      const throttles = nodes.map((stores) => new LoginThrottle(stores.loginThrottle));
      // Ten parallel guesses over three nodes: only the free attempts are let through, because each counts until it settles.
      const attempts = await Promise.all(
        Array.from({ length: 10 }, (_, index) => throttles[index % 3]!.reserve('Victim@example.test', '203.0.113.9')),
      );
      const allowed = attempts.filter((attempt) => attempt.ok);
      expect(allowed).toHaveLength(FREE_LOGIN_ATTEMPTS);
      // Four fail; the fifth is still being checked, so nothing more may start on any node, whatever the time.
      for (const attempt of allowed.slice(1)) if (attempt.ok) await attempt.settle(false);
      const refused = await throttles[1]!.reserve('victim@example.test', '203.0.113.9');
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.waitSeconds).toBeGreaterThanOrEqual(1);
      const last = allowed[0]!;
      if (last.ok) await last.settle(false);
      // The victim on their own address is not held up, and a success there forgets that pair.
      const own = await throttles[2]!.reserve('victim@example.test', '198.51.100.1');
      expect(own.ok).toBe(true);
      if (own.ok) await own.settle(true);
      expect(await nodes[0]!.loginThrottle.sweep()).toBeGreaterThanOrEqual(0);
    });
  });
}

describe('storage for several nodes', () => {
  const database = 'postgres://recite@127.0.0.1:5432/recite';
  test('with a postgres:// database, file: storage stops start-up unless it is marked as a shared mount', () => {
    let problems: string[] = [];
    try {
      loadConfig({ RECITE_DATABASE: database, RECITE_STORAGE: 'file:./data/audio' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('use s3://bucket/prefix, or set RECITE_STORAGE_SHARED=true');
    expect(
      loadConfig({ RECITE_DATABASE: database, RECITE_STORAGE: 'file:/mnt/shared', RECITE_STORAGE_SHARED: 'true' })
        .storageShared,
    ).toBe(true);
    expect(loadConfig({ RECITE_DATABASE: database, RECITE_STORAGE: 's3://bucket/prefix' }).databasePath).toBe(database);
    // One node on SQLite keeps its local disk, as before.
    expect(loadConfig({ RECITE_DATABASE: './data/recite.db' }).storage).toBe('file:./data/audio');
  });
});
