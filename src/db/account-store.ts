import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { generateApiKey, hashApiKey } from '../auth/api-keys.ts';
import type { PlanId } from '../billing/plans.ts';
import { startOfUtcMonth, type Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import type { IdGenerator } from './ids.ts';
import { accounts, apiKeys } from './schema.ts';
import { NO_PLAN_GRANTS, type Account, type AccountStore, type ApiKeyRecord } from './stores.ts';

/** Accounts and API keys in the SQLite file. */
export class SqliteAccountStore implements AccountStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

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

  async findAccount(id: string): Promise<Account | undefined> {
    return this.db.select().from(accounts).where(eq(accounts.id, id)).get();
  }

  async findAccountByEmail(email: string): Promise<Account | undefined> {
    return this.db.select().from(accounts).where(sql`lower(${accounts.email}) = lower(${email.trim()})`).get();
  }

  /** Creates a key; the plain key is returned once and never stored. */
  async createApiKey(options: {
    accountId: string;
    name?: string;
    monthlyCapCharacters?: number | null;
  }): Promise<{ key: string; record: ApiKeyRecord }> {
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
  async findActiveKey(key: string): Promise<ApiKeyRecord | undefined> {
    return this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
      .get();
  }

  async findKey(id: string): Promise<ApiKeyRecord | undefined> {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .orderBy(desc(apiKeys.createdAt))
      .all();
  }

  /** Returns false when there is no such active key (for this account, when given). */
  async revokeKey(keyId: string, accountId?: string): Promise<boolean> {
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

  async updateKey(
    keyId: string,
    accountId: string,
    changes: { name?: string; monthlyCapCharacters?: number | null },
  ): Promise<boolean> {
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
  async setPlan(accountId: string, plan: PlanId): Promise<boolean> {
    // One statement, so a monthly grant made meanwhile (by a request, or by another process) cannot be undone by it.
    const updated = this.db
      .update(accounts)
      .set({
        plan,
        nextPlanGrantAt: sql`CASE WHEN ${accounts.nextPlanGrantAt} = ${NO_PLAN_GRANTS} THEN ${startOfUtcMonth(
          this.clock.now(),
        )} ELSE ${accounts.nextPlanGrantAt} END`,
      })
      .where(eq(accounts.id, accountId))
      .returning({ id: accounts.id })
      .all();
    return updated.length === 1;
  }

  async touchKey(keyId: string): Promise<void> {
    this.db.update(apiKeys).set({ lastUsedAt: this.clock.now() }).where(eq(apiKeys.id, keyId)).run();
  }
}
