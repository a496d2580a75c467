import { defineConfig } from 'drizzle-kit';

// The Postgres schema for several nodes: `bunx drizzle-kit generate --config drizzle.postgres.config.ts` writes SQL
// migrations to drizzle-postgres/; src/db/postgres/migrations.ts embeds them in the binary.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/postgres/schema.ts',
  out: './drizzle-postgres',
});
