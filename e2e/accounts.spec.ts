import { expect, type Page, test } from '@playwright/test';
import { mailsTo, newTraveller, threeCodes } from './support/accounts';
import { toast } from './support/ui';

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await expect(page.getByText('Admin Login')).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The message the password field is described by (issue #38: a sign-in failure shows there). */
function passwordError(page: Page) {
  return page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
}

/** The 2FA Status badge of the profile header. */
function twoFactorStatus(page: Page) {
  return page.locator('dl').getByText(/^(Enabled|Disabled)$/);
}

async function logOut(page: Page) {
  await page.goto('/logout');
  // spec §7's `/?logout=success&t=…`, which the landing page then drops (issue #38).
  await expect(toast(page, 'You have been signed out.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the link sign-up e-mailed to `address`, which confirms it as the account's address. */
async function confirmEmail(page: Page, address: string) {
  await expect.poll(() => mailsTo(address).length).toBeGreaterThan(0);
  const link = mailsTo(address)[0]!.text.match(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-mail Confirmed' })).toBeVisible();
}

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL('/dashboard');
  // A first visit lands on the trip the server made for it.
  await expect(page.getByRole('region', { name: 'Trip Countdown' })).toBeVisible();
}

test('sign up, log out, sign in again', { tag: '@phone' }, async ({ page }) => {
  const me = newTraveller('signup');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Username').fill(me.username);
  await form.getByLabel('Email').fill(me.email);
  await form.getByLabel('Password', { exact: true }).fill(me.password);
  await form.getByLabel(/First name/).fill(me.firstName);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, `We sent a link to ${me.email}`)).toBeVisible();
  await expectDashboard(page);

  // The address waits for its link (issue #16: sign-up no longer tells whether it is taken).
  await page.goto('/profile');
  await expect(page.getByText('Waiting for you to confirm')).toBeVisible();
  await confirmEmail(page, me.email);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: /^Ana/ })).toBeVisible();
  await expect(page.getByText('Waiting for you to confirm')).toHaveCount(0);
  await page.goto('/dashboard');

  // The way a person leaves: the avatar menu's Log out, a full page load through /logout.
  await page.getByRole('button', { name: /^Account menu for / }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(me.email)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Waitlist Manager' })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toast(page, 'You have been signed out.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();

  await signIn(page, me.username, 'not my password');
  await expect(passwordError(page)).toHaveText('Invalid username or password');

  await signIn(page, me.email, me.password);
  await expect(toast(page, 'Logged in successfully')).toBeVisible();
  await expectDashboard(page);

  // A signed-out visit to a signed-in page comes back to it after signing in (issue #17).
  await logOut(page);
  await page.goto('/security');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/security');
  await expect(page.getByRole('heading', { name: 'Account Security' })).toBeVisible();
});

test('a wrong password shows next to the password field, which takes the cursor', async ({
  page,
  baseURL,
}) => {
  const me = newTraveller('wrongpw');
  const headers = { origin: baseURL ?? '' };
  expect((await page.request.post('/api/register', { headers, data: me })).status()).toBe(201);
  await page.request.post('/api/logout', { headers });

  await signIn(page, me.username, 'not my password');
  const password = page.getByLabel('Password', { exact: true });
  const error = passwordError(page);
  await expect(error).toHaveText('Invalid username or password');
  // Issue #38: in the form, read with the field, under it and above Sign In — not a toast.
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
  const field = (await password.boundingBox())!;
  const message = (await error.boundingBox())!;
  const button = (await page.getByRole('button', { name: 'Sign In' }).boundingBox())!;
  expect(message.y).toBeGreaterThanOrEqual(field.y + field.height);
  expect(message.y - (field.y + field.height)).toBeLessThan(24);
  expect(message.y + message.height).toBeLessThanOrEqual(button.y);
  await expect(toast(page, 'Invalid username or password')).toHaveCount(0);

  // Typing again takes it away; the right password signs in.
  await password.fill(me.password);
  await expect(error).toHaveCount(0);
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectDashboard(page);
});

test('a missing field is named before anything is sent', async ({ page }) => {
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/login')) sent = true;
  });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter your username and password').first()).toBeVisible();
  expect(sent).toBe(false);
});

test('two-factor: enable with the shown secret, sign in with a code, disable', async ({ page }) => {
  // threeCodes() may wait up to 18 s for the start of a time step, on top of the flow itself.
  test.setTimeout(90_000);
  const me = newTraveller('twofactor');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Username').fill(me.username);
  await form.getByLabel('Email').fill(me.email);
  await form.getByLabel('Password', { exact: true }).fill(me.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expectDashboard(page);

  await page.goto('/profile?tab=security');
  await expect(page.getByRole('heading', { name: 'Your Profile' })).toBeVisible();
  await expect(twoFactorStatus(page)).toHaveText('Disabled');
  await page.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable Two-Factor Authentication' });
  await expect(dialog.getByRole('img', { name: /QR code/i })).toBeVisible();
  const secret = (await dialog.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codes = await threeCodes(secret);

  await dialog.getByRole('button', { name: 'Next' }).click();
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Verification code').fill(codes.previous);
  // spec §4: success reloads the page; spec §8's toast comes with the reloaded page (issue #17:
  // shown before the reload, it was never seen).
  await confirm.click();
  // Issue #35: the recovery codes are shown once; saving them reloads the page.
  await expect(
    dialog.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'I have saved my codes' }).click();
  await reloaded;
  await expect(twoFactorStatus(page)).toHaveText('Enabled');
  await expect(toast(page, 'Two-factor authentication has been enabled')).toBeVisible();

  await logOut(page);
  await signIn(page, me.username, me.password);
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await page.getByLabel('Authentication code').fill(codes.current);
  await verify.click();
  await expect(toast(page, 'Authentication successful')).toBeVisible();
  await expectDashboard(page);

  await page.goto('/profile?tab=security');
  await page.getByRole('button', { name: 'Disable Two-Factor Authentication' }).click();
  const disable = page.getByRole('dialog', { name: 'Disable Two-Factor Authentication' });
  await disable.getByLabel('Authentication code').fill(codes.next);
  const reloadedAgain = page.waitForEvent('load');
  await disable.getByRole('button', { name: 'Disable 2FA' }).click();
  await reloadedAgain;
  await expect(twoFactorStatus(page)).toHaveText('Disabled');
  await expect(toast(page, 'Two-factor authentication has been disabled')).toBeVisible();

  // Signing in needs only the password again.
  await logOut(page);
  await signIn(page, me.username, me.password);
  await expectDashboard(page);
});

test('forgot password: the e-mailed link sets a new password', async ({ page }) => {
  const me = newTraveller('reset');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Username').fill(me.username);
  await form.getByLabel('Email').fill(me.email);
  await form.getByLabel('Password', { exact: true }).fill(me.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expectDashboard(page);
  await confirmEmail(page, me.email);
  await logOut(page);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await page.getByLabel('Email').fill(me.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If your email is registered, you will receive a password reset link').first(),
  ).toBeVisible();

  const resetMails = () =>
    mailsTo(me.email).filter((mail) => mail.text.includes('/reset-password'));
  await expect.poll(() => resetMails().length).toBe(1);
  const link = resetMails()[0]!.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)![0];
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a whole new passphrase');
  await page.getByLabel('Confirm new password').fill('a whole new passphrase');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('Confirm new password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();

  await signIn(page, me.username, me.password);
  await expect(passwordError(page)).toHaveText('Invalid username or password');
  await signIn(page, me.username, 'a whole new passphrase');
  await expectDashboard(page);
});
