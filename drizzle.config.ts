import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a schema change; the server applies
// pending migrations at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/platform/db/schema.ts',
  out: './server/platform/db/migrations',
});
