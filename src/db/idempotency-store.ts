import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import { idempotencyKeys } from './schema.ts';
import {
  existingKeyOutcome,
  IDEMPOTENCY_TTL_MS,
  type BeginOutcome,
  type IdempotencyRecord,
  type IdempotencyStore,
} from './stores.ts';

/** Idempotency keys in the SQLite file: a claim is one IMMEDIATE transaction. */
export class SqliteIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async begin(accountId: string, key: string, requestHash: string): Promise<BeginOutcome> {
    const now = this.clock.now();
    return this.db.transaction(
      (tx): BeginOutcome => {
        const expired = tx
          .delete(idempotencyKeys)
          .where(and(keyIs(accountId, key), lt(idempotencyKeys.expiresAt, now + 1)))
          .returning()
          .get();
        const existing = tx.select().from(idempotencyKeys).where(keyIs(accountId, key)).get();
        if (!existing) {
          tx.insert(idempotencyKeys)
            .values({
              accountId,
              key,
              requestHash,
              status: 'pending',
              createdAt: now,
              expiresAt: now + IDEMPOTENCY_TTL_MS,
            })
            .run();
          return expired?.responseBodyKey ? { state: 'new', staleBodyKey: expired.responseBodyKey } : { state: 'new' };
        }
        const outcome = existingKeyOutcome(existing, requestHash, now);
        if (outcome !== 'reclaim') return outcome;
        tx.update(idempotencyKeys)
          .set({ requestHash, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
          .where(keyIs(accountId, key))
          .run();
        return { state: 'new' };
      },
      { behavior: 'immediate' },
    );
  }

  async complete(
    accountId: string,
    key: string,
    response: { status: number; headers: Record<string, string>; bodyKey: string | null },
  ): Promise<void> {
    this.db
      .update(idempotencyKeys)
      .set({
        status: 'completed',
        responseStatus: response.status,
        responseHeaders: JSON.stringify(response.headers),
        responseBodyKey: response.bodyKey,
      })
      .where(keyIs(accountId, key, 'pending'))
      .run();
  }

  /** Forget a key whose request failed, so a retry is a fresh attempt. */
  async release(accountId: string, key: string): Promise<void> {
    this.db
      .delete(idempotencyKeys)
      .where(keyIs(accountId, key, 'pending'))
      .run();
  }

  /** Drop a completed key whose stored body has vanished, so the next request with it runs afresh. */
  async forget(accountId: string, key: string): Promise<void> {
    this.db
      .delete(idempotencyKeys)
      .where(keyIs(accountId, key, 'completed'))
      .run();
  }

  /** Expired keys; their stored bodies are the caller's to delete. */
  async purgeExpired(): Promise<IdempotencyRecord[]> {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, this.clock.now())).returning().all();
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
