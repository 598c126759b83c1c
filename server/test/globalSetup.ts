import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite } from '../platform/db/client';
import { fromPostgres } from '../platform/db/postgres';
import { testDatabasePrefix } from './databasePrefix';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory: each test file starts from a copy. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: a migrated template database on that server to copy per file. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one template database per test run, so each test file can start from a clean copy
 * in well under a second instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-test-'));
  const tarball = path.join(dir, 'template.tar');
  const client = await PGlite.create();
  const template = fromPglite(client);
  await template.migrate();
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide('pgliteTemplate', tarball);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | null = null;
  if (adminUrl) {
    postgresTemplate = `${testDatabasePrefix()}_template_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    const db = fromPostgres(url.toString(), { max: 1 });
    await db.migrate();
    await db.close();
    await admin.end();
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${postgresTemplate} with (force)`);
      await admin.end();
    }
  };
}
