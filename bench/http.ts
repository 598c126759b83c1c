/**
 * HTTP benchmark (issue #18): Tripmates' signed-in `GET /api/user` and a trip's to-do list, side
 * by side in one run with two peers doing the same job as `GET /api/user` — a bare node:http
 * server (the ceiling) and Express 5 + express-session (memory store) + passport — on the
 * embedded database and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL too
 * (in a database of its own, dropped afterwards). Every server is its own process, so the load
 * generator here does not share their event loop. Loopback only, bounded in time.
 *
 *   npm run build && npm run bench
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/test npm run bench
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=10 npm run bench
 *
 * Before any load it prints what a new server costs at rest (issue #36): the time from its start
 * on a new data directory to the first 200, and its RSS 5 s and 20 s after that — so the next
 * feature that costs memory or start-up time shows up here.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/serverFlags.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL;

if (!fs.existsSync('dist/server/main.js')) {
  console.error('Run `npm run build` first: the benchmark runs the built server.');
  process.exit(1);
}

const running: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A peer (bench/peers/*.mjs) on a port of its own, once it says it listens. */
async function startPeer(file: string) {
  const port = await freePort();
  const child = fork(file, { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  running.push(child);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error(`${file} exited`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/login`, { method: 'POST' });
  return { base, cookie: cookieOf(login) };
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/** The built server on the embedded database (a temporary directory) or on `databaseUrl`. */
async function startTripmates(databaseUrl?: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-bench-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.push(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error('Tripmates exited at start-up');
    if (performance.now() - started > 60_000) throw new Error('Tripmates did not start in 60 s');
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const firstOk = performance.now();
  const idle = { firstOkMs: firstOk - started, rss5s: 0, rss20s: 0 };
  await sleepUntil(firstOk + 5_000);
  idle.rss5s = rssMb(child.pid!);
  await sleepUntil(firstOk + 20_000);
  idle.rss20s = rssMb(child.pid!);
  const name = `bench_${Date.now().toString(36)}`;
  const signUp = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: 'terraces at sunrise',
      firstName: 'Ana',
      lastName: 'Lima',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = cookieOf(signUp);
  const [trip] = (await (await fetch(`${base}/api/trips`, { headers: { cookie } })).json()) as {
    id: string;
  }[];
  return { base, cookie, tripId: trip!.id, pid: child.pid!, idle };
}

const sleepUntil = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/** Resident memory of a process, in MB, as the kernel counts it. */
function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? Number.NaN) / 1024;
}

/** A database of the benchmark's own on the PostgreSQL server at `adminUrl`. */
async function scratchDatabase(adminUrl: string) {
  const name = `tripmates_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

type Row = { name: string; reqPerSec: number; p50: number; p99: number; errors: number };
const rows: Row[] = [];

async function measure(name: string, url: string, cookie?: string) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  const row = {
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  rows.push(row);
  console.log(
    row.name.padEnd(48),
    row.reqPerSec.toFixed(0).padStart(9),
    String(row.p50).padStart(8),
    String(row.p99).padStart(8),
    String(row.errors).padStart(7),
  );
  return row.reqPerSec;
}

/** The entry chunk index.html loads, the largest file of a first visit, as browsers ask for it. */
async function measureEntryChunk(base: string) {
  const html = fs.readFileSync('dist/client/index.html', 'utf8');
  const entry = html.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
  if (!entry) return;
  const result = await autocannon({
    url: `${base}${entry}`,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'br' },
  });
  console.log(
    'Tripmates GET /assets/index-….js (brotli)'.padEnd(48),
    result.requests.average.toFixed(0).padStart(9),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(result.errors + result.non2xx).padStart(7),
  );
}

const stopAll = async () => {
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(
    running.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null,
    ),
  );
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
};

try {
  console.log(
    `Tripmates HTTP benchmark: ${connections} connections, ${seconds} s per route, ${os.cpus().length} CPUs\n`,
  );
  console.log(
    'server and route'.padEnd(48),
    'req/s'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'errors'.padStart(7),
  );
  const bare = await startPeer('bench/peers/node.mjs');
  await measure('node:http   GET /api/user', `${bare.base}/api/user`, bare.cookie);
  const peer = await startPeer('bench/peers/express.mjs');
  const express = await measure('Express     GET /api/user', `${peer.base}/api/user`, peer.cookie);

  const databases: [string, string | undefined][] = [['PGlite', undefined]];
  if (postgresUrl) databases.push(['PostgreSQL', await scratchDatabase(postgresUrl)]);
  const ratios: string[] = [];
  const atRest: string[] = [];
  for (const [label, url] of databases) {
    const t = await startTripmates(url);
    atRest.push(
      `${label}: first 200 ${(t.idle.firstOkMs / 1000).toFixed(1)} s after the start on a new ` +
        `data directory (target ≤ 4 s on PGlite); RSS ${t.idle.rss5s.toFixed(0)} MB 5 s and ` +
        `${t.idle.rss20s.toFixed(0)} MB 20 s after it (target ≤ 200 MB on PGlite)`,
    );
    const user = await measure(`Tripmates ${label} GET /api/user`, `${t.base}/api/user`, t.cookie);
    const todos = await measure(
      `Tripmates ${label} GET /api/trips/:id/todos`,
      `${t.base}/api/trips/${t.tripId}/todos`,
      t.cookie,
    );
    await measure(`Tripmates ${label} GET /api/health`, `${t.base}/api/health`);
    if (label === 'PGlite') await measureEntryChunk(t.base);
    ratios.push(
      `${label}: /api/user ${(user / express).toFixed(2)}× Express (target ≥ 2), ` +
        `to-dos ${(todos / express).toFixed(2)}× Express's /api/user (target ≥ 1)`,
    );
  }
  console.log(`\n${ratios.join('\n')}`);
  console.log(`\nAt rest, before the load above:\n${atRest.join('\n')}`);
} finally {
  await stopAll();
}
