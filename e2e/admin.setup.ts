import { expect, test as setup } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts';

setup('the first account is the administrator', async ({ request, baseURL }) => {
  const res = await request.post('/api/register', {
    headers: { origin: baseURL ?? '' },
    data: E2E_ADMIN,
  });
  expect(res.status(), await res.text()).toBe(201);
  expect((await res.json()).user.role).toBe('admin');
});
