import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { projectPath } from '../paths';
import { openEmbedded } from './embedded';
import * as schema from './schema';
import { registerTripReads, TRIP_CHANGES_CHANNEL, TripReads } from './tripReads';

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
  /**
   * Calls `onChange` with the id of every account that changed, or one of whose sessions did
   * (migration 0012), before the write that changed it returns — which only the embedded
   * database can promise, so only it offers this (SessionCache). Resolves to a stop function.
   */
  watchAuthChanges?: (onChange: (userId: string) => void) => Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const migrationsFolder = projectPath('server', 'platform', 'db', 'migrations');

/** Where the database announces changed accounts (migration 0012). */
const AUTH_CHANGES_CHANNEL = 'tripmates_auth';

// Any constant works; it only has to be the same for every instance of Tripmates.
const MIGRATION_LOCK_KEY = 7_203_144;

/** Wraps an open PGlite instance (a data directory, or a clone of the test template). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // Trip reads are kept in memory once PGlite listens for the announcements of changes.
  const reads = new TripReads();
  registerTripReads(db, reads);
  const listening = client
    .listen(TRIP_CHANGES_CHANNEL, (payload) => reads.onAnnouncement(payload))
    .then(
      (stop) => {
        reads.enabled = true;
        return stop;
      },
      // Without the announcements nothing is kept: every read goes to the database.
      () => async () => {},
    );
  return {
    db,
    kind: 'pglite',
    watchAuthChanges: (onChange) => client.listen(AUTH_CHANGES_CHANNEL, onChange),
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      reads.enabled = false;
      reads.clear();
      await (await listening)();
      await client.close();
    },
  };
}

export function fromPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start together: an advisory lock lets one migrate at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** PGlite in `<dataDir>/pglite`, or the PostgreSQL server at `databaseUrl`. */
export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl);
  return fromPglite(await openEmbedded(path.join(options.dataDir, 'pglite'), migrationsFolder));
}
