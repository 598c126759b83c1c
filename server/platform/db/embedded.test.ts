import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';
import { EMBEDDED_SETTINGS, openEmbedded } from './embedded';

const root = mkdtempSync(path.join(os.tmpdir(), 'tripmates-embedded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('openEmbedded (issue #18)', () => {
  it('makes a new database migrated, with the small settings, over what a killed start left', async () => {
    const dir = path.join(root, 'pglite');
    // A start killed while creating left a half-made folder beside it: it is not used.
    mkdirSync(`${dir}.creating`);
    writeFileSync(path.join(`${dir}.creating`, 'PG_VERSION'), 'half');

    const client = await openEmbedded(dir, migrationsFolder);
    try {
      const tables = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public'",
      );
      expect(tables.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['users', 'trips', 'widgets', 'early_access_requests']),
      );
      for (const setting of EMBEDDED_SETTINGS) {
        const [name, value] = setting.split('=');
        const shown = await client.query<Record<string, string>>(`show ${name}`);
        expect(Object.values(shown.rows[0]!)[0], name).toBe(value);
      }
      await client.query(
        "insert into waitlist_entries (email, source) values ('a@b.co', 'landing')",
      );
    } finally {
      await client.close();
    }

    // Opened again, it is the same database (not made anew).
    const again = await openEmbedded(dir, migrationsFolder);
    try {
      const rows = await again.query('select email from waitlist_entries');
      expect(rows.rows).toEqual([{ email: 'a@b.co' }]);
    } finally {
      await again.close();
    }
  }, 60_000);
});
