/**
 * HTTP benchmark: starts the real server (production build, embedded database in a temporary
 * directory) on 127.0.0.1 and measures latency and throughput of the health check, the SPA
 * page and a hashed asset with autocannon. Loopback only, bounded in time.
 *
 *   npm run build && npm run bench            # 10 s per route, 10 connections
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/platform/config';
import { openDatabase } from '../server/platform/db/client';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-bench-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0' });
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp(config, { database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// The entry chunk index.html loads: the largest file a first visit downloads.
const asset = fs
  .readFileSync(path.join(config.clientDir, 'index.html'), 'utf8')
  .match(/src="\/assets\/(index-[^"]+\.js)"/)?.[1];
const targets = [
  { name: 'GET /api/health (database round trip)', path: '/api/health', headers: {} },
  { name: 'GET / (index.html)', path: '/', headers: { 'accept-encoding': 'br, gzip' } },
  ...(asset
    ? [
        {
          name: `GET /assets/${asset} (brotli)`,
          path: `/assets/${asset}`,
          headers: { 'accept-encoding': 'br' },
        },
      ]
    : []),
];

console.log(
  `Tripmates HTTP benchmark: ${connections} connections, ${seconds} s per route, ${os.cpus().length} CPUs\n`,
);
console.log(
  'route'.padEnd(52),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'errors'.padStart(7),
);
try {
  for (const target of targets) {
    const result = await autocannon({
      url: `${base}${target.path}`,
      connections,
      duration: seconds,
      headers: target.headers,
    });
    const errors = result.errors + result.non2xx;
    console.log(
      target.name.padEnd(52),
      result.requests.average.toFixed(0).padStart(9),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(errors).padStart(7),
    );
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
