import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, fromPglite } from '../platform/db/client';
import { fromPostgres } from '../platform/db/postgres';
import { testDatabasePrefix } from './databasePrefix';

/**
 * CI runs the server's tests twice: on PGlite, then on the PostgreSQL server
 * (TEST_DATABASE_URL). Tests whose outcome cannot depend on the database server — PGlite's own
 * data directory, the process started as `npm start` on PGlite, the CLI, malformed-input fuzzing
 * and live floods — run in the first pass only (`describe.skipIf(secondPassOnPostgres)`): they
 * were a third of the second pass's time (issue #36).
 */
export const secondPassOnPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A fresh, migrated database for one test file: an in-memory PGlite copied from the template,
 * or — when TEST_DATABASE_URL is set (CI) — a new database on that PostgreSQL server, copied
 * from the template database and dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (adminUrl && template) return createPostgresCopy(adminUrl, template);
  const tarball = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  return fromPglite(client);
}

async function createPostgresCopy(adminUrl: string, template: string): Promise<Database> {
  const name = `${testDatabasePrefix()}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.toString(), { max: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
