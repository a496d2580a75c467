import { defineConfig } from 'drizzle-kit';

// `bun run db:generate` writes SQL migrations to drizzle/; src/db/migrations.ts embeds them in the binary.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
