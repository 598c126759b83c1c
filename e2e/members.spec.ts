import { type Browser, expect, type Page, test } from '@playwright/test';
import { mailsTo, newTraveller } from './support/accounts';
import { actAsNewVisitor, toast } from './support/ui';

/** Invite Friends: a button in the top bar, or on a phone an entry of the trip menu. */
async function openInvite(page: Page) {
  if ((page.viewportSize()?.width ?? 0) >= 640) {
    return page.getByRole('button', { name: 'Invite Friends' }).click();
  }
  await page.getByRole('button', { name: /Bali 2023/ }).click();
  await page.getByRole('menuitem', { name: 'Invite Friends' }).click();
}

async function signUpThroughApi(page: Page, prefix: string) {
  const ip = await actAsNewVisitor(page);
  const me = newTraveller(prefix);
  const origin = test.info().project.use.baseURL ?? '';
  const res = await page.request.post('/api/register', {
    data: me,
    headers: { origin, 'x-forwarded-for': ip },
  });
  expect(res.status()).toBe(201);
  return me;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: test.info().project.use.viewport,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

test('a friend joins by the link, the owner sees them, removes them, and they are shut out', {
  tag: '@phone',
}, async ({ browser }) => {
  const owner = await newPage(browser);
  await signUpThroughApi(owner, 'owner');
  await owner.goto('/dashboard');
  await expect(owner.getByRole('button', { name: /Bali 2023/ })).toBeVisible();
  const trips = (await (await owner.request.get('/api/trips')).json()) as { id: string }[];
  const tripId = trips[0]!.id;

  // The owner copies the invitation link.
  await openInvite(owner);
  const dialog = owner.getByRole('dialog', { name: 'Invite Friends' });
  await expect(dialog.getByText('owner', { exact: true })).toBeVisible();
  const linkBox = dialog.getByRole('textbox', { name: /link/i });
  await expect(linkBox).toHaveValue(/\/join\/bali-2023-[A-Za-z0-9_-]{22,}$/);
  const link = await linkBox.inputValue();
  await dialog.getByRole('button', { name: /Copy/ }).click();
  await expect(toast(owner, 'Invitation link copied to clipboard')).toBeVisible();
  await owner.keyboard.press('Escape');

  // The friend opens it signed out and creates an account, on a form that names the trip
  // (issue #38); the spec's label stays.
  const friend = await newPage(browser);
  await actAsNewVisitor(friend);
  await friend.goto(new URL(link).pathname);
  await expect(friend.getByText('Bali 2023').first()).toBeVisible();
  await friend.getByRole('link', { name: /Create an account/ }).click();
  await expect(friend.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(friend.getByText('Create an account to join Bali 2023.')).toBeVisible();
  const me = newTraveller('friend');
  const form = friend.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Username').fill(me.username);
  await form.getByLabel('Email').fill(me.email);
  await form.getByLabel('Password', { exact: true }).fill(me.password);
  await form.getByLabel(/First name/).fill('Bea');
  await form.getByRole('button', { name: 'Create Account' }).click();
  // They land on the trip, already on it: no second "Join trip".
  await expect(friend).toHaveURL(new RegExp(`/trips/${tripId}$`));
  await expect(friend.getByRole('region', { name: 'Group To-Do List', exact: true })).toBeVisible();

  // Confirming the address from the e-mail leads back to the trip.
  await expect.poll(() => mailsTo(me.email).length).toBe(1);
  const confirmation = mailsTo(me.email)[0]!.text.match(/\/confirm-email\?token=[\w-]+/)![0];
  await friend.goto(confirmation);
  await expect(friend.getByRole('heading', { name: 'E-mail Confirmed' })).toBeVisible();
  await friend.getByRole('link', { name: 'Open your trips' }).click();
  await expect(friend.getByRole('button', { name: /Bali 2023/ })).toBeVisible();
  await expect(friend.getByRole('region', { name: 'Group To-Do List', exact: true })).toBeVisible();

  // The owner sees the friend, and removes them.
  await owner.reload();
  await openInvite(owner);
  const again = owner.getByRole('dialog', { name: 'Invite Friends' });
  await expect(again.getByText('Bea')).toBeVisible();
  await again.getByRole('button', { name: /Remove Bea/ }).click();
  await owner.getByRole('button', { name: /^Remove$/ }).click();
  await expect(again.getByText('Bea')).toHaveCount(0);

  // The friend's next request to the trip is refused.
  const refused = await friend.request.get(`/api/trips/${tripId}/todos`);
  expect(refused.status()).toBe(404);
  await owner.context().close();
  await friend.context().close();
});

test('someone with an account signs in from the link and lands on the trip, joined', async ({
  browser,
}) => {
  const owner = await newPage(browser);
  await signUpThroughApi(owner, 'host');
  const [trip] = (await (await owner.request.get('/api/trips')).json()) as { id: string }[];
  const link = (await (await owner.request.get(`/api/trips/${trip!.id}/invitation`)).json()) as {
    url: string;
  };

  // An account made elsewhere, then this browser signed out.
  const friend = await newPage(browser);
  const me = await signUpThroughApi(friend, 'returning');
  await friend.context().clearCookies();

  await friend.goto(new URL(link.url).pathname);
  await friend.getByRole('link', { name: 'Sign in to join' }).click();
  await expect(friend.getByText('Sign in to join Bali 2023.')).toBeVisible();
  const form = friend.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(me.username);
  await form.getByLabel('Password', { exact: true }).fill(me.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(friend).toHaveURL(new RegExp(`/trips/${trip!.id}$`));
  await expect(friend.getByRole('region', { name: 'Group To-Do List', exact: true })).toBeVisible();
  const members = (await (await owner.request.get(`/api/trips/${trip!.id}/members`)).json()) as {
    name: string;
  }[];
  expect(members).toHaveLength(2);

  // The server still checks the link: one reset while someone signs in lets nobody in, and
  // the join page says why.
  const latecomer = await newPage(browser);
  const late = await signUpThroughApi(latecomer, 'late');
  await latecomer.context().clearCookies();
  await latecomer.goto(new URL(link.url).pathname);
  await latecomer.getByRole('link', { name: 'Sign in to join' }).click();
  await expect(latecomer.getByText('Sign in to join Bali 2023.')).toBeVisible();
  const reset = await owner.request.post(`/api/trips/${trip!.id}/invitation/reset`, {
    headers: { origin: test.info().project.use.baseURL ?? '' },
  });
  expect(reset.status()).toBe(200);
  const lateForm = latecomer.getByRole('form', { name: 'Sign in' });
  await lateForm.getByLabel('Username').fill(late.username);
  await lateForm.getByLabel('Password', { exact: true }).fill(late.password);
  await lateForm.getByRole('button', { name: 'Sign In' }).click();
  await expect(latecomer.getByText(/no longer valid/)).toBeVisible();
  await expect(latecomer).toHaveURL(/\/join\//);
  expect(
    (await (await owner.request.get(`/api/trips/${trip!.id}/members`)).json()) as unknown[],
  ).toHaveLength(2);
  await owner.context().close();
  await friend.context().close();
  await latecomer.context().close();
});

test('a reset link stops working at once and shows a clear page', async ({ page }) => {
  await signUpThroughApi(page, 'reset');
  await page.goto('/dashboard');
  await openInvite(page);
  const dialog = page.getByRole('dialog', { name: 'Invite Friends' });
  const linkBox = dialog.getByRole('textbox', { name: /link/i });
  await expect(linkBox).toHaveValue(/\/join\//);
  const old = await linkBox.inputValue();
  await dialog.getByRole('button', { name: /Reset/ }).click();
  await page.getByRole('button', { name: /Reset/ }).last().click();
  await expect(linkBox).not.toHaveValue(old);

  await page.goto(new URL(old).pathname);
  await expect(page.getByText(/no longer valid/)).toBeVisible();
});

test('an e-mail invitation carries the join link', async ({ page }) => {
  await signUpThroughApi(page, 'mailer');
  await page.goto('/dashboard');
  await openInvite(page);
  const dialog = page.getByRole('dialog', { name: 'Invite Friends' });
  const friend = newTraveller('invitee').email;

  // The spec's check first: no at-sign, no e-mail.
  await dialog.getByLabel('Invite by email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, 'Please enter a valid email address')).toBeVisible();
  expect(mailsTo('not-an-address')).toEqual([]);

  await dialog.getByLabel('Invite by email').fill(friend);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, `Invitation sent to ${friend}`)).toBeVisible();
  const link = await dialog.getByRole('textbox', { name: /link/i }).inputValue();
  await expect.poll(() => mailsTo(friend).length).toBe(1);
  const [mail] = mailsTo(friend);
  expect(mail!.subject).toContain('Bali 2023');
  expect(mail!.text).toContain(link);
  // The outbox sent it after the answer (issue #35); the owner's list says so.
  const sent = dialog.getByRole('region', { name: 'Sent invitations' });
  await expect(sent.getByRole('listitem').filter({ hasText: friend })).toContainText('Sent');
});
