import { and, eq, gte, sql } from 'drizzle-orm';
import { startOfUtcMonth, type Clock } from '../lib/clock.ts';
import type { Db } from './client.ts';
import type { UsageRow, UsageStore } from './stores.ts';
import { reservations } from './schema.ts';

export class SqliteUsageStore implements UsageStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async monthByKey(accountId: string): Promise<UsageRow[]> {
    return this.db
      .select({
        apiKeyId: reservations.apiKeyId,
        characters: sql<number>`sum(${reservations.characters})`,
        credits: sql<number>`sum(${reservations.credits})`,
        requests: sql<number>`count(*)`,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.accountId, accountId),
          eq(reservations.status, 'captured'),
          gte(reservations.createdAt, startOfUtcMonth(this.clock.now())),
        ),
      )
      .groupBy(reservations.apiKeyId)
      .all();
  }

  async daily(accountId: string, days: number) {
    const since = this.clock.now() - days * 24 * 60 * 60 * 1000;
    return this.db
      .select({
        day: sql<string>`strftime('%Y-%m-%d', ${reservations.settledAt} / 1000, 'unixepoch')`,
        characters: sql<number>`sum(${reservations.characters})`,
        credits: sql<number>`sum(${reservations.credits})`,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.accountId, accountId),
          eq(reservations.status, 'captured'),
          gte(reservations.settledAt, since),
        ),
      )
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .all();
  }
}
