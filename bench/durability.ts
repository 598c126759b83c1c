/**
 * Durability under kill -9: starts the real server (`server/main.ts`) on 127.0.0.1, writes
 * to-dos from several concurrent writers, kills the server with SIGKILL at a random moment,
 * starts it again on the same data and counts the writes it had acknowledged (201) that are
 * missing. Repeats for CYCLES cycles on the embedded database (PGlite in a temporary DATA_DIR)
 * and on PostgreSQL (a fresh database on PG_ADMIN_URL, dropped at the end). Loopback only,
 * bounded: CYCLES × a second or two of load.
 *
 *   node --import tsx bench/durability.ts                  # 20 cycles on each database
 *   CYCLES=5 DATABASES=embedded node --import tsx bench/durability.ts
 *   PG_ADMIN_URL=postgres://root@127.0.0.1:5432/test     # the default
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const cycles = Number(process.env.CYCLES ?? 20);
const databases = (process.env.DATABASES ?? 'embedded,postgres').split(',');
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/test';
const port = Number(process.env.BENCH_PORT ?? 4391);
const base = `http://127.0.0.1:${port}`;
const WRITERS = 8;

type Env = Record<string, string>;

function startServer(env: Env): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(server: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not come up within 30 s');
}

function killHard(server: ChildProcess) {
  return new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
}

async function call(method: string, pathname: string, cookie: string, body?: unknown) {
  return fetch(`${base}${pathname}`, {
    method,
    headers: {
      origin: base,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function runOn(kind: string, env: Env) {
  let server = startServer(env);
  await waitForHealth(server);
  const signUp = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `durable${Date.now()}`,
      email: `durable${Date.now()}@example.com`,
      password: 'a long durability password',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
  const trips = (await (await call('GET', '/api/trips', cookie)).json()) as { id: string }[];
  const tripId = trips[0]!.id;

  let acknowledged = 0;
  let lost = 0;
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const acked: string[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let n = 0; writing; n++) {
        const text = `c${cycle}-w${w}-${n}`;
        const res = await call('POST', `/api/trips/${tripId}/todos`, cookie, { text }).catch(
          () => null,
        );
        if (!res) return; // the server is gone: this write was never acknowledged
        if (res.status === 201) acked.push(text);
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1200));
    await killHard(server);
    writing = false;
    await Promise.all(writers);

    server = startServer(env);
    await waitForHealth(server);
    const res = await call('GET', `/api/trips/${tripId}/todos`, cookie);
    const stored = (await res.json()) as { id: string; text: string }[];
    const texts = new Set(stored.map((todo) => todo.text));
    const missing = acked.filter((text) => !texts.has(text));
    acknowledged += acked.length;
    lost += missing.length;
    console.log(
      `  ${kind} cycle ${String(cycle).padStart(2)}: ${acked.length} writes acknowledged, ${missing.length} missing`,
    );
    // Room for the next cycle (a trip holds at most 500 to-dos).
    for (const todo of stored) await call('DELETE', `/api/todos/${todo.id}`, cookie);
  }
  await killHard(server);
  console.log(
    `${kind}: ${cycles} kill -9 cycles, ${acknowledged} acknowledged writes, ${lost} lost`,
  );
  return lost;
}

let lostInAll = 0;
for (const kind of databases) {
  if (kind === 'embedded') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-durability-'));
    try {
      lostInAll += await runOn('embedded (PGlite)', { DATA_DIR: dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } else if (kind === 'postgres') {
    const name = `tripmates_durability_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-durability-'));
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      lostInAll += await runOn('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
process.exit(lostInAll === 0 ? 0 : 1);
