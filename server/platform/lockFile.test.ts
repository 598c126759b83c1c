import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, LockHeldError } from './lockFile';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireLock', () => {
  it('creates the directory and writes our pid, and release removes it', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = acquireLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses while another live process holds it', () => {
    const dir = tempDir();
    // The parent process (vitest's runner) is alive for the whole test.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireLock(dir)).toThrowError(LockHeldError);
    expect(() => acquireLock(dir)).toThrowError(
      `Another Tripmates server (pid ${process.ppid}) is using the data directory ${dir}`,
    );
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that has exited', () => {
    const dir = tempDir();
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.writeFileSync(path.join(dir, 'server.lock'), String(exited));
    const release = acquireLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('does not remove a lock that another process has taken since', () => {
    const dir = tempDir();
    const release = acquireLock(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    release();
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
  });
});
