import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { generateApiKey, hashApiKey } from '../auth/api-keys.ts';
import { TRIAL_LIFETIME_DAYS, type PlanId } from '../billing/plans.ts';
import { startOfUtcMonth, type Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import type { IdGenerator } from './ids.ts';
import type { Ledger } from './ledger.ts';
import { accounts, apiKeys } from './schema.ts';

export type Account = typeof accounts.$inferSelect;
export type ApiKeyRecord = typeof apiKeys.$inferSelect;

/** The first plan grant of an account that has none yet: never, until an operator sets a plan (`admin set-plan`). */
export const NO_PLAN_GRANTS = Number.MAX_SAFE_INTEGER;

/**
 * A dashboard sign-up: the account gets the operator's trial grant (RECITE_SIGNUP_TRIAL_CREDITS) and no plan credits.
 * Plan credits come only from an operator (`recite admin set-plan`) or a billing integration, so scripted sign-ups
 * cannot mint them. Returns null when the email is taken.
 */
export async function createSelfServiceAccount(
  accounts: AccountStore,
  ledger: Pick<Ledger, 'grant'>,
  options: { email: string; password: string; trialCredits: number },
): Promise<Account | null> {
  const account = await accounts.createAccount({
    email: options.email,
    password: options.password,
    plan: 'basic',
    firstPlanGrantAt: NO_PLAN_GRANTS,
  });
  if (account && options.trialCredits > 0) {
    ledger.grant({
      accountId: account.id,
      credits: options.trialCredits,
      source: 'admin',
      expiresInDays: TRIAL_LIFETIME_DAYS,
      note: 'sign-up trial',
    });
  }
  return account;
}

export class AccountStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Returns null when the email is taken. The first plan grant happens at once (the current month). */
  async createAccount(options: {
    email: string;
    password: string;
    plan: PlanId;
    firstPlanGrantAt?: number;
  }): Promise<Account | null> {
    const passwordHash = await Bun.password.hash(options.password, { algorithm: 'argon2id' });
    const now = this.clock.now();
    const account: Account = {
      id: this.ids('account'),
      email: options.email.trim(),
      passwordHash,
      plan: options.plan,
      createdAt: now,
      nextPlanGrantAt: options.firstPlanGrantAt ?? startOfUtcMonth(now),
    };
    const inserted = this.db
      .insert(accounts)
      .values(account)
      .onConflictDoNothing()
      .returning({ id: accounts.id })
      .get();
    return inserted ? account : null;
  }

  findAccount(id: string): Account | undefined {
    return this.db.select().from(accounts).where(eq(accounts.id, id)).get();
  }

  findAccountByEmail(email: string): Account | undefined {
    return this.db.select().from(accounts).where(sql`lower(${accounts.email}) = lower(${email.trim()})`).get();
  }

  /** Creates a key; the plain key is returned once and never stored. */
  createApiKey(options: { accountId: string; name?: string; monthlyCapCharacters?: number | null }): {
    key: string;
    record: ApiKeyRecord;
  } {
    const generated = generateApiKey();
    const record: ApiKeyRecord = {
      id: this.ids('apiKey'),
      accountId: options.accountId,
      name: options.name?.trim() || 'API key',
      prefix: generated.prefix,
      hash: generated.hash,
      monthlyCapCharacters: options.monthlyCapCharacters ?? null,
      createdAt: this.clock.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    this.db.insert(apiKeys).values(record).run();
    return { key: generated.key, record };
  }

  /** The active key with this plain value, if any. Lookup is by SHA-256, so timing reveals nothing about stored keys. */
  findActiveKey(key: string): ApiKeyRecord | undefined {
    return this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
      .get();
  }

  findKey(id: string): ApiKeyRecord | undefined {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  }

  listKeys(accountId: string): ApiKeyRecord[] {
    return this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .orderBy(desc(apiKeys.createdAt))
      .all();
  }

  /** Returns false when there is no such active key (for this account, when given). */
  revokeKey(keyId: string, accountId?: string): boolean {
    const conditions = [eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)];
    if (accountId) conditions.push(eq(apiKeys.accountId, accountId));
    return (
      this.db
        .update(apiKeys)
        .set({ revokedAt: this.clock.now() })
        .where(and(...conditions))
        .returning({ id: apiKeys.id })
        .all().length === 1
    );
  }

  updateKey(
    keyId: string,
    accountId: string,
    changes: { name?: string; monthlyCapCharacters?: number | null },
  ): boolean {
    return (
      this.db
        .update(apiKeys)
        .set(changes)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)))
        .returning({ id: apiKeys.id })
        .all().length === 1
    );
  }

  /** Sets the plan; its monthly grants start with the current month (the first is granted on the next ledger read). */
  setPlan(accountId: string, plan: PlanId): boolean {
    const account = this.findAccount(accountId);
    if (!account) return false;
    // An account already on plan grants keeps its schedule; one without (a sign-up) starts this month.
    const nextPlanGrantAt =
      account.nextPlanGrantAt === NO_PLAN_GRANTS ? startOfUtcMonth(this.clock.now()) : account.nextPlanGrantAt;
    this.db.update(accounts).set({ plan, nextPlanGrantAt }).where(eq(accounts.id, accountId)).run();
    return true;
  }

  touchKey(keyId: string): void {
    this.db.update(apiKeys).set({ lastUsedAt: this.clock.now() }).where(eq(apiKeys.id, keyId)).run();
  }
}
