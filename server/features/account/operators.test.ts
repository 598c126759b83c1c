import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client';
import { sessions, users } from '../../platform/db/schema';
import { createSession } from '../../platform/sessions';
import { createTestDatabase, secondPassOnPostgres } from '../../test/testDatabase';
import { passkeys } from '../passkeys/tables';
import { recoveryCodes } from '../twofactor/tables';
import { operatorCommands } from './operators';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values({
    username: 'Ana',
    email: 'ana@example.com',
    twoFactorEnabled: true,
    totpSecret: 'JBSWY3DPEHPK3PXP',
    totpLastStep: 5,
  });
});
afterAll(() => database.close());

const ana = async () =>
  (await database.db.select().from(users).where(eq(users.username, 'Ana')))[0]!;

describe('operator commands', () => {
  it('promotes, whatever the case of the name', async () => {
    expect(await operatorCommands.promote(database.db, ['ana'])).toBe(
      'Ana is now an administrator.',
    );
    expect((await ana()).role).toBe('admin');
  });

  it('sets a plan, and refuses an unknown one', async () => {
    expect(await operatorCommands['set-plan'](database.db, ['ana', 'pro'])).toMatch(/pro plan/);
    expect((await ana()).plan).toBe('pro');
    await expect(operatorCommands['set-plan'](database.db, ['ana', 'gold'])).rejects.toThrow(
      /Usage/,
    );
  });

  it('resets the second factors: TOTP, recovery codes, passkeys, and every session', async () => {
    const { id } = await ana();
    await database.db.insert(recoveryCodes).values([
      { userId: id, codeHash: 'a'.repeat(64) },
      { userId: id, codeHash: 'b'.repeat(64) },
    ]);
    await database.db
      .insert(passkeys)
      .values({ userId: id, credentialId: 'cred-ana', publicKey: 'key-ana', name: 'Phone' });
    await createSession(database.db, id, { ip: null, userAgent: null });
    expect(await operatorCommands['reset-2fa'](database.db, ['ana'])).toMatch(
      /^Second factors reset for Ana/,
    );
    // Issue #38: the same reset as the administrators' people list.
    expect(await database.db.select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await ana()).toMatchObject({
      twoFactorEnabled: false,
      totpSecret: null,
      totpLastStep: null,
    });
    expect(
      await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id)),
    ).toEqual([]);
  });

  it('names an unknown account', async () => {
    await expect(operatorCommands.promote(database.db, ['zoe'])).rejects.toThrow(
      'No account is called "zoe".',
    );
    await expect(operatorCommands['reset-2fa'](database.db, ['zoe'])).rejects.toThrow(
      'No account is called "zoe".',
    );
  });
});

describe.skipIf(secondPassOnPostgres)('npm run user', () => {
  it('runs a command against the data directory and exits 1 with a usage line on bad input', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-cli-'));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/user.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
    try {
      for (const command of ['frobnicate', 'constructor', 'toString']) {
        const usage = run(command);
        expect(usage.status, command).toBe(1);
        expect(usage.stderr).toMatch(/^Usage: npm run user -- promote/);
      }
      const missing = run('promote', 'nobody');
      expect(missing.status).toBe(1);
      expect(missing.stderr.trim()).toBe('No account is called "nobody".');
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Four processes, one of which makes a data directory: on a machine busy with the rest of
    // the suite that took 80 s once (blocked in spawnSync, the test's own time cannot end it).
  }, 180_000);
});
