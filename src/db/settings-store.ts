import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { settings } from './schema.ts';
import type { SettingsStore } from './stores.ts';

export class SqliteSettingsStore implements SettingsStore {
  constructor(private readonly db: Db) {}

  async secret(configured: string | undefined): Promise<string> {
    if (configured) return configured;
    const generated = randomBytes(32).toString('base64url');
    this.db.insert(settings).values({ key: 'secret', value: generated }).onConflictDoNothing().run();
    return this.db.select().from(settings).where(eq(settings.key, 'secret')).get()!.value;
  }
}
