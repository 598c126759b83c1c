import fs from 'node:fs';
import path from 'node:path';

// What the build is made from: a change to any of these makes `npm start` build again.
const SOURCES = [
  'app',
  'server',
  'shared',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];
const STAMP = 'dist/.build-stamp';
const OUTPUTS = ['dist/client/index.html', 'dist/server/main.js'];

function newestChange(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const name of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

/** Records that the build in `root`/dist is made from the sources as they are now. */
export function stampBuild(root = process.cwd()) {
  fs.writeFileSync(path.join(root, STAMP), `${new Date().toISOString()}\n`);
}

/** Whether `root`/dist is missing, or older than a source file. */
export function buildIsStale(root = process.cwd()) {
  if (!OUTPUTS.every((file) => fs.existsSync(path.join(root, file)))) return true;
  let stamped;
  try {
    stamped = fs.statSync(path.join(root, STAMP)).mtimeMs;
  } catch {
    return true;
  }
  return SOURCES.some((source) => newestChange(path.join(root, source)) > stamped);
}
