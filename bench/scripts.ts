/**
 * What the first load of the landing page and of the dashboard costs in JavaScript, measured on
 * the production build in Debian's Chromium (issue #22: a lazy feature must not grow either):
 *
 *   npm run build && node --import tsx bench/scripts.ts
 *
 * Starts the real server (embedded database in a temporary directory) on 127.0.0.1, loads `/`
 * signed out and `/dashboard` as a newly signed-up person (their first trip's board), both on a
 * phone until the network is idle, and prints each script's gzipped size and the totals.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { measurePageScripts, type ScriptSizes } from '../e2e/support/scriptBudget';
import { chromiumLaunchOptions } from '../playwright.config';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/platform/config';
import { openDatabase } from '../server/platform/db/client';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-scripts-'));
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

function print(title: string, { files, totalGzipBytes }: ScriptSizes) {
  console.log(
    `${title}: ${(totalGzipBytes / 1024).toFixed(1)} KB gzipped in ${files.length} files`,
  );
  for (const file of files) {
    console.log(`  ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file.path}`);
  }
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  print('/ (signed out)', await measurePageScripts(browser, `${base}/`));
  const dashboard = await measurePageScripts(browser, `${base}/dashboard`, async (context) => {
    const id = `bench_${Date.now().toString(36)}`;
    const answer = await context.request.post(`${base}/api/register`, {
      headers: { origin: base },
      data: {
        username: id,
        email: `${id}@example.com`,
        password: 'terraces at sunrise',
        firstName: 'Ana',
        lastName: 'Lima',
      },
    });
    if (answer.status() !== 201) throw new Error(`sign-up failed: ${answer.status()}`);
  });
  print('/dashboard (signed in, first trip)', dashboard);
} finally {
  await browser.close();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
