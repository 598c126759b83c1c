import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, type Db, migrationsFolder } from './client';
import { postgresChangeFeed } from './postgresChangeFeed';
import * as schema from './schema';
import { registerTripReads, TripReads } from './tripReads';

// Any constant works; it only has to be the same for every instance of Tripmates.
const MIGRATION_LOCK_KEY = 7_203_144;

/** A PostgreSQL server shared by every instance (`DATABASE_URL`), through a pool. */
export function fromPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const changes = postgresChangeFeed(connectionString, pool);
  registerTripReads(db, new TripReads(changes));
  return {
    db,
    kind: 'postgres',
    changes,
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
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}
