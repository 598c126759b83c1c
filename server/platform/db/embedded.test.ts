import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { secondPassOnPostgres } from '../../test/testDatabase';
import { migrationsFolder } from './client';
import {
  EMBEDDED_SETTINGS,
  makeTemplate,
  openEmbedded,
  prepareEmbedded,
  usableTemplate,
} from './embedded';

const root = mkdtempSync(path.join(os.tmpdir(), 'tripmates-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

async function appliedMigrations(client: PGlite): Promise<number> {
  const result = await client.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return result.rows[0]!.count;
}

// A template made from all the migrations but the newest, as a build before it was written left
// one: a database copied from it gets the newest from migrate(), as the server runs it.
const template = path.join(root, 'template');
const olderMigrations = path.join(root, 'older-migrations');

beforeAll(async () => {
  cpSync(migrationsFolder, olderMigrations, { recursive: true });
  const journalPath = path.join(olderMigrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries.pop();
  writeFileSync(journalPath, JSON.stringify(journal));
  expect(await makeTemplate(olderMigrations, template)).toBe('made');
  // Made once: a build with the same PGlite, settings and migrations keeps it.
  expect(await makeTemplate(olderMigrations, template)).toBe('kept');
}, 120_000);

/** The database runs with the app's small memory settings (issue #18). */
async function expectSmallSettings(client: PGlite) {
  for (const setting of EMBEDDED_SETTINGS) {
    const [name, value] = setting.split('=');
    const shown = await client.query<Record<string, string>>(`show ${name}`);
    expect(Object.values(shown.rows[0]!)[0], name).toBe(value);
  }
}

describe.skipIf(secondPassOnPostgres)('the database template (issue #36)', () => {
  it('is closed cleanly and complete', () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(template, 'postmaster.pid'))).toBe(false);
    // Nothing left beside it by the build.
    expect(readdirSync(root).sort()).toEqual(['older-migrations', 'template']);
  });

  it('makes a new database as a copy, which migrate() brings up to date', async () => {
    const dir = path.join(root, 'copied');
    expect(await prepareEmbedded(dir, migrationsFolder, template)).toBe('template');
    expect(existsSync(`${dir}.creating`)).toBe(false);
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
    expect(readdirSync(dir)).not.toContain('tripmates-template.json');

    const client = await openEmbedded(dir, migrationsFolder, template);
    try {
      expect(await appliedMigrations(client)).toBe(migrationCount - 1);
      await migrate(drizzle(client), { migrationsFolder });
      expect(await appliedMigrations(client)).toBe(migrationCount);
      await expectSmallSettings(client);
      await client.query(
        "insert into waitlist_entries (email, source) values ('a@b.co', 'landing')",
      );
    } finally {
      await client.close();
    }
    // The template is as it was: the next database starts empty.
    expect(await prepareEmbedded(dir, migrationsFolder, template)).toBe('existing');
    const next = path.join(root, 'copied-again');
    expect(await prepareEmbedded(next, migrationsFolder, template)).toBe('template');
    const again = await PGlite.create(next);
    try {
      expect(await appliedMigrations(again)).toBe(migrationCount - 1);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('is not used when made by another PGlite or settings, from other migrations, or not closed', () => {
    const stampPath = path.join(template, 'tripmates-template.json');
    const original = readFileSync(stampPath, 'utf8');
    const withStamp = (change: (stamp: Record<string, unknown>) => void) => {
      const stamp = JSON.parse(original);
      change(stamp);
      writeFileSync(stampPath, JSON.stringify(stamp));
      return usableTemplate(template, migrationsFolder);
    };
    try {
      expect(withStamp(() => {})).not.toBeNull();
      expect(withStamp((stamp) => (stamp.pglite = '0.4.0'))).toBeNull();
      expect(withStamp((stamp) => (stamp.format = 0))).toBeNull();
      expect(withStamp((stamp) => (stamp.startParams = ['--single']))).toBeNull();
      // A migration changed since (or another branch's), or one these sources do not have.
      expect(
        withStamp((stamp) => {
          (stamp.migrations as { hash: string }[])[0]!.hash = 'other';
        }),
      ).toBeNull();
      expect(
        withStamp((stamp) => {
          (stamp.migrations as unknown[]).push({ tag: '9999_newer', hash: 'x' });
          (stamp.migrations as unknown[]).push({ tag: '9999_newer', hash: 'y' });
        }),
      ).toBeNull();
      writeFileSync(stampPath, original);
      // Not shut down cleanly.
      writeFileSync(path.join(template, 'postmaster.pid'), '1\n');
      expect(usableTemplate(template, migrationsFolder)).toBeNull();
      rmSync(path.join(template, 'postmaster.pid'));
      // No stamp (a template half-made), or no template at all.
      rmSync(stampPath);
      expect(usableTemplate(template, migrationsFolder)).toBeNull();
      expect(usableTemplate(path.join(root, 'none'), migrationsFolder)).toBeNull();
    } finally {
      writeFileSync(stampPath, original);
    }
    expect(usableTemplate(template, migrationsFolder)).not.toBeNull();
  });
});

describe.skipIf(secondPassOnPostgres)('openEmbedded (issue #18)', () => {
  it('makes a new database migrated, with the small settings, over what a killed start left, when the template cannot be copied', async () => {
    const dir = path.join(root, 'pglite');
    // A start killed while creating left a half-made folder beside it: it is not used.
    mkdirSync(`${dir}.creating`);
    writeFileSync(path.join(`${dir}.creating`, 'PG_VERSION'), 'half');
    // A template that is usable but cannot be copied (a FIFO cannot be).
    const fifo = path.join(template, 'base', 'unreadable');
    execFileSync('mkfifo', [fifo]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    let client: PGlite;
    try {
      expect(await prepareEmbedded(dir, migrationsFolder, template)).toBe('created');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Could not copy the database'));
      expect(existsSync(`${dir}.creating`)).toBe(false);
      client = await openEmbedded(dir, migrationsFolder, template);
    } finally {
      warn.mockRestore();
      rmSync(fifo);
    }
    try {
      expect(await appliedMigrations(client)).toBe(migrationCount);
      const tables = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['users', 'trips', 'widgets', 'early_access_requests']),
      );
      await expectSmallSettings(client);
      await client.query(
        "insert into waitlist_entries (email, source) values ('a@b.co', 'landing')",
      );
    } finally {
      await client.close();
    }

    // Opened again, it is the same database (not made anew).
    const again = await openEmbedded(dir, migrationsFolder, template);
    try {
      const rows = await again.query('select email from waitlist_entries');
      expect(rows.rows).toEqual([{ email: 'a@b.co' }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
