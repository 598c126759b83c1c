// `npm run build`: the client (Vite, into dist/client) and the server (esbuild, into
// dist/server/main.js), then a stamp that `npm start` compares with the sources. Plain
// JavaScript, so it runs without a TypeScript loader.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { stampBuild } from './buildStamp.mjs';

const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (vite.status !== 0) process.exit(vite.status ?? 1);

// One file with the server's own code; its packages stay in node_modules (native ones, like
// argon2 and PGlite's WebAssembly, cannot be bundled). Run without tsx, the server needs about
// 80 MB less memory and starts faster (issue #18).
await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});

stampBuild();
