import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { generateApiKey, hashApiKey } from '../../auth/api-keys.ts';
import type { PlanId } from '../../billing/plans.ts';
import { startOfUtcMonth, type Clock } from '../../lib/clock.ts';
import type { IdGenerator } from '../ids.ts';
import { NO_PLAN_GRANTS, type Account, type AccountStore, type ApiKeyRecord } from '../stores.ts';
import type { PostgresDb } from './client.ts';
import { accounts, apiKeys } from './schema.ts';

/** Accounts and API keys on Postgres; the same rules as the SQLite store (src/db/account-store.ts). */
export class PostgresAccountStore implements AccountStore {
  constructor(
    private readonly db: PostgresDb,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    /** Told when an account's plan changes, so this node's ledger forgets when its next plan grant was due. */
    private readonly onPlanChanged: (accountId: string) => void = () => {},
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
    // The unique index on lower(email) decides a race between two nodes signing up the same address.
    const inserted = await this.db
      .insert(accounts)
      .values(account)
      .onConflictDoNothing()
      .returning({ id: accounts.id });
    return inserted.length === 1 ? account : null;
  }

  async findAccount(id: string): Promise<Account | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  async findAccountByEmail(email: string): Promise<Account | undefined> {
    const [row] = await this.db.select().from(accounts).where(sql`lower(${accounts.email}) = lower(${email.trim()})`);
    return row;
  }

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
    await this.db.insert(apiKeys).values(record);
    return { key: generated.key, record };
  }

  async findActiveKey(key: string): Promise<ApiKeyRecord | undefined> {
    const [row] = await this.activeKey.execute({ hash: hashApiKey(key) });
    return row;
  }

  /** Prepared (named): every API request looks its key up first. Built on first use (the pool comes in the constructor). */
  private activeKeyQuery: ReturnType<PostgresAccountStore['prepareActiveKey']> | undefined;
  private get activeKey() {
    this.activeKeyQuery ??= this.prepareActiveKey();
    return this.activeKeyQuery;
  }
  private prepareActiveKey() {
    return this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.hash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
      .prepare('recite-active-key');
  }

  async findKey(id: string): Promise<ApiKeyRecord | undefined> {
    const [row] = await this.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    return row;
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return await this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .orderBy(desc(apiKeys.createdAt));
  }

  async revokeKey(keyId: string, accountId?: string): Promise<boolean> {
    const conditions = [eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)];
    if (accountId) conditions.push(eq(apiKeys.accountId, accountId));
    const updated = await this.db
      .update(apiKeys)
      .set({ revokedAt: this.clock.now() })
      .where(and(...conditions))
      .returning({ id: apiKeys.id });
    return updated.length === 1;
  }

  async updateKey(
    keyId: string,
    accountId: string,
    changes: { name?: string; monthlyCapCharacters?: number | null },
  ): Promise<boolean> {
    const updated = await this.db
      .update(apiKeys)
      .set(changes)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId)))
      .returning({ id: apiKeys.id });
    return updated.length === 1;
  }

  async setPlan(accountId: string, plan: PlanId): Promise<boolean> {
    // One statement, so a plan change racing a monthly grant on another node cannot lose either write.
    const updated = await this.db
      .update(accounts)
      .set({
        plan,
        nextPlanGrantAt: sql`CASE WHEN ${accounts.nextPlanGrantAt} = ${NO_PLAN_GRANTS} THEN ${startOfUtcMonth(
          this.clock.now(),
        )} ELSE ${accounts.nextPlanGrantAt} END`,
      })
      .where(eq(accounts.id, accountId))
      .returning({ id: accounts.id });
    this.onPlanChanged(accountId);
    return updated.length === 1;
  }

  async touchKey(keyId: string): Promise<void> {
    await this.db.update(apiKeys).set({ lastUsedAt: this.clock.now() }).where(eq(apiKeys.id, keyId));
  }
}
