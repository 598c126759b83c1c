import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (the one with package.json), found upwards from this module: the same
 * whether the server runs from its sources (server/platform) or from its build (dist/server),
 * so files the server reads at run time (migrations, the common-password list) are found from
 * either.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** A path inside the project, e.g. `projectPath('server', 'platform', 'db', 'migrations')`. */
export const projectPath = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
