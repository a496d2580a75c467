import { and, eq, gte, sql } from 'drizzle-orm';
import { startOfUtcMonth, type Clock } from '../../lib/clock.ts';
import type { UsageRow, UsageStore } from '../stores.ts';
import type { PostgresDb } from './client.ts';
import { reservations } from './schema.ts';

export class PostgresUsageStore implements UsageStore {
  constructor(
    private readonly db: PostgresDb,
    private readonly clock: Clock,
  ) {}

  async monthByKey(accountId: string): Promise<UsageRow[]> {
    return await this.db
      .select({
        apiKeyId: reservations.apiKeyId,
        characters: sql<number>`sum(${reservations.characters})::float8`,
        credits: sql<number>`sum(${reservations.credits})::float8`,
        requests: sql<number>`count(*)::int`,
      })
      .from(reservations)
      .where(
        and(
          eq(reservations.accountId, accountId),
          eq(reservations.status, 'captured'),
          gte(reservations.createdAt, startOfUtcMonth(this.clock.now())),
        ),
      )
      .groupBy(reservations.apiKeyId);
  }

  async daily(accountId: string, days: number) {
    const since = this.clock.now() - days * 24 * 60 * 60 * 1000;
    return await this.db
      .select({
        day: sql<string>`to_char(to_timestamp(${reservations.settledAt} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
        characters: sql<number>`sum(${reservations.characters})::float8`,
        credits: sql<number>`sum(${reservations.credits})::float8`,
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
      .orderBy(sql`1`);
  }
}
