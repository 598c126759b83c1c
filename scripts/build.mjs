// `npm run build`: the client (Vite, into dist/client), the server (esbuild, into
// dist/server/main.js), the database template a new data directory is copied from (into
// dist/pglite-template), then a stamp that `npm start` compares with the sources. Plain
// JavaScript, so it runs without a TypeScript loader.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';
import { stampBuild } from './buildStamp.mjs';

const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);

// The server's own code, bundled; its packages stay in node_modules (native ones, like argon2
// and PGlite's WebAssembly, cannot be bundled). Run without tsx, the server needs about 80 MB
// less memory and starts faster (issue #18). Split into chunks so that what a file imports only
// when needed (`await import(...)`: the PostgreSQL driver, Redis) is loaded only then — bundled
// into one file, its packages would be imported at start (issue #36). makeTemplate.js makes the
// database template a new data directory is copied from (issue #36, server/platform/db/embedded.ts).
fs.rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts', 'server/platform/db/makeTemplate.ts'],
  outdir: 'dist/server',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});

const template = spawnSync(process.execPath, ['dist/server/makeTemplate.js'], { stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);

stampBuild();
