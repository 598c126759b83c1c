import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '../../scripts/serverFlags.mjs';
import { E2E_ADMIN, newTraveller } from './accounts';
import { actAsNewVisitor } from './ui';

/**
 * Helpers for the tests of several people on one trip (e2e/live, restart and instances specs):
 * a browser context per person, signed up through the API, and servers a test runs itself.
 */

type Person = {
  base: string;
  firstName: string;
  lastName: string;
  /** The window's size, when not the project's (a phone in a desktop project's test). */
  viewport?: { width: number; height: number };
};

/**
 * A new person in a browser context of their own, signed up on the server at `base` — with an
 * invitation link when they sign up to join a trip (then sign-up makes no first trip of their own).
 */
export async function signUpPerson(
  browser: Browser,
  { base, firstName, lastName, viewport }: Person,
  invitation?: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: viewport ?? test.info().project.use.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  // Sign-ups are limited per address: each person signs up from an address of their own.
  const ip = await actAsNewVisitor(page);
  const res = await page.request.post('/api/register', {
    data: { ...newTraveller(firstName.toLowerCase()), firstName, lastName, invitation },
    headers: { origin: base, 'x-forwarded-for': ip },
  });
  expect(res.status()).toBe(201);
  return page;
}

/**
 * A member for the owner's first trip: signed up with its invitation link, as someone invited
 * would, and joined through it (each on the server of their own `base`). Answers the member's
 * page and the trip's id.
 */
export async function signUpMember(browser: Browser, owner: Page, person: Person) {
  const [trip] = (await (await owner.request.get('/api/trips')).json()) as { id: string }[];
  const invitation = await (await owner.request.get(`/api/trips/${trip!.id}/invitation`)).json();
  const member = await signUpPerson(browser, person, invitation.url);
  const code = new URL(invitation.url).pathname.split('/').pop()!;
  const joined = await member.request.post(`/api/join/${code}`, {
    headers: { origin: person.base },
  });
  expect(joined.status()).toBe(200);
  return { member, tripId: trip!.id };
}

/**
 * Two people, each signed up on the server at their `base`: the owner's first trip with the
 * member joined through its invitation link, and both with it open.
 */
export async function ownerAndMemberOnTrip(browser: Browser, owner: Person, member: Person) {
  const ownerPage = await signUpPerson(browser, owner);
  const { member: memberPage, tripId } = await signUpMember(browser, ownerPage, member);
  await openTrip(ownerPage, tripId);
  await openTrip(memberPage, tripId);
  return { owner: ownerPage, member: memberPage, tripId };
}

export const todoList = (page: Page) =>
  page.getByRole('region', { name: 'Group To-Do List', exact: true });

/** A trip of `page`'s signed-in person's own (Funchal, in 2031 unless said), made over the API. */
export async function planTrip(
  page: Page,
  base: string,
  trip: { name: string; destination?: string; startDate?: string; endDate?: string },
): Promise<string> {
  const made = await page.request.post('/api/trips', {
    data: { destination: 'Funchal', startDate: '2031-03-01', endDate: '2031-03-08', ...trip },
    headers: { origin: base },
  });
  expect(made.status()).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

/** Opens the trip's page and waits for its board (first loads may be slow on busy CI). */
export async function openTrip(page: Page, tripId: string) {
  await page.goto(`/trips/${tripId}`);
  await expect(todoList(page)).toBeVisible({ timeout: 30_000 });
}

/**
 * A server of the test's own (the built `dist/server/main.js`) on 127.0.0.1:`port`, for tests
 * that restart servers or run several; outside services point at a closed port. Resolves once
 * its health check answers, with an administrator made first (as admin.setup.ts does for the
 * shared server): the people a test signs up are then ordinary members, whom the administrator's
 * one-time welcome does not interrupt.
 */
export async function startOwnServer(port: number, env: Record<string, string>) {
  const base = `http://127.0.0.1:${port}`;
  // An embedded database of its own unless the test names one: never the project's ./data.
  const dataDir =
    env.DATA_DIR || env.DATABASE_URL
      ? null
      : fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-e2e-own-'));
  const removeDataDir = () => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      // Sign-ups name their own address (actAsNewVisitor), as on the shared e2e server.
      TRUST_PROXY: 'loopback',
      OPEN_METEO_GEOCODING_URL: 'http://127.0.0.1:9/v1/search',
      OPEN_METEO_FORECAST_URL: 'http://127.0.0.1:9/v1/forecast',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // An upper bound: a busy CI machine once took over 30 s to start one.
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        await makeAdministrator(base);
        return { base, stop: () => stopServer(child).finally(removeDataDir) };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopServer(child);
  removeDataDir();
  throw new Error(`the test's server on port ${port} did not start`);
}

/** The server's first account; on a restarted server (or a second instance) it is there already. */
async function makeAdministrator(base: string) {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      // An address of its own, so the sign-up limit of the test's addresses is untouched.
      'x-forwarded-for': '203.0.113.250',
    },
    body: JSON.stringify({ ...E2E_ADMIN, username: 'own_admin', email: 'own_admin@example.com' }),
  });
  if (res.status !== 201 && res.status !== 409) {
    throw new Error(`could not make the administrator of ${base}: ${res.status}`);
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
