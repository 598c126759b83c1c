import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { newTraveller } from './support/accounts';

/**
 * Issue #8's "done when": two people whose browsers are connected to different server instances
 * see each other and each other's changes live. Two servers of this test's own share a fresh
 * database on the PostgreSQL server and the Redis server of this machine (as instances behind a
 * load balancer would); the owner's browser talks to one, the member's to the other.
 */
const ADMIN_URL = process.env.E2E_PG_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = [4322, 4323] as const;
const database = `tripmates_e2e_instances_${randomBytes(4).toString('hex')}`;
const servers: ChildProcess[] = [];
let dataDir: string;

function databaseUrl(name: string) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function startInstance(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(dataDir, String(port)),
      DATABASE_URL: databaseUrl(database),
      REDIS_URL,
      REDIS_PREFIX: database,
      LOG_LEVEL: 'warn',
      OPEN_METEO_GEOCODING_URL: 'http://127.0.0.1:9/v1/search',
      OPEN_METEO_FORECAST_URL: 'http://127.0.0.1:9/v1/forecast',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  for (const started = Date.now(); Date.now() - started < 30_000; ) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance on ${port} did not start`);
}

let bases: string[] = [];

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-instances-'));
  await adminQuery(`create database ${database}`);
  // One after the other: the first applies the migrations.
  bases = [await startInstance(PORTS[0]), await startInstance(PORTS[1])];
});
test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(null);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await adminQuery(`drop database if exists ${database} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(browser: Browser, base: string, firstName: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const res = await page.request.post(`${base}/api/register`, {
    data: { ...newTraveller(firstName.toLowerCase()), firstName, lastName: 'Apart' },
    headers: { origin: base },
  });
  expect(res.status()).toBe(201);
  return page;
}

const todos = (page: Page) => page.getByRole('region', { name: 'Group To-Do List', exact: true });

test('two people on two server instances see each other, their pointers and their changes', async ({
  browser,
}, info) => {
  test.skip(info.project.name === 'phone', 'one run is enough: this is about the servers');
  test.slow();
  const [onA, onB] = bases as [string, string];
  const owner = await signUp(browser, onA, 'Ines');
  const member = await signUp(browser, onB, 'Joao');
  const [trip] = (await (await owner.request.get(`${onA}/api/trips`)).json()) as { id: string }[];
  const invitation = await (
    await owner.request.get(`${onA}/api/trips/${trip!.id}/invitation`)
  ).json();
  const code = new URL(invitation.url).pathname.split('/').pop()!;
  const joined = await member.request.post(`${onB}/api/join/${code}`, { headers: { origin: onB } });
  expect(joined.status()).toBe(200);

  await owner.goto(`${onA}/dashboard?trip=${trip!.id}`);
  await member.goto(`${onB}/dashboard?trip=${trip!.id}`);
  await expect(todos(owner)).toBeVisible({ timeout: 15_000 });
  await expect(todos(member)).toBeVisible({ timeout: 15_000 });

  // Presence across instances.
  await expect(owner.getByRole('group', { name: 'Here now: Joao Apart, and you' })).toHaveCount(1);
  await expect(member.getByRole('group', { name: 'Here now: Ines Apart, and you' })).toHaveCount(1);

  // The member's pointer, on B, moves on the owner's board, on A.
  const board = (await member.getByTestId('board').boundingBox())!;
  await member.mouse.move(board.x + 500, board.y + 400, { steps: 3 });
  await expect(owner.getByTestId('live-cursor')).toContainText('Joao Apart');

  // A to-do added through B appears on A within a second.
  const form = todos(member).getByRole('form', { name: 'Add a task' });
  await form.getByLabel('New task').fill('Meet at the ferry terminal');
  await form.getByLabel('New task').press('Enter');
  await expect(todos(owner).getByText('Meet at the ferry terminal')).toBeVisible({ timeout: 1000 });

  await owner.context().close();
  await member.context().close();
});
