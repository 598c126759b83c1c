import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminWaitlistPage from '@/pages/AdminWaitlistPage';
import { makeUser, mockApi, type Reply } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { AdminPerson } from '../../../../shared/contracts/account';
import { PEOPLE_TABLE_QUERY } from './PeopleList';

// Issue #38: the admin screen's People tab.

const admin = makeUser({ id: 'me', username: 'root', role: 'admin' });
const LIST = 'GET /api/admin/users';

const person = (overrides: Partial<AdminPerson>): AdminPerson => ({
  id: 'p1',
  username: 'ana_lima',
  name: 'Ana Lima',
  email: 'ana@example.com',
  emailConfirmed: true,
  plan: 'free',
  role: 'user',
  totp: false,
  passkeys: 0,
  createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
  lastSeenAt: null,
  ...overrides,
});

const ana = person({
  totp: true,
  passkeys: 2,
  lastSeenAt: new Date(2026, 11, 1, 9, 30).toISOString(),
});
const bo = person({
  id: 'p2',
  username: 'bo',
  name: null,
  email: 'bo@example.com',
  emailConfirmed: false,
  plan: 'pro',
  createdAt: new Date(2026, 0, 5, 9, 0).toISOString(),
});
const me = person({ id: 'me', username: 'root', name: null, role: 'admin', totp: true });

function screenIsWide(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === PEOPLE_TABLE_QUERY && wide,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderPeople() {
  return renderPage(<AdminWaitlistPage />, { route: '/admin/waitlist?tab=people', user: admin });
}

const listed = (people: AdminPerson[]): Reply => ({
  body: people,
  headers: { 'x-total-count': String(people.length) },
});

async function findRow(username: string) {
  const table = await screen.findByRole('table', { name: 'People' });
  return within(table).getByText(username, { exact: true }).closest('tr')!;
}

beforeEach(() => screenIsWide(true));
afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('the People tab', () => {
  it('lists every account with plan, role, two-factor, created and last seen', async () => {
    mockApi({ [LIST]: listed([ana, bo, me]) });
    renderPeople();
    expect(screen.getByRole('tab', { name: 'People' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Person', 'Plan', 'Role', 'Two-factor', 'Created', 'Last seen', 'Actions']);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(await findRow('ana_lima'))).toEqual([
      'ana_limaAna Limaana@example.com',
      'FreePremiumPro',
      'User',
      'Authenticator app, 2 passkeys',
      'Nov 22, 2026',
      'Dec 1, 2026, 9:30 AM',
      // The reset is an icon here, named "Reset second factors".
      '',
    ]);
    expect(cells(await findRow('bo'))).toEqual([
      'bobo@example.com (not confirmed)',
      'FreePremiumPro',
      'User',
      'Off',
      'Jan 5, 2026',
      'Never',
      '',
    ]);
    expect(screen.getByRole('combobox', { name: 'Plan of bo' })).toHaveProperty('value', 'pro');
    expect(within(await findRow('root')).getByText('Administrator')).toBeVisible();
    expect(screen.getByText('Total accounts:').textContent).toBe('Total accounts: 3');
  });

  it('can reset neither your own second factors nor those of someone who has none', async () => {
    mockApi({ [LIST]: listed([ana, bo, me]) });
    renderPeople();
    const reset = async (username: string) =>
      within(await findRow(username)).getByRole('button', { name: 'Reset second factors' });
    expect((await reset('ana_lima')).hasAttribute('disabled')).toBe(false);
    expect((await reset('bo')).hasAttribute('disabled')).toBe(true);
    expect((await reset('root')).hasAttribute('disabled')).toBe(true);
  });

  it('searches on the server', async () => {
    const api = mockApi({
      [LIST]: ({ url }) =>
        listed(new URL(url, 'http://x').searchParams.get('q') === 'bo' ? [bo] : [ana, bo]),
    });
    renderPeople();
    await findRow('ana_lima');
    await userEvent.type(screen.getByPlaceholderText('Search by username, name or email...'), 'bo');
    await waitFor(() => expect(screen.queryByText('ana_lima')).toBeNull());
    expect(api.calls.map((call) => call.url)).toContain('/api/admin/users?q=bo');
  });

  it('sets a plan from the list', async () => {
    let current = bo;
    const api = mockApi({
      [LIST]: () => listed([current]),
      'PATCH /api/admin/users/p2/plan': ({ body }) => {
        current = { ...bo, plan: (body as { plan: AdminPerson['plan'] }).plan };
        return { body: { id: 'p2', username: 'bo', plan: current.plan, isPremium: true } };
      },
    });
    renderPeople();
    await findRow('bo');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Plan of bo' }), 'premium');
    await findToast('Plan changed', 'bo is now on the Premium plan.');
    expect(api.callsTo('PATCH /api/admin/users/p2/plan')[0]!.body).toEqual({ plan: 'premium' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Plan of bo' })).toHaveProperty(
        'value',
        'premium',
      ),
    );
  });

  it('resets second factors only once confirmed, saying what will go', async () => {
    let current = ana;
    const api = mockApi({
      [LIST]: () => listed([current]),
      'POST /api/admin/users/p1/reset-second-factors': () => {
        current = { ...ana, totp: false, passkeys: 0 };
        return {
          body: {
            person: current,
            removed: { totp: true, recoveryCodes: 10, passkeys: 2, sessions: 1 },
          },
        };
      },
    });
    renderPeople();
    const row = await findRow('ana_lima');
    await userEvent.click(within(row).getByRole('button', { name: 'Reset second factors' }));
    let dialog = await screen.findByRole('dialog', { name: "Reset ana_lima's second factors?" });
    expect(dialog.textContent).toContain('authenticator app is turned off');
    expect(dialog.textContent).toContain('Their 2 passkeys stop working');
    expect(dialog.textContent).toContain('signed out on every device');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/users/p1/reset-second-factors')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Reset second factors' }));
    dialog = await screen.findByRole('dialog', { name: "Reset ana_lima's second factors?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factors' }));
    await findToast('Second factors reset', 'ana_lima is signed out everywhere');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/admin/users/p1/reset-second-factors')).toHaveLength(1);
    await waitFor(() => expect(within(row).getByText('Off')).toBeVisible());
  });

  it('keeps the dialog open with the reason when the reset is refused', async () => {
    mockApi({
      [LIST]: listed([ana]),
      'POST /api/admin/users/p1/reset-second-factors': {
        status: 404,
        body: { code: 'not_found', message: 'No such user' },
      },
    });
    renderPeople();
    await userEvent.click(
      within(await findRow('ana_lima')).getByRole('button', { name: 'Reset second factors' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factors' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No such user');
  });

  it('shows each person as a card on narrower screens', async () => {
    screenIsWide(false);
    mockApi({ [LIST]: listed([ana]) });
    renderPeople();
    const cards = within(await screen.findByRole('list', { name: 'People' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]!.textContent).toContain('Two-factorAuthenticator app, 2 passkeys');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
