import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { generateApiKey, hashApiKey } from '../auth/api-keys.ts';
import type { PlanId } from '../billing/plans.ts';
import { startOfUtcMonth, type Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import type { IdGenerator } from './ids.ts';
import { accounts, apiKeys } from './schema.ts';

export type Account = typeof accounts.$inferSelect;
export type ApiKeyRecord = typeof apiKeys.$inferSelect;

export class AccountStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Returns null when the email is taken. The first plan grant happens at once (the current month). */
  async createAccount(options: { email: string; password: string; plan: PlanId; firstPlanGrantAt?: number }): Promise<Account | null> {
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
    const inserted = this.db.insert(accounts).values(account).onConflictDoNothing().returning({ id: accounts.id }).get();
    return inserted ? account : null;
  }

  findAccount(id: string): Account | undefined {
    return this.db.select().from(accounts).where(eq(accounts.id, id)).get();
  }

  findAccountByEmail(email: string): Account | undefined {
    return this.db.select().from(accounts).where(sql`lower(${accounts.email}) = lower(${email.trim()})`).get();
  }

  /** Creates a key; the plain key is returned once and never stored. */
  createApiKey(options: { accountId: string; name?: string; monthlyCapCharacters?: number | null }): { key: string; record: ApiKeyRecord } {
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
    return this.db.select().from(apiKeys).where(and(eq(apiKeys.hash, hashApiKey(key)), isNull(apiKeys.revokedAt))).get();
  }

  findKey(id: string): ApiKeyRecord | undefined {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  }

  listKeys(accountId: string): ApiKeyRecord[] {
    return this.db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt)).all();
  }

  /** Returns false when there is no such active key (for this account, when given). */
  revokeKey(keyId: string, accountId?: string): boolean {
    const conditions = [eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)];
    if (accountId) conditions.push(eq(apiKeys.accountId, accountId));
    return this.db.update(apiKeys).set({ revokedAt: this.clock.now() }).where(and(...conditions)).returning({ id: apiKeys.id }).all().length === 1;
  }

  updateKey(keyId: string, accountId: string, changes: { name?: string; monthlyCapCharacters?: number | null }): boolean {
    return this.db.update(apiKeys).set(changes).where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId))).returning({ id: apiKeys.id }).all().length === 1;
  }

  touchKey(keyId: string): void {
    this.db.update(apiKeys).set({ lastUsedAt: this.clock.now() }).where(eq(apiKeys.id, keyId)).run();
  }
}
