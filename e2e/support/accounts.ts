import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { totpCode } from '../../server/features/twofactor/totp';

/**
 * The administrator: the very first account of the e2e server's fresh database, made by the
 * `setup` project (admin.setup.ts) before any other test runs.
 */
export const E2E_ADMIN = {
  username: 'e2e_admin',
  email: 'e2e_admin@example.com',
  password: 'lanterns over the harbour',
  firstName: 'Ada',
  lastName: 'Admin',
};

let counter = 0;
/** A unique account per test (tests run in parallel against one server). */
export function newTraveller(prefix: string) {
  counter += 1;
  const id = `${prefix}_${Date.now().toString(36)}_${process.pid}_${counter}`;
  return {
    username: id,
    email: `${id}@example.com`,
    password: 'terraces at sunrise',
    firstName: 'Ana',
    lastName: 'Lima',
  };
}

/**
 * Signs a new traveller up on the server at `base` through `request` (a page's or a context's),
 * which holds their session afterwards: for the scripts that look at signed-in pages.
 */
export async function signUpNewTraveller(request: APIRequestContext, base: string, prefix: string) {
  const res = await request.post(`${base}/api/register`, {
    headers: { origin: base },
    data: newTraveller(prefix),
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
}

/** The e-mails the server wrote to DATA_DIR/outbox for an address, newest last. */
export function mailsTo(address: string): { subject: string; text: string }[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')))
    .filter((mail) => mail.to === address);
}

const STEP_MS = 30_000;

/**
 * TOTP codes for three consecutive time steps (previous, current, next), each accepted once.
 * A flow that needs three codes within one window starts early in a step, so the clock cannot
 * move past the first code while the test runs; waiting is on the clock, never a fixed sleep.
 */
export async function threeCodes(secret: string) {
  await expect
    .poll(() => STEP_MS - (Date.now() % STEP_MS), { timeout: STEP_MS, intervals: [250] })
    .toBeGreaterThan(12_000);
  const now = Date.now();
  return {
    previous: totpCode(secret, now - STEP_MS),
    current: totpCode(secret, now),
    next: totpCode(secret, now + STEP_MS),
  };
}
