import { expect, test as setup } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';

setup('the first account is the administrator, and is told so once', async ({ page, baseURL }) => {
  const res = await page.request.post('/api/register', {
    headers: { origin: baseURL ?? '' },
    data: E2E_ADMIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  expect((await res.json()).user.role).toBe('admin');

  // Issue #38: the dashboard welcomes it as the administrator, naming the admin screens. Opening
  // one of them counts as seen, here as on any screen: the welcome never shows again, so the
  // other tests' administrator sees the dashboard as it is.
  await page.goto('/dashboard');
  const welcome = page.getByRole('dialog', { name: "You're the administrator" });
  await expect(welcome).toBeVisible();
  const screens = welcome.getByRole('navigation', { name: 'Admin screens' });
  for (const name of ['Waitlist', 'Early access', 'People']) {
    await expect(screens.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await screens.getByRole('link', { name: /^People/ }).click();
  await expect(page).toHaveURL('/admin/waitlist?tab=people');
  await expect(page.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(async () => (await (await page.request.get('/api/user')).json()).adminWelcome)
    .toBe(false);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await expect(welcome).toHaveCount(0);
});
