import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import type { CurrentUser } from '../../../shared/contracts/account';
import { AccountMenu } from './AccountMenu';

// Issue #38: the first account learns, once, that it is the administrator and where its
// screens are. It shows beside the account menu, on the dashboard.
const admin = makeUser({ role: 'admin', adminWelcome: true });

function renderMenu(user: CurrentUser) {
  const api = mockApi({
    'POST /api/user/admin-welcome': { body: { ...user, adminWelcome: false } },
  });
  renderPage(<AccountMenu user={user} />, { route: '/dashboard', path: '/dashboard', user });
  return api;
}

describe("the administrator's welcome", () => {
  it('names the admin screens with links to each', async () => {
    renderMenu(admin);
    const dialog = await screen.findByRole('dialog', { name: "You're the administrator" });
    const links = within(within(dialog).getByRole('navigation', { name: 'Admin screens' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/admin/waitlist',
      '/admin/waitlist?tab=early-access',
      '/admin/waitlist?tab=people',
    ]);
    for (const name of ['Waitlist', 'Early access', 'People']) {
      expect(within(dialog).getByText(name, { exact: true })).toBeVisible();
    }
    expect(dialog.textContent).toContain('in your account menu');
  });

  it('closes for good with Got it: the server is told it was seen', async () => {
    const api = renderMenu(admin);
    const dialog = await screen.findByRole('dialog', { name: "You're the administrator" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/user/admin-welcome')).toHaveLength(1);
  });

  it('counts as seen when one of its screens is opened', async () => {
    const api = renderMenu(admin);
    const dialog = await screen.findByRole('dialog', { name: "You're the administrator" });
    await userEvent.click(within(dialog).getByRole('link', { name: /People/ }));
    expect(screen.getByTestId('location').textContent).toBe('/admin/waitlist?tab=people');
    expect(api.callsTo('POST /api/user/admin-welcome')).toHaveLength(1);
  });

  it('does not show once seen, nor to anyone who is not an administrator', () => {
    for (const user of [
      makeUser({ role: 'admin', adminWelcome: false }),
      makeUser({ role: 'user', adminWelcome: true }),
    ]) {
      const api = renderMenu(user);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.callsTo('POST /api/user/admin-welcome')).toHaveLength(0);
    }
  });
});
