import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import {
  existingKeyOutcome,
  IDEMPOTENCY_TTL_MS,
  type BeginOutcome,
  type IdempotencyRecord,
  type IdempotencyStore,
} from '../stores.ts';
import type { PostgresDb } from './client.ts';
import { idempotencyKeys } from './schema.ts';

/**
 * Idempotency keys on Postgres. A claim is INSERT … ON CONFLICT DO NOTHING: when two nodes claim one key at once, the
 * second insert waits for the first to commit and then finds the row, so exactly one request runs. The table is a
 * normal (logged) one, unlike the rate limits: forgetting a completed key in a crash could charge a retry twice.
 */
export class PostgresIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly db: PostgresDb,
    private readonly clock: Clock,
  ) {}

  async begin(accountId: string, key: string, requestHash: string): Promise<BeginOutcome> {
    const now = this.clock.now();
    const thisKey = keyIs(accountId, key);
    return await this.db.transaction(async (tx): Promise<BeginOutcome> => {
      const [expired] = await tx
        .delete(idempotencyKeys)
        .where(and(thisKey, lt(idempotencyKeys.expiresAt, now + 1)))
        .returning();
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ accountId, key, requestHash, status: 'pending', createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 1)
        return expired?.responseBodyKey ? { state: 'new', staleBodyKey: expired.responseBodyKey } : { state: 'new' };
      const [existing] = await tx.select().from(idempotencyKeys).where(thisKey).for('update');
      // Deleted between the insert and the select (it expired and another node purged it): treat as in flight, so
      // the client retries rather than two requests running.
      if (!existing) return { state: 'in_flight' };
      const outcome = existingKeyOutcome(existing, requestHash, now);
      if (outcome !== 'reclaim') return outcome;
      await tx
        .update(idempotencyKeys)
        .set({ requestHash, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
        .where(thisKey);
      return { state: 'new' };
    });
  }

  async complete(
    accountId: string,
    key: string,
    response: { status: number; headers: Record<string, string>; bodyKey: string | null },
  ): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({
        status: 'completed',
        responseStatus: response.status,
        responseHeaders: JSON.stringify(response.headers),
        responseBodyKey: response.bodyKey,
      })
      .where(keyIs(accountId, key, 'pending'));
  }

  async release(accountId: string, key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(keyIs(accountId, key, 'pending'));
  }

  async forget(accountId: string, key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(keyIs(accountId, key, 'completed'));
  }

  async purgeExpired(): Promise<IdempotencyRecord[]> {
    return await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, this.clock.now())).returning();
  }
}

/** One account's key, and when given, in this state. */
function keyIs(accountId: string, key: string, status?: IdempotencyRecord['status']) {
  return and(
    eq(idempotencyKeys.accountId, accountId),
    eq(idempotencyKeys.key, key),
    status === undefined ? undefined : eq(idempotencyKeys.status, status),
  );
}
