import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { projectPath } from '../paths';

/**
 * Issue #18: PostgreSQL's defaults are sized for a server of its own, and PGlite's WebAssembly
 * memory only grows, never shrinks: with them the embedded database held ~600 MB at idle. These
 * keep its memory to what a trip planner's data needs (measured: bench/README.md, `npm run bench`; decisions 0029, 0048);
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

/**
 * Issue #36: a new data directory copied from this one, made by `npm run build`
 * (makeTemplate.ts), takes a fraction of a second instead of the 5-15 s of initdb. Found like the
 * other run-time files, so the sources (tsx) use the build's template too.
 */
export const TEMPLATE_DIR = projectPath('dist', 'pglite-template');
const STAMP_FILE = 'tripmates-template.json';
// Changes when the way a template is made changes: older templates are then not used.
const TEMPLATE_FORMAT = 1;

/** What a template was made with and from; written into it once it is complete. */
type TemplateStamp = {
  format: number;
  pglite: string;
  startParams: string[];
  /** The migrations applied in it, in order, with drizzle's hash of each file. */
  migrations: { tag: string; hash: string }[];
  /** Tells this template from another made later with the same stamp. */
  made: string;
};

export type Prepared = 'existing' | 'template' | 'created';

/** The embedded database in `dir`, made and migrated first when it does not exist yet. */
export async function openEmbedded(
  dir: string,
  migrationsFolder: string,
  template: string = TEMPLATE_DIR,
): Promise<PGlite> {
  await prepareEmbedded(dir, migrationsFolder, template);
  return PGlite.create(dir, { startParams });
}

/**
 * Makes sure `dir` holds a database: as it is, a copy of the template, or one made in a child
 * process. Either is made beside `dir` and renamed into place once complete, so a start killed
 * half-way (or a copy that failed) leaves nothing half-made where the database belongs.
 */
export async function prepareEmbedded(
  dir: string,
  migrationsFolder: string,
  template: string = TEMPLATE_DIR,
): Promise<Prepared> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return 'existing';
  const partial = `${dir}.creating`;
  rmSync(partial, { recursive: true, force: true }); // what a killed start left
  if (copyTemplate(template, partial, migrationsFolder)) {
    renameSync(partial, dir);
    return 'template';
  }
  await runCreateJob(partial, migrationsFolder, dir);
  renameSync(partial, dir);
  return 'created';
}

/**
 * Copies the template into `to` when it was made by this PGlite, with these settings, from the
 * migrations here (or the first of them: `migrate()` applies the rest). False, with nothing left
 * in `to`, when there is no usable template or the copy failed.
 */
function copyTemplate(template: string, to: string, migrationsFolder: string): boolean {
  const stamp = usableTemplate(template, migrationsFolder);
  if (!stamp) return false;
  const stampPath = path.join(template, STAMP_FILE);
  try {
    cpSync(template, to, {
      recursive: true,
      mode: constants.COPYFILE_FICLONE, // a copy-on-write clone where the file system has them
      filter: (source) => source !== stampPath,
    });
    // A build replacing the template during the copy would leave a mix of two: not used.
    if (readStamp(template)?.made !== stamp.made) throw new Error('the template changed');
    return true;
  } catch (error) {
    rmSync(to, { recursive: true, force: true });
    console.warn(
      `Could not copy the database template (${(error as Error).message}); creating the database instead.`,
    );
    return false;
  }
}

/** The template's stamp when a new database may be copied from it; null otherwise. */
export function usableTemplate(template: string, migrationsFolder: string): TemplateStamp | null {
  const stamp = readStamp(template);
  if (!stamp || !existsSync(path.join(template, 'PG_VERSION'))) return null;
  // A database not shut down cleanly is no template.
  if (existsSync(path.join(template, 'postmaster.pid'))) return null;
  const current = currentStamp(migrationsFolder);
  const sameMigrations =
    stamp.migrations.length <= current.migrations.length &&
    stamp.migrations.every(
      (migration, i) =>
        migration.tag === current.migrations[i]?.tag &&
        migration.hash === current.migrations[i]?.hash,
    );
  const usable =
    stamp.format === current.format &&
    stamp.pglite === current.pglite &&
    JSON.stringify(stamp.startParams) === JSON.stringify(current.startParams) &&
    sameMigrations;
  return usable ? stamp : null;
}

function readStamp(template: string): TemplateStamp | null {
  try {
    const stamp = JSON.parse(readFileSync(path.join(template, STAMP_FILE), 'utf8'));
    return Array.isArray(stamp?.migrations) && Array.isArray(stamp?.startParams) ? stamp : null;
  } catch {
    return null;
  }
}

/** The stamp a template made now would have (`made` aside). */
function currentStamp(migrationsFolder: string): Omit<TemplateStamp, 'made'> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return {
    format: TEMPLATE_FORMAT,
    pglite: pgliteVersion(),
    startParams,
    migrations: journal.entries.map(({ tag }) => ({
      tag,
      // As drizzle's migrator hashes it.
      hash: createHash('sha256')
        .update(readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8'))
        .digest('hex'),
    })),
  };
}

function pgliteVersion(): string {
  // Its package.json is not among its exports: found upwards from its entry point.
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (pkg.name === '@electric-sql/pglite') return String(pkg.version);
    } catch {}
    if (path.dirname(dir) === dir) return 'unknown';
    dir = path.dirname(dir);
  }
}

/**
 * Makes the template `npm run build` leaves in dist (or in `template`), with the same job as a
 * new data directory without one; nothing when the one there is already made from the same
 * PGlite, settings and migrations. Made beside it and renamed into place once complete.
 */
export async function makeTemplate(
  migrationsFolder: string,
  template: string = TEMPLATE_DIR,
): Promise<'made' | 'kept'> {
  const stamp = { ...currentStamp(migrationsFolder), made: randomUUID() };
  const existing = usableTemplate(template, migrationsFolder);
  if (existing && existing.migrations.length === stamp.migrations.length) return 'kept';

  const partial = `${template}.creating-${process.pid}`;
  const old = `${template}.old-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    await runCreateJob(partial, migrationsFolder, template);
    if (
      existsSync(path.join(partial, 'postmaster.pid')) ||
      !existsSync(path.join(partial, 'PG_VERSION'))
    ) {
      throw new Error(`The database template in ${partial} was not closed cleanly`);
    }
    writeFileSync(path.join(partial, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    if (existsSync(template)) renameSync(template, old);
    renameSync(partial, template);
  } finally {
    rmSync(partial, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  return 'made';
}

/**
 * Makes a new data directory in `dir` (for `name`) in a child process: initdb and the migrations.
 * They grow WebAssembly memory that is never given back: done in this process they left the
 * server ~400 MB larger for the rest of its life. The server never runs them itself.
 */
async function runCreateJob(dir: string, migrationsFolder: string, name: string) {
  const job = {
    dir,
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
  if (code !== 0) throw new Error(`Could not create the embedded database in ${name}`);
}
