import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { hashSessionToken, newSessionTokens } from '../session-tokens.ts';
import { SESSION_LIFETIME_MS, type SessionStore } from '../stores.ts';
import type { PostgresDb } from './client.ts';
import { sessions } from './schema.ts';

/** Dashboard sessions on Postgres, so a session made on one node is honoured by every other. */
export class PostgresSessionStore implements SessionStore {
  constructor(
    private readonly db: PostgresDb,
    private readonly clock: Clock,
  ) {}

  async create(accountId: string): Promise<{ token: string; csrfToken: string }> {
    const { token, csrfToken } = newSessionTokens();
    const now = this.clock.now();
    await this.db.insert(sessions).values({
      id: hashSessionToken(token),
      accountId,
      csrfToken,
      createdAt: now,
      expiresAt: now + SESSION_LIFETIME_MS,
    });
    await this.db.delete(sessions).where(lt(sessions.expiresAt, now));
    return { token, csrfToken };
  }

  async find(token: string | undefined): Promise<{ accountId: string; csrfToken: string } | undefined> {
    if (!token || token.length > 100) return undefined;
    const [row] = await this.db
      .select({ accountId: sessions.accountId, csrfToken: sessions.csrfToken })
      .from(sessions)
      .where(and(eq(sessions.id, hashSessionToken(token)), gt(sessions.expiresAt, this.clock.now())));
    return row;
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.db.delete(sessions).where(eq(sessions.id, hashSessionToken(token)));
  }
}
