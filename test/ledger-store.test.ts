import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import type { LedgerStore } from '../src/billing/ledger-store.ts';
import { PostgresLedgerStore } from '../src/billing/postgres-ledger-store.ts';
import { SqliteLedgerStore } from '../src/billing/sqlite-ledger-store.ts';
import { randomIds } from '../src/db/ids.ts';
import { DAY_MS, fixedClock, type Clock } from '../src/lib/clock.ts';
import {
  postgresBackend,
  sqliteBackend,
  startPostgres,
  type AnyHandle,
  type BackendDatabase,
  type TestPostgres,
} from './support/store-backends.ts';

// One conformance suite, run on SQLite and on a real throwaway Postgres: the same model, the same numbers.
let cluster: TestPostgres | undefined;
beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

function ledgerFor(handle: AnyHandle, clock: Clock): LedgerStore {
  return handle.kind === 'sqlite'
    ? new SqliteLedgerStore(handle.db, clock, randomIds)
    : new PostgresLedgerStore(handle.db, clock, randomIds);
}

type Operation =
  | { kind: 'grant'; credits: number; days: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'reserve'; credits: number }
  | { kind: 'capture'; pick: number }
  | { kind: 'void'; pick: number }
  | { kind: 'reap' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('grant' as const),
    credits: fc.integer({ min: 1, max: 2000 }),
    days: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 24 * 40 }) }),
  fc.record({ kind: fc.constant('reserve' as const), credits: fc.integer({ min: 1, max: 1500 }) }),
  fc.record({ kind: fc.constant('capture' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.constant({ kind: 'reap' as const }),
);

const backends: [string, () => Promise<BackendDatabase<AnyHandle>>][] = [
  ['sqlite', () => sqliteBackend()],
  ['postgres', () => postgresBackend(cluster!)],
];

for (const [name, open] of backends) {
  describe(`ledger store on ${name}`, () => {
    test('random grants, expiries, reserves, captures, voids, reaps: never overdrawn, always balanced', async () => {
      const backend = await open();
      try {
        const handle = await backend.connect();
        await fc.assert(
          fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 30 }), async (operations) => {
            const clock = fixedClock('2026-01-15T00:00:00Z');
            const ledger = ledgerFor(handle, clock);
            const { accountId } = await backend.account(handle);
            // The model: grants (left, expiry) and holds (which grants each drew from).
            const grants: { id: string; left: number; expiresAt: number }[] = [];
            const holds = new Map<string, { id: string; credits: number }[]>();
            const ever: string[] = [];
            const spendable = () =>
              grants.filter((grant) => grant.expiresAt > clock.now()).reduce((total, grant) => total + grant.left, 0);
            for (const step of operations) {
              if (step.kind === 'grant') {
                const id = await ledger.grant({
                  accountId,
                  credits: step.credits,
                  source: 'admin',
                  expiresInDays: step.days,
                });
                grants.push({ id, left: step.credits, expiresAt: clock.now() + step.days * DAY_MS });
              } else if (step.kind === 'advance') {
                clock.advance(step.hours * 60 * 60 * 1000);
              } else if (step.kind === 'reserve') {
                const before = spendable();
                const outcome = await ledger.reserve({
                  accountId,
                  apiKeyId: null,
                  product: 'speech',
                  characters: step.credits * 10,
                  credits: step.credits,
                  holdMs: 10 * DAY_MS,
                });
                expect(outcome.ok).toBe(before >= step.credits);
                if (outcome.ok) {
                  // Soonest-expiring first, never from expired grants.
                  const from: { id: string; credits: number }[] = [];
                  let needed = step.credits;
                  const usable = grants.filter((grant) => grant.expiresAt > clock.now() && grant.left > 0);
                  for (const grant of usable.sort((a, b) => a.expiresAt - b.expiresAt)) {
                    const take = Math.min(needed, grant.left);
                    grant.left -= take;
                    needed -= take;
                    from.push({ id: grant.id, credits: take });
                    if (needed === 0) break;
                  }
                  holds.set(outcome.reservationId, from);
                  ever.push(outcome.reservationId);
                } else {
                  expect(outcome).toMatchObject({ code: 'insufficient_credits', balance: before });
                }
              } else if (step.kind === 'capture' || step.kind === 'void') {
                if (ever.length === 0) continue;
                const id = ever[step.pick % ever.length]!;
                const expected = holds.has(id);
                const settled = step.kind === 'capture' ? await ledger.capture(id) : await ledger.void(id, 'model');
                expect(settled).toBe(expected);
                if (expected && step.kind === 'void') {
                  for (const part of holds.get(id)!) grants.find((grant) => grant.id === part.id)!.left += part.credits;
                }
                holds.delete(id);
              } else {
                await ledger.reap();
                // Stale holds the reaper returned go back to their grants in the model too.
                for (const [id, from] of holds) {
                  if ((await ledger.reservationStatus(id)) !== 'voided') continue;
                  for (const part of from) grants.find((grant) => grant.id === part.id)!.left += part.credits;
                  holds.delete(id);
                }
              }
              const balance = await ledger.balance(accountId);
              expect(balance).toBeGreaterThanOrEqual(0);
              expect(balance).toBe(spendable());
              const held = [...holds.values()].flat().reduce((total, part) => total + part.credits, 0);
              expect(await ledger.heldCredits(accountId)).toBe(held);
            }
          }),
          { numRuns: 40 },
        );
      } finally {
        await backend.close();
      }
    }, 180_000);

    test('200 parallel reserves from 3 handles against a balance covering 100: exactly 100 succeed', async () => {
      const backend = await open();
      try {
        const handles = [await backend.connect(), await backend.connect(), await backend.connect()];
        const clock = fixedClock('2026-03-10T12:00:00Z');
        const ledgers = handles.map((handle) => ledgerFor(handle, clock));
        const { accountId, keyId } = await backend.account(handles[0]!);
        // 100 reserves of 7 credits, spread over grants of uneven size and expiry.
        await ledgers[0]!.grant({ accountId, credits: 200, source: 'admin', expiresInDays: 30 });
        await ledgers[0]!.grant({ accountId, credits: 251, source: 'purchase', expiresInDays: 10 });
        await ledgers[0]!.grant({ accountId, credits: 249, source: 'admin', expiresInDays: 60 });
        const outcomes = await Promise.all(
          Array.from({ length: 200 }, (_, index) =>
            ledgers[index % 3]!.reserve({
              accountId,
              apiKeyId: keyId,
              product: 'speech',
              characters: 70,
              credits: 7,
              holdMs: 60_000,
            }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(100);
        expect(outcomes.filter((outcome) => !outcome.ok && outcome.code === 'insufficient_credits')).toHaveLength(100);
        expect(await ledgers[1]!.balance(accountId)).toBe(0);
        expect(await ledgers[2]!.heldCredits(accountId)).toBe(700);
        // Settling them in parallel from every handle: each settles once, voids give back exactly what was held.
        const ids = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.reservationId] : []));
        const settled = await Promise.all(
          ids.flatMap((id, index) => [
            index % 2 === 0 ? ledgers[index % 3]!.capture(id) : ledgers[index % 3]!.void(id, 'test'),
            ledgers[(index + 1) % 3]!.void(id, 'race'),
          ]),
        );
        expect(settled.filter(Boolean)).toHaveLength(100);
        const voided = (await Promise.all(ids.map((id) => ledgers[0]!.reservationStatus(id)))).filter(
          (status) => status === 'voided',
        ).length;
        expect(await ledgers[0]!.balance(accountId)).toBe(voided * 7);
        expect(await ledgers[0]!.heldCredits(accountId)).toBe(0);
      } finally {
        await backend.close();
      }
    }, 120_000);

    test("a key's monthly cap holds under 50 parallel reserves from 3 handles", async () => {
      const backend = await open();
      try {
        const handles = [await backend.connect(), await backend.connect(), await backend.connect()];
        const clock = fixedClock('2026-03-10T12:00:00Z');
        const ledgers = handles.map((handle) => ledgerFor(handle, clock));
        const { accountId, keyId } = await backend.account(handles[0]!, { monthlyCap: 1000 });
        await ledgers[0]!.grant({ accountId, credits: 100_000, source: 'admin' });
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            ledgers[index % 3]!.reserve({
              accountId,
              apiKeyId: keyId,
              product: 'speech',
              characters: 100,
              credits: 10,
              holdMs: 60_000,
            }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(10);
        expect(outcomes.filter((outcome) => !outcome.ok && outcome.code === 'key_cap_exceeded')).toHaveLength(40);
        expect(await ledgers[0]!.monthCharactersForKey(keyId, true)).toBe(1000);
      } finally {
        await backend.close();
      }
    }, 60_000);

    test('plan credits arrive once per month boundary even when every handle asks at once', async () => {
      const backend = await open();
      try {
        const handles = [await backend.connect(), await backend.connect(), await backend.connect()];
        const clock = fixedClock('2026-03-10T12:00:00Z');
        const ledgers = handles.map((handle) => ledgerFor(handle, clock));
        const { accountId } = await backend.account(handles[0]!);
        // Make the March grant due now (the test helper creates accounts with no grant due).
        if (handles[0]!.kind === 'sqlite') {
          handles[0]!.db.$client
            .query('UPDATE accounts SET next_plan_grant_at = ? WHERE id = ?')
            .run(Date.parse('2026-03-01T00:00:00Z'), accountId);
        } else {
          await handles[0]!.db.$client.query('UPDATE accounts SET next_plan_grant_at = $1 WHERE id = $2', [
            Date.parse('2026-03-01T00:00:00Z'),
            accountId,
          ]);
        }
        const balances = await Promise.all(
          Array.from({ length: 12 }, (_, index) => ledgers[index % 3]!.balance(accountId)),
        );
        expect(new Set(balances)).toEqual(new Set([5000]));
        expect(await ledgers[0]!.grants(accountId)).toHaveLength(1);
      } finally {
        await backend.close();
      }
    }, 60_000);
  });
}
