import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

/** The server secret (signs audio links and sessions): RECITE_SECRET when set, else one generated once and kept. */
export function serverSecret(db: Db, configured: string | undefined): string {
  if (configured) return configured;
  const stored = db.select().from(settings).where(eq(settings.key, 'secret')).get();
  if (stored) return stored.value;
  const generated = randomBytes(32).toString('base64url');
  db.insert(settings).values({ key: 'secret', value: generated }).onConflictDoNothing().run();
  return db.select().from(settings).where(eq(settings.key, 'secret')).get()!.value;
}
