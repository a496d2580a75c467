import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import { sessions } from './schema.ts';
import { hashSessionToken, newSessionTokens } from './session-tokens.ts';
import { SESSION_LIFETIME_MS, type SessionStore } from './stores.ts';

/** Dashboard sessions in the SQLite file. */
export class SqliteSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async create(accountId: string): Promise<{ token: string; csrfToken: string }> {
    const { token, csrfToken } = newSessionTokens();
    const now = this.clock.now();
    this.db
      .insert(sessions)
      .values({
        id: hashSessionToken(token),
        accountId,
        csrfToken,
        createdAt: now,
        expiresAt: now + SESSION_LIFETIME_MS,
      })
      .run();
    this.db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    return { token, csrfToken };
  }

  async find(token: string | undefined): Promise<{ accountId: string; csrfToken: string } | undefined> {
    if (!token || token.length > 100) return undefined;
    return this.db
      .select({ accountId: sessions.accountId, csrfToken: sessions.csrfToken })
      .from(sessions)
      .where(and(eq(sessions.id, hashSessionToken(token)), gt(sessions.expiresAt, this.clock.now())))
      .get();
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token)
      this.db
        .delete(sessions)
        .where(eq(sessions.id, hashSessionToken(token)))
        .run();
  }
}
