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
 * PGlite allows one process per data directory: two would corrupt it. The lock file holds the
 * owner's pid; a lock left by a process that no longer runs (a crash, kill -9) is taken over.
 * Returns a release function that removes the file if it is still ours.
 */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  const content = String(process.pid);
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
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      // Our own pid in the file means a previous run that had the same pid (common as pid 1 in a
      // container) died without cleaning up: a process takes this lock only once.
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new LockHeldError(
          `Another Tripmates server (pid ${holder}) is using the data directory ${dir}. ` +
            'Stop it first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new LockHeldError(`Could not take the lock file ${file}; another process keeps taking it.`);
}
