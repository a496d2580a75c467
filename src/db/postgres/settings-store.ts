import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { SettingsStore } from '../stores.ts';
import type { PostgresDb } from './client.ts';
import { settings } from './schema.ts';

export class PostgresSettingsStore implements SettingsStore {
  constructor(private readonly db: PostgresDb) {}

  async secret(configured: string | undefined): Promise<string> {
    if (configured) return configured;
    // Every node must sign with the same secret: the first to start writes one, the rest read it.
    await this.db
      .insert(settings)
      .values({ key: 'secret', value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [stored] = await this.db.select().from(settings).where(eq(settings.key, 'secret'));
    return stored!.value;
  }
}
