import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { projectPath } from '../paths';
import { type ChangeFeed, pgliteChangeFeed } from './changeFeed';
import { openEmbedded } from './embedded';
import * as schema from './schema';
import { registerTripReads, TripReads } from './tripReads';

export type Schema = typeof schema;
/** The one database type features use: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of Db: what `db.transaction(async (tx) => …)` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database (server/app.ts), for policies and services started from a request. */
    db: Db;
  }
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** The database's announcements of changed rows, for the caches (issue #18, changeFeed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
};

export const migrationsFolder = projectPath('server', 'platform', 'db', 'migrations');

/** Wraps an open PGlite instance (a data directory, or a clone of the test template). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const changes = pgliteChangeFeed(client);
  registerTripReads(db, new TripReads(changes));
  return {
    db,
    kind: 'pglite',
    changes,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}

/** PGlite in `<dataDir>/pglite`, or the PostgreSQL server at `databaseUrl`. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    // node-postgres and its Drizzle driver load only for a PostgreSQL server: ~15 MB of memory
    // the embedded default never uses (issue #36).
    const { fromPostgres } = await import('./postgres');
    return fromPostgres(options.databaseUrl);
  }
  return fromPglite(await openEmbedded(path.join(options.dataDir, 'pglite'), migrationsFolder));
}
