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
const BOOT = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const startOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const lockOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8'));

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireLock', () => {
  it('creates the directory and writes who we are, and release removes it', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = acquireLock(dir);
    expect(lockOf(dir)).toEqual({ pid: process.pid, started: startOf(process.pid), boot: BOOT });
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses while another live process holds it', () => {
    const dir = tempDir();
    // The parent process (vitest's runner) is alive for the whole test.
    const parent = { pid: process.ppid, started: startOf(process.ppid), boot: BOOT };
    fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify(parent));
    expect(() => acquireLock(dir)).toThrowError(LockHeldError);
    expect(() => acquireLock(dir)).toThrowError(
      `Another Tripmates server (pid ${process.ppid}) is using the data directory ${dir}`,
    );
    expect(lockOf(dir)).toEqual(parent);
  });

  it('refuses for a live pid in the older bare-pid format too', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireLock(dir)).toThrowError(LockHeldError);
  });

  // Issue #16: a stale lock whose pid now belongs to another process blocked start-up.
  it.each([
    ['its pid now belongs to a process that started later', { started: '1' }],
    ['it was written before the machine restarted', { boot: 'another-boot' }],
    ['it cannot be read', 'not a lock'],
  ])('takes over a lock when %s', (_name, change) => {
    const dir = tempDir();
    const stale =
      typeof change === 'string'
        ? change
        : JSON.stringify({
            pid: process.ppid,
            started: startOf(process.ppid),
            boot: BOOT,
            ...change,
          });
    fs.writeFileSync(path.join(dir, 'server.lock'), stale);
    const release = acquireLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock left by a process that has exited', () => {
    const dir = tempDir();
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.writeFileSync(path.join(dir, 'server.lock'), String(exited));
    const release = acquireLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
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
