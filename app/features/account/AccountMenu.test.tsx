import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import type { CurrentUser } from '../../../shared/contracts/account';
import { AccountMenu } from './AccountMenu';

const ana = makeUser();

async function openMenu(user: CurrentUser) {
  mockApi();
  renderPage(<AccountMenu user={user} />, { route: '/dashboard', user });
  const trigger = screen.getByRole('button', { name: 'Account menu for Ana Lima' });
  expect(trigger.textContent).toBe('AL');
  await userEvent.click(trigger);
  return { trigger, menu: await screen.findByRole('menu') };
}

describe('AccountMenu', () => {
  it('opens on the avatar with the name, e-mail and the account pages', async () => {
    const { menu } = await openMenu(ana);
    expect(within(menu).getByText('Ana Lima')).toBeTruthy();
    expect(within(menu).getByText('ana@example.com')).toBeTruthy();
    const links = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(links).toEqual([
      ['Profile', '/profile'],
      ['Security & 2FA', '/profile?tab=security'],
      ['Notification Settings', '/profile?tab=notifications'],
      ['Log out', '/logout'],
    ]);
    expect(within(menu).queryByText('Waitlist Manager')).toBeNull();
  });

  it('adds the Admin section with Waitlist Manager for an administrator', async () => {
    const { menu } = await openMenu({ ...ana, role: 'admin' });
    expect(within(menu).getByText('Admin')).toBeTruthy();
    expect(
      within(menu).getByRole('menuitem', { name: 'Waitlist Manager' }).getAttribute('href'),
    ).toBe('/admin/waitlist');
  });

  it('closes on Escape and gives focus back to the avatar', async () => {
    const { trigger } = await openMenu(ana);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('goes to a page when an entry is chosen', async () => {
    const { menu } = await openMenu(ana);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });
});
