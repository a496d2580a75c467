import { and, eq, lt } from 'drizzle-orm';
import type { Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import { idempotencyKeys } from './schema.ts';

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;
export type BeginOutcome =
  /** `staleBodyKey`: the stored body of an expired use of this key, for the caller to delete before it runs. */
  | { state: 'new'; staleBodyKey?: string }
  | { state: 'mismatch' }
  | { state: 'in_flight' }
  | { state: 'replay'; record: IdempotencyRecord };

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still "running" after this long died with its process; its key is free again. */
export const ABANDONED_AFTER_MS = 15 * 60 * 1000;

/** Idempotency keys per account: claimed atomically, completed with a stored response, kept 24 hours. */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  begin(accountId: string, key: string, requestHash: string): BeginOutcome {
    const now = this.clock.now();
    return this.db.transaction(
      (tx): BeginOutcome => {
        const expired = tx
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.accountId, accountId),
              eq(idempotencyKeys.key, key),
              lt(idempotencyKeys.expiresAt, now + 1),
            ),
          )
          .returning()
          .get();
        const existing = tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
          .get();
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
        if (existing.status === 'pending' && existing.createdAt < now - ABANDONED_AFTER_MS) {
          tx.update(idempotencyKeys)
            .set({ requestHash, createdAt: now, expiresAt: now + IDEMPOTENCY_TTL_MS })
            .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
            .run();
          return { state: 'new' };
        }
        if (existing.requestHash !== requestHash) return { state: 'mismatch' };
        if (existing.status === 'pending') return { state: 'in_flight' };
        return { state: 'replay', record: existing };
      },
      { behavior: 'immediate' },
    );
  }

  /** `bodyKey` null: the response completed (and was charged) but its copy could not be stored; retries are refused. */
  complete(
    accountId: string,
    key: string,
    response: { status: number; headers: Record<string, string>; bodyKey: string | null },
  ): void {
    this.db
      .update(idempotencyKeys)
      .set({
        status: 'completed',
        responseStatus: response.status,
        responseHeaders: JSON.stringify(response.headers),
        responseBodyKey: response.bodyKey,
      })
      .where(
        and(
          eq(idempotencyKeys.accountId, accountId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.status, 'pending'),
        ),
      )
      .run();
  }

  /** Forget a key whose request failed, so a retry is a fresh attempt. */
  release(accountId: string, key: string): void {
    this.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.accountId, accountId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.status, 'pending'),
        ),
      )
      .run();
  }

  /** Drop a completed key whose stored body has vanished, so the next request with it runs afresh. */
  forget(accountId: string, key: string): void {
    this.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.accountId, accountId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.status, 'completed'),
        ),
      )
      .run();
  }

  /** Expired keys; their stored bodies are the caller's to delete. */
  purgeExpired(): IdempotencyRecord[] {
    return this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, this.clock.now())).returning().all();
  }
}
