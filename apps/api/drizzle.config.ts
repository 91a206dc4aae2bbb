import { defineConfig } from 'drizzle-kit';

/**
 * `npx drizzle-kit generate --name <change>` (from apps/api) writes the next SQL migration into
 * ./drizzle from src/db/schema.ts. The app applies them at start (src/db/client.ts); commit both.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
