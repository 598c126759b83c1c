import { spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Issue #18: PostgreSQL's defaults are sized for a server of its own, and PGlite's WebAssembly
 * memory only grows, never shrinks: with them the embedded database held ~600 MB at idle. These
 * keep its memory to what a trip planner's data needs (measured in docs/ARCHITECTURE.md "Cost");
 * the operating system's file cache still holds the data files.
 */
export const EMBEDDED_SETTINGS = [
  'shared_buffers=16MB',
  'wal_buffers=1MB',
  'work_mem=2MB',
  'maintenance_work_mem=8MB',
  'temp_buffers=1MB',
];

const startParams = [
  ...PGlite.defaultStartParams,
  ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting]),
];

/** The embedded database in `dir`, made and migrated first when it does not exist yet. */
export async function openEmbedded(dir: string, migrationsFolder: string): Promise<PGlite> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await createEmbedded(dir, migrationsFolder);
  return PGlite.create(dir, { startParams });
}

/**
 * Makes a new data directory in a child process. Creating one runs initdb and the migrations,
 * which grow WebAssembly memory that is never given back: done in this process they left the
 * server ~400 MB larger for the rest of its life. The child makes it beside `dir` and it is
 * renamed into place once complete, so a start killed half-way leaves nothing half-made.
 */
async function createEmbedded(dir: string, migrationsFolder: string) {
  const partial = `${dir}.creating`;
  rmSync(partial, { recursive: true, force: true }); // what a killed start left
  const job = {
    dir: partial,
    startParams,
    migrationsFolder,
    pglite: import.meta.resolve('@electric-sql/pglite'),
    drizzle: import.meta.resolve('drizzle-orm/pglite'),
    migrator: import.meta.resolve('drizzle-orm/pglite/migrator'),
  };
  // Plain JavaScript with the modules' resolved URLs: the same from the sources (tsx) and from
  // the built server, with no file of its own to find.
  const script = `
    const job = JSON.parse(process.env.TRIPMATES_EMBEDDED_JOB);
    const { PGlite } = await import(job.pglite);
    const { drizzle } = await import(job.drizzle);
    const { migrate } = await import(job.migrator);
    const client = await PGlite.create(job.dir, { startParams: job.startParams });
    await migrate(drizzle(client), { migrationsFolder: job.migrationsFolder });
    await client.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, TRIPMATES_EMBEDDED_JOB: JSON.stringify(job) },
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dir}`);
  renameSync(partial, dir);
}
