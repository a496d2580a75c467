import { afterAll, expect, test } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteAccountStore as AccountStore } from '../src/db/account-store.ts';
import { openDatabase } from '../src/db/client.ts';
import { randomIds } from '../src/db/ids.ts';
import { Ledger } from '../src/billing/sqlite-ledger.ts';
import { DAY_MS, fixedClock } from '../src/lib/clock.ts';

// The ledger against a model a person can check by eye: a list of grants (amount left, expiry) and a map of holds.
const directory = mkdtempSync(join(tmpdir(), 'recite-ledger-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

type Operation =
  | { kind: 'grant'; credits: number; days: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'reserve'; credits: number; video: boolean }
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
  fc.record({ kind: fc.constant('reserve' as const), credits: fc.integer({ min: 1, max: 1500 }), video: fc.boolean() }),
  fc.record({ kind: fc.constant('capture' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
  fc.constant({ kind: 'reap' as const }),
);

let run = 0;
test('the ledger matches the model for any sequence of grants, expiries, reservations, captures and voids', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 40 }), async (operations) => {
      const clock = fixedClock('2026-01-15T00:00:00Z');
      const db = openDatabase(join(directory, `model-${run++}.db`));
      try {
        const accounts = new AccountStore(db, clock, randomIds);
        const ledger = new Ledger(db, clock, randomIds);
        const account = (await accounts.createAccount({
          email: 'model@example.test',
          password: 'model-password',
          plan: 'basic',
          firstPlanGrantAt: Number.MAX_SAFE_INTEGER,
        }))!;
        const model = {
          grants: [] as { id: string; left: number; expiresAt: number }[],
          holds: new Map<string, { from: { id: string; credits: number }[] }>(),
        };
        const spendable = () =>
          model.grants.filter((grant) => grant.expiresAt > clock.now()).reduce((total, grant) => total + grant.left, 0);
        const held = [...model.holds.keys()];

        for (const step of operations) {
          switch (step.kind) {
            case 'grant': {
              const id = ledger.grant({
                accountId: account.id,
                credits: step.credits,
                source: 'admin',
                expiresInDays: step.days,
              });
              model.grants.push({ id, left: step.credits, expiresAt: clock.now() + step.days * DAY_MS });
              break;
            }
            case 'advance':
              clock.advance(step.hours * 60 * 60 * 1000);
              break;
            case 'reserve': {
              const credits = step.video ? 500 : step.credits;
              const outcome = ledger.reserve({
                accountId: account.id,
                apiKeyId: null,
                product: step.video ? 'presenter_video' : 'speech',
                characters: credits * 10,
                credits,
                holdMs: 10 * DAY_MS,
              });
              expect(outcome.ok).toBe(spendable() >= credits);
              if (outcome.ok) {
                // Soonest-expiring first, never from expired grants.
                const from: { id: string; credits: number }[] = [];
                let needed = credits;
                for (const grant of [...model.grants]
                  .filter((entry) => entry.expiresAt > clock.now() && entry.left > 0)
                  .sort((a, b) => a.expiresAt - b.expiresAt)) {
                  const take = Math.min(needed, grant.left);
                  grant.left -= take;
                  needed -= take;
                  from.push({ id: grant.id, credits: take });
                  if (needed === 0) break;
                }
                model.holds.set(outcome.reservationId, { from });
                held.push(outcome.reservationId);
              }
              break;
            }
            case 'capture':
            case 'void': {
              if (held.length === 0) break;
              const id = held[step.pick % held.length]!;
              const expected = model.holds.has(id);
              const settled = step.kind === 'capture' ? ledger.capture(id) : ledger.void(id, 'model');
              expect(settled).toBe(expected);
              if (expected && step.kind === 'void')
                for (const part of model.holds.get(id)!.from)
                  model.grants.find((grant) => grant.id === part.id)!.left += part.credits;
              model.holds.delete(id);
              break;
            }
            case 'reap': {
              // Holds last ten days; the reaper returns the stale ones and zeroes expired grants.
              ledger.reap();
              break;
            }
          }
          const balance = ledger.balance(account.id);
          expect(balance).toBeGreaterThanOrEqual(0);
          // Holds past their time are voided by the reaper only; until then the model keeps them held.
          if (step.kind !== 'reap') expect(balance).toBe(spendable());
          else {
            // Re-sync the model with what the reaper legitimately did (stale holds returned).
            for (const [id, hold] of model.holds) {
              const row = db.$client
                .query<{ status: string }, [string]>('SELECT status FROM reservations WHERE id = ?')
                .get(id)!;
              if (row.status === 'voided') {
                for (const part of hold.from) model.grants.find((grant) => grant.id === part.id)!.left += part.credits;
                model.holds.delete(id);
              }
            }
            expect(balance).toBe(spendable());
          }
        }
      } finally {
        db.$client.close();
      }
    }),
    { numRuns: 60 },
  );
}, 120_000);

test('a grant is spendable 1 s before its 90th day ends and not at 90 days', async () => {
  const clock = fixedClock('2026-02-01T00:00:00Z');
  const db = openDatabase(join(directory, 'expiry.db'));
  const accounts = new AccountStore(db, clock, randomIds);
  const ledger = new Ledger(db, clock, randomIds);
  const account = (await accounts.createAccount({
    email: 'e@example.test',
    password: 'expiry-password',
    plan: 'basic',
    firstPlanGrantAt: Number.MAX_SAFE_INTEGER,
  }))!;
  ledger.grant({ accountId: account.id, credits: 10, source: 'purchase' });
  clock.advance(90 * DAY_MS - 1000);
  expect(ledger.balance(account.id)).toBe(10);
  expect(
    ledger.reserve({
      accountId: account.id,
      apiKeyId: null,
      product: 'speech',
      characters: 50,
      credits: 5,
      holdMs: 60_000,
    }).ok,
  ).toBe(true);
  clock.advance(1000);
  expect(ledger.balance(account.id)).toBe(0);
  expect(
    ledger.reserve({
      accountId: account.id,
      apiKeyId: null,
      product: 'speech',
      characters: 10,
      credits: 1,
      holdMs: 60_000,
    }),
  ).toMatchObject({ ok: false, code: 'insufficient_credits' });
  db.$client.close();
});

test("plan credits arrive each UTC month and each month's grant banks for 90 days", async () => {
  const clock = fixedClock('2026-03-10T12:00:00Z');
  const db = openDatabase(join(directory, 'plans.db'));
  const accounts = new AccountStore(db, clock, randomIds);
  const ledger = new Ledger(db, clock, randomIds);
  const account = (await accounts.createAccount({
    email: 'p@example.test',
    password: 'plans-password',
    plan: 'basic',
  }))!;
  expect(ledger.balance(account.id)).toBe(5000);
  clock.set('2026-04-02T00:00:00Z');
  expect(ledger.balance(account.id)).toBe(10_000);
  // The March grant was made at sign-up (10 March 12:00), not on 1 March: it lasts until 8 June 12:00.
  clock.set('2026-06-01T00:00:00Z');
  expect(ledger.balance(account.id)).toBe(20_000);
  db.$client.close();
});

test('a plan grant expires 90 days after it is granted (sign-up on 23 November), not 90 days after the month start', async () => {
  const clock = fixedClock('2026-11-23T15:30:00Z');
  const db = openDatabase(join(directory, 'plan-expiry.db'));
  const accounts = new AccountStore(db, clock, randomIds);
  const ledger = new Ledger(db, clock, randomIds);
  const account = (await accounts.createAccount({
    email: 'n@example.test',
    password: 'expiry-password',
    plan: 'basic',
  }))!;
  const [first] = ledger.grants(account.id);
  expect(new Date(first!.grantedAt).toISOString()).toBe('2026-11-23T15:30:00.000Z');
  expect(new Date(first!.expiresAt).toISOString()).toBe('2027-02-21T15:30:00.000Z');
  // Spend nothing; the boundary is the instant 90 days after the grant.
  clock.set('2027-02-21T15:29:59Z');
  expect((await ledger.grants(account.id)).map((grant) => grant.id)).toContain(first!.id);
  clock.set('2027-02-21T15:30:00Z');
  expect((await ledger.grants(account.id)).map((grant) => grant.id)).not.toContain(first!.id);
  // The December grant, made on the month boundary, lasts 90 days from 1 December.
  const december = (await ledger.grants(account.id)).find(
    (grant) => grant.grantedAt === Date.parse('2026-12-01T00:00:00Z'),
  );
  expect(new Date(december!.expiresAt).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  db.$client.close();
});
