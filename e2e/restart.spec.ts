import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { newTraveller } from './support/accounts';

/**
 * A server restart in the middle of a session (issue #8): the open boards say they are
 * reconnecting, heal by themselves once the server is back, lose nothing that was saved, and are
 * live again. This test runs a server of its own (the shared one must stay up for the others),
 * on its own port and data directory, and restarts it.
 */
const PORT = Number(process.env.E2E_RESTART_PORT ?? 4321);
const BASE = `http://127.0.0.1:${PORT}`;

let server: ChildProcess | null = null;
let dataDir: string;

async function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Outside services are not part of this test: a closed port answers at once.
      OPEN_METEO_GEOCODING_URL: 'http://127.0.0.1:9/v1/search',
      OPEN_METEO_FORECAST_URL: 'http://127.0.0.1:9/v1/forecast',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const started = Date.now(); Date.now() - started < 30_000; ) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the restart test server did not start');
}

async function stopServer() {
  const running = server;
  server = null;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-restart-'));
  await startServer();
});
test.afterAll(async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(browser: Browser, firstName: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const res = await page.request.post(`${BASE}/api/register`, {
    data: { ...newTraveller(firstName.toLowerCase()), firstName, lastName: 'Restart' },
    headers: { origin: BASE },
  });
  expect(res.status()).toBe(201);
  return page;
}

test('a restarted server: the boards reconnect by themselves, keep what was saved, and are live again', async ({
  browser,
}, info) => {
  test.skip(info.project.name === 'phone', 'one run is enough: this is about the server');
  test.slow();
  const owner = await signUp(browser, 'Rita');
  const member = await signUp(browser, 'Sam');
  const [trip] = (await (await owner.request.get(`${BASE}/api/trips`)).json()) as { id: string }[];
  const invitation = await (
    await owner.request.get(`${BASE}/api/trips/${trip!.id}/invitation`)
  ).json();
  const code = new URL(invitation.url).pathname.split('/').pop()!;
  expect(
    (await member.request.post(`${BASE}/api/join/${code}`, { headers: { origin: BASE } })).status(),
  ).toBe(200);

  const todos = (page: typeof owner) =>
    page.getByRole('region', { name: 'Group To-Do List', exact: true });
  for (const page of [owner, member]) {
    await page.goto(`${BASE}/dashboard?trip=${trip!.id}`);
    await expect(todos(page)).toBeVisible({ timeout: 15_000 });
  }
  await expect(owner.getByTestId('presence-member')).toHaveCount(1);

  // Saved before the restart.
  const form = todos(member).getByRole('form', { name: 'Add a task' });
  await form.getByLabel('New task').fill('Pack the snorkels');
  await form.getByLabel('New task').press('Enter');
  await expect(todos(owner).getByText('Pack the snorkels')).toBeVisible();

  await stopServer();
  await expect(owner.getByRole('status').filter({ hasText: 'Reconnecting' })).toBeVisible();
  // Meanwhile the board stays as it was, not an error page.
  await owner.waitForTimeout(1500);
  await expect(todos(owner).getByText('Pack the snorkels')).toBeVisible();
  await expect(owner.getByText('The board could not be loaded')).toHaveCount(0);
  const restartedAt = Date.now();
  await startServer();

  // Healed without a reload: the notice goes, presence and live changes are back.
  await expect(owner.getByRole('status').filter({ hasText: 'Reconnecting' })).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(member.getByRole('status').filter({ hasText: 'Reconnecting' })).toHaveCount(0, {
    timeout: 15_000,
  });
  info.annotations.push({
    type: 'healed',
    description: `boards live again ${Date.now() - restartedAt} ms after the restart began`,
  });
  await expect(owner.getByTestId('presence-member')).toHaveCount(1);
  await expect(todos(owner).getByText('Pack the snorkels')).toBeVisible();

  await form.getByLabel('New task').fill('Book the boat');
  await form.getByLabel('New task').press('Enter');
  await expect(todos(owner).getByText('Book the boat')).toBeVisible({ timeout: 2000 });
  await owner.context().close();
  await member.context().close();
});
