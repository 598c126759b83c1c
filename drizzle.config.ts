import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a schema change; the server applies
// pending migrations at start-up. The platform's tables are in schema.ts, each feature's in its
// folder's tables.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/platform/db/schema.ts', './server/features/*/tables.ts'],
  out: './server/platform/db/migrations',
});
