// `npm start`: builds only when the sources changed since the last build (issue #18: it rebuilt
// the client on every start), then hands over to the built server, which keeps this process's
// place so signals and the exit code are the server's.
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './buildStamp.mjs';

if (buildIsStale()) {
  console.log('Building Tripmates (the sources changed since the last build)...');
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await import('../dist/server/main.js');
