import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { totpCode } from '../server/features/twofactor/totp';
import { newTraveller } from './support/accounts';
import { toast } from './support/ui';

// Issue #35: a person who turned two-factor on and lost their phone signs in with a recovery
// code, sees how many are left, and makes new ones.

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('recovery codes: save them at set-up, sign in with one, make new ones', {
  tag: '@phone',
}, async ({ page, baseURL }) => {
  const me = newTraveller('recovery');
  const signUp = await page.request.post('/api/register', {
    headers: { origin: baseURL! },
    data: me,
  });
  expect(signUp.status()).toBe(201);

  // Turn two-factor on from the security page.
  await page.goto('/security');
  await page.getByRole('button', { name: 'Set Up 2FA' }).click();
  const setup = page.getByRole('region', { name: 'Set up two-factor authentication' });
  await expect(setup.getByRole('img', { name: /QR code/i })).toBeVisible();
  const secret = (await setup.locator('code').innerText()).replace(/\s+/g, '');
  await setup.getByLabel('Verification code').fill(totpCode(secret, Date.now()));
  await setup.getByRole('button', { name: 'Verify' }).click();

  // The ten codes, once, to download.
  const list = setup.getByRole('list', { name: 'Your recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  const downloading = page.waitForEvent('download');
  await setup.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^tripmates-recovery-codes-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.txt$`),
  );
  const saved = fs.readFileSync((await download.path())!, 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  await setup.getByRole('button', { name: 'I have saved my codes' }).click();
  const panel = page.getByRole('region', { name: 'Recovery codes' });
  await expect(panel.getByText('10 of 10 recovery codes left', { exact: false })).toBeVisible();

  // The phone is lost: sign out, and in again with a recovery code, typed loosely.
  await page.goto('/logout');
  await expect(page.getByText('You have been signed out.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, me.username, me.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!.replace('-', ' ').toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, '9 of 10 recovery codes left')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');

  // The security page says so, and the login activity names the way in.
  await page.goto('/security');
  await expect(panel.getByText('9 of 10 recovery codes left', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'View Activity' }).click();
  const activity = page.getByRole('dialog', { name: 'Login Activity' });
  await expect(activity.getByText('Signed in with a recovery code')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(activity).toBeHidden();

  // New codes, proved with another recovery code; the old ones are said to stop working.
  await panel.getByRole('button', { name: 'Make new codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make new recovery codes' });
  await expect(dialog.getByText('Your 9 codes left will stop working')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await dialog.getByLabel('Recovery code').fill(codes[1]!);
  await dialog.getByRole('button', { name: 'Make new codes' }).click();
  const fresh = page
    .getByRole('dialog', { name: 'Your new recovery codes' })
    .getByRole('list', { name: 'Your recovery codes' })
    .getByRole('listitem');
  await expect(fresh).toHaveCount(10);
  const freshCodes = await fresh.allInnerTexts();
  expect(freshCodes.some((code) => codes.includes(code))).toBe(false);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(panel.getByText('10 of 10 recovery codes left', { exact: false })).toBeVisible();
});
