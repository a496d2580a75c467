import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import { sessions } from './schema.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Server-side sessions: the cookie holds a random token, the database only its SHA-256 and a CSRF token. */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  create(accountId: string): { token: string; csrfToken: string } {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    this.db
      .insert(sessions)
      .values({ id: hash(token), accountId, csrfToken, createdAt: now, expiresAt: now + SESSION_LIFETIME_MS })
      .run();
    this.db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    return { token, csrfToken };
  }

  find(token: string | undefined): { accountId: string; csrfToken: string } | undefined {
    if (!token || token.length > 100) return undefined;
    return this.db
      .select({ accountId: sessions.accountId, csrfToken: sessions.csrfToken })
      .from(sessions)
      .where(and(eq(sessions.id, hash(token)), gt(sessions.expiresAt, this.clock.now())))
      .get();
  }

  destroy(token: string | undefined): void {
    if (token)
      this.db
        .delete(sessions)
        .where(eq(sessions.id, hash(token)))
        .run();
  }
}
