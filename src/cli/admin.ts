import { parseArgs } from 'node:util';
import { PLAN_IDS, type PlanId } from '../billing/plans.ts';
import type { Config } from '../config/index.ts';
import { randomIds } from '../db/ids.ts';
import { openStores } from '../db/open-stores.ts';
import { systemClock, type Clock } from '../lib/clock.ts';

const USAGE = `recite admin <command>
  create-account --email E --password P --plan ${PLAN_IDS.join('|')}
  create-key --account ID [--name N] [--monthly-cap CHARS]
  revoke-key --key-id ID
  set-plan --account ID --plan ${PLAN_IDS.join('|')}   (monthly plan credits; sign-ups start with a trial grant only)
  grant-credits --account ID --credits N [--expires-in-days 90]
  balance --account ID
Every command prints JSON on stdout; errors print JSON on stderr and exit 1.`;

class UsageError extends Error {}

/** Self-hoster administration. Returns the exit code. */
export async function runAdmin(
  argv: string[],
  config: Config,
  options: { clock?: Clock; out?: (line: string) => void; err?: (line: string) => void } = {},
): Promise<number> {
  const out = options.out ?? ((line) => console.log(line));
  const err = options.err ?? ((line) => console.error(line));
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return command ? 0 : 2;
  }
  const clock = options.clock ?? systemClock;
  const stores = openStores({
    database: config.databasePath,
    clock,
    ids: randomIds,
    rateLimitPerMinute: config.rateLimitPerMinute,
    signupLimitPerHour: config.signupLimitPerHour,
    poolSize: 2,
  });
  const { accounts, ledger } = stores;
  try {
    await stores.migrate();
    const { values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        plan: { type: 'string' },
        account: { type: 'string' },
        name: { type: 'string' },
        'monthly-cap': { type: 'string' },
        'key-id': { type: 'string' },
        credits: { type: 'string' },
        'expires-in-days': { type: 'string' },
      },
      strict: true,
    });
    const need = (name: keyof typeof values): string => {
      const value = values[name];
      if (!value) throw new UsageError(`--${name} is required`);
      return value;
    };
    const positive = (name: keyof typeof values): number => {
      const value = Number(need(name));
      if (!Number.isInteger(value) || value <= 0) throw new UsageError(`--${name} must be a positive whole number`);
      return value;
    };
    const account = async () => {
      const id = need('account');
      const found = await accounts.findAccount(id);
      if (!found) throw new UsageError(`no account ${id}`);
      return found;
    };

    switch (command) {
      case 'create-account': {
        const plan = need('plan');
        if (!PLAN_IDS.includes(plan as PlanId)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(', ')}`);
        const password = need('password');
        if (password.length < 8) throw new UsageError('--password must have at least 8 characters');
        const created = await accounts.createAccount({ email: need('email'), password, plan: plan as PlanId });
        if (!created) throw new UsageError('an account with this email exists');
        await ledger.applyPlanGrants(created.id);
        out(
          JSON.stringify({
            id: created.id,
            email: created.email,
            plan: created.plan,
            balance: await ledger.balance(created.id),
          }),
        );
        return 0;
      }
      case 'create-key': {
        const owner = await account();
        const cap = values['monthly-cap'] ? positive('monthly-cap') : null;
        const { key, record } = await accounts.createApiKey({
          accountId: owner.id,
          name: values.name,
          monthlyCapCharacters: cap,
        });
        out(
          JSON.stringify({
            id: record.id,
            key,
            prefix: record.prefix,
            name: record.name,
            monthly_cap_characters: cap,
            note: 'The key is shown once; store it now.',
          }),
        );
        return 0;
      }
      case 'revoke-key': {
        const keyId = need('key-id');
        if (!(await accounts.revokeKey(keyId))) throw new UsageError(`no active key ${keyId}`);
        out(JSON.stringify({ id: keyId, revoked: true }));
        return 0;
      }
      case 'set-plan': {
        const owner = await account();
        const plan = need('plan');
        if (!PLAN_IDS.includes(plan as PlanId)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(', ')}`);
        await accounts.setPlan(owner.id, plan as PlanId);
        await ledger.applyPlanGrants(owner.id);
        out(JSON.stringify({ account: owner.id, plan, balance: await ledger.balance(owner.id) }));
        return 0;
      }
      case 'grant-credits': {
        const owner = await account();
        const credits = positive('credits');
        const days = values['expires-in-days'] ? positive('expires-in-days') : 90;
        const grantId = await ledger.grant({ accountId: owner.id, credits, source: 'admin', expiresInDays: days });
        out(
          JSON.stringify({
            grant_id: grantId,
            account: owner.id,
            credits,
            expires_in_days: days,
            balance: await ledger.balance(owner.id),
          }),
        );
        return 0;
      }
      case 'balance': {
        const owner = await account();
        const grants = (await ledger.grants(owner.id)).map((grant) => ({
          id: grant.id,
          source: grant.source,
          credits: grant.credits,
          remaining: grant.remaining,
          expires_at: new Date(grant.expiresAt).toISOString(),
        }));
        out(
          JSON.stringify({
            account: owner.id,
            plan: owner.plan,
            balance: await ledger.balance(owner.id),
            held: await ledger.heldCredits(owner.id),
            grants,
          }),
        );
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      err(JSON.stringify({ error: { code: 'invalid_request', message: error.message } }));
      return 1;
    }
    throw error;
  } finally {
    await stores.close();
  }
}
