import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/platform/config';
import { openDatabase } from '../../server/platform/db/client';

/**
 * The real app serving the production build, in this process, on 127.0.0.1 (an embedded
 * database in a temporary directory): for the benchmarks that load pages in Chromium. Exits
 * with a message when there is no build. `close` stops it and removes its directory.
 */
export async function startBuiltApp(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tripmates-${name}-`));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
  if (!fs.existsSync(path.join(config.clientDir, 'index.html'))) {
    console.error('No production build: run `npm run build` first.');
    process.exit(1);
  }
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
