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
    expect(within(menu).getByText('Ana Lima')).toBeVisible();
    expect(within(menu).getByText('ana@example.com')).toBeVisible();
    const links = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(links).toEqual([
      ['Profile', '/profile'],
      ['Security & 2FA', '/profile?tab=security'],
      ['Notification Settings', '/profile?tab=notifications'],
      ['PlansFree', '/plans'],
      ['Log out', '/logout'],
    ]);
    expect(within(menu).queryByText('Waitlist Manager')).toBeNull();
  });

  it('adds the Admin section with Waitlist Manager for an administrator', async () => {
    const { menu } = await openMenu({ ...ana, role: 'admin' });
    expect(within(menu).getByText('Admin')).toBeVisible();
    expect(
      within(menu).getByRole('menuitem', { name: 'Waitlist Manager' }).getAttribute('href'),
    ).toBe('/admin/waitlist');
    // Issue #38: each admin screen has its entry.
    expect(within(menu).getByRole('menuitem', { name: 'Early access' }).getAttribute('href')).toBe(
      '/admin/waitlist?tab=early-access',
    );
    expect(within(menu).getByRole('menuitem', { name: 'People' }).getAttribute('href')).toBe(
      '/admin/waitlist?tab=people',
    );
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

// Issue #17: phones have no room for the theme button in the top bar; the menu has the choice.
describe('AccountMenu theme choice', () => {
  it('switches the theme from the menu', async () => {
    const { menu } = await openMenu(ana);
    const themes = within(menu).getAllByRole('menuitemradio');
    expect(themes.map((item) => item.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(
      within(menu).getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked'),
    ).toBe('true');
    // The `dark` class on <html> is the theme itself: what Tailwind's dark: styles key on.
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Ana Lima' }));
    const again = await screen.findByRole('menu');
    expect(
      within(again).getByRole('menuitemradio', { name: 'Light' }).getAttribute('aria-checked'),
    ).toBe('true');
  });
});
