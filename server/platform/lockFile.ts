import fs from 'node:fs';
import path from 'node:path';

export class LockHeldError extends Error {
  override name = 'LockHeldError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Who holds the lock: the pid, and what tells that process from a later one given the same pid
 * (pids are reused, and a container's server is often pid 1 every time): when it started, in
 * clock ticks since boot, and which boot — both from Linux's /proc; null elsewhere.
 */
type LockOwner = { pid: number; started: string | null; boot: string | null };

function readProc(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The start time of `pid` (field 22 of /proc/<pid>/stat), or null without /proc. */
function startTimeOf(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: count after it.
  const rest = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return rest?.[19] ?? null;
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id')?.trim() || null;

function owner(pid: number): LockOwner {
  return { pid, started: startTimeOf(pid), boot: bootId() };
}

/** The owner a lock file names; a bare pid is the format before issue #16. */
function parseOwner(content: string): LockOwner | null {
  if (/^\d+$/.test(content.trim())) return { pid: Number(content), started: null, boot: null };
  try {
    const parsed = JSON.parse(content) as Partial<LockOwner>;
    if (!Number.isInteger(parsed.pid)) return null;
    return { pid: parsed.pid!, started: parsed.started ?? null, boot: parsed.boot ?? null };
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs: the same pid, started at the same time. */
function stillRuns(holder: LockOwner): boolean {
  if (!isAlive(holder.pid)) return false;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false; // written before a reboot
  const started = startTimeOf(holder.pid);
  return !(holder.started && started && holder.started !== started); // a new process, same pid
}

/**
 * PGlite allows one process per data directory: two would corrupt it. The lock file names its
 * owner (pid, start time, boot); a lock left by a process that no longer runs (a crash,
 * kill -9, a reboot, its pid now someone else's) is taken over. Returns a release function that
 * removes the file if it is still ours.
 */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  const content = JSON.stringify(owner(process.pid));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseOwner(fs.readFileSync(file, 'utf8'));
      // Our own pid in the file means a previous run that had the same pid (common as pid 1 in a
      // container) died without cleaning up: a process takes this lock only once.
      if (holder && holder.pid !== process.pid && stillRuns(holder)) {
        throw new LockHeldError(
          `Another Tripmates server (pid ${holder.pid}) is using the data directory ${dir}. ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new LockHeldError(`Could not take the lock file ${file}; another process keeps taking it.`);
}
