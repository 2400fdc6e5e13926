import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` turns the typed schema into the next SQL migration (append-only). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/drizzle',
});
