import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { totpCode } from '../server/features/twofactor/totp';
import { newTraveller } from './support/accounts';
import { startOwnServer } from './support/together';
import { toast } from './support/ui';

/**
 * Passkeys in a real browser (issue #35): Chromium's virtual authenticator (DevTools' WebAuthn
 * domain) plays a phone with a fingerprint reader. WebAuthn refuses an IP address as the relying
 * party, and the shared e2e server is at 127.0.0.1, so these tests run a server of their own whose
 * PUBLIC_URL — and so the page's address — is `localhost`.
 */
const PORT = Number(process.env.E2E_PASSKEYS_PORT ?? 4333);
const base = `http://localhost:${PORT}`;

let server: Awaited<ReturnType<typeof startOwnServer>> | null = null;

// One server for the file: its tests run one after the other, in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  server = await startOwnServer(PORT, { PUBLIC_URL: base });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A platform authenticator that holds discoverable passkeys and verifies its person. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function passkeysIn(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}

/** Signs a new traveller up over the API: the page's context holds their session. */
async function signUp(request: APIRequestContext, prefix: string) {
  const me = newTraveller(prefix);
  const res = await request.post(`${base}/api/register`, { headers: { origin: base }, data: me });
  expect(res.status()).toBe(201);
  return me;
}

async function logOut(page: Page) {
  await page.goto(`${base}/logout`);
  await expect(page.getByText('You have been signed out.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Adds a passkey from `page`'s passkeys panel, and names it. */
async function addPasskey(page: Page, name: string) {
  const panel = page.getByRole('region', { name: 'Passkeys' });
  await expect(panel.getByText('No passkeys yet')).toBeVisible();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passkey added' });
  // The default name is the browser's and system's; the person picks their own.
  await expect(dialog.getByLabel('Passkey name')).toHaveValue(/ on /);
  await dialog.getByLabel('Passkey name').fill(name);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(panel.getByText('Not used yet')).toBeVisible();
  return panel;
}

test('add a passkey on the security page, then sign in with it and no password', async ({
  page,
}) => {
  await signUp(page.request, 'passkey');
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto(`${base}/security`);
  await addPasskey(page, 'Work laptop');
  // The phone keeps it as a discoverable passkey: it can name the account by itself.
  const held = await passkeysIn(cdp, authenticatorId);
  expect(held).toHaveLength(1);
  expect(held[0]!.isResidentCredential).toBe(true);

  await logOut(page);
  await page.goto(`${base}/auth`);
  await page.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(toast(page, 'Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(`${base}/dashboard`);

  await page.goto(`${base}/security`);
  const panel = page.getByRole('region', { name: 'Passkeys' });
  await expect(panel.getByText(/Last used/)).toBeVisible();
  await page.getByRole('button', { name: 'View Activity' }).click();
  await expect(page.getByRole('dialog').getByText('Signed in with a passkey')).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Passkey added')).toBeVisible();
});

test('the second step of a sign-in with a passkey, added on the profile’s Security tab', async ({
  page,
}) => {
  const me = await signUp(page.request, 'passkey2fa');
  const setup = await page.request.post(`${base}/api/setup-2fa`, { headers: { origin: base } });
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await page.request.post(`${base}/api/confirm-2fa`, {
    headers: { origin: base },
    data: { token: totpCode(secret, Date.now()) },
  });
  expect(confirm.status()).toBe(200);
  await addVirtualAuthenticator(page);

  await page.goto(`${base}/profile?tab=security`);
  await addPasskey(page, 'Phone');

  await logOut(page);
  await page.goto(`${base}/auth`);
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(toast(page, 'Authentication successful')).toBeVisible();
  await expect(page).toHaveURL(`${base}/dashboard`);
});
