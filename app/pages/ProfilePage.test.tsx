import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { deferred, makeUser, mockApi, type Reply } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts } from '@/test/render';
import ProfilePage from './ProfilePage';

const renderProfile = (user = makeUser(), route = '/profile') =>
  renderPage(<ProfilePage />, { route, path: '/profile', user });

afterEach(() => {
  resetToasts();
});

describe('/profile', () => {
  it('sends a signed-out visitor to /auth, to come back to the tab asked for', async () => {
    mockApi();
    renderPage(<ProfilePage />, { route: '/profile?tab=security', user: null });
    expect(await findLocation()).toBe('/auth?next=%2Fprofile%3Ftab%3Dsecurity');
  });

  it('shows the summary: initials, name, e-mail, Account Type and 2FA Status', () => {
    mockApi();
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByText('AL')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ana Lima' })).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      'Account Type': 'Free',
      '2FA Status': 'Disabled',
    });
  });

  it('shows Premium and Enabled, and the e-mail initial when there is no name', () => {
    mockApi();
    renderProfile(
      makeUser({ isPremium: true, twoFactorEnabled: true, firstName: null, lastName: null }),
    );
    expect(screen.getByText('A')).toBeTruthy();
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Premium',
      'Enabled',
    ]);
  });

  it.each([
    ['/profile', 'Profile'],
    ['/profile?tab=security', 'Security & 2FA'],
    ['/profile?tab=notifications', 'Notification Settings'],
    ['/profile?tab=nonsense', 'Profile'],
  ])('%s opens the %s tab', (route, tab) => {
    mockApi({
      'GET /api/notification-preferences': { body: { tripInvitations: true, tripReminders: true } },
    });
    renderProfile(makeUser(), route);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(tab);
  });

  it('switching tabs updates the query string', async () => {
    mockApi();
    const u = userEvent.setup();
    renderProfile();
    await u.click(screen.getByRole('tab', { name: 'Security & 2FA' }));
    expect(screen.getByRole('heading', { name: 'Security Settings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable Two-Factor Authentication' })).toBeTruthy();
    await u.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByRole('heading', { name: 'Profile details' })).toBeTruthy();
  });

  it('offers to disable two-factor when it is on', () => {
    mockApi();
    renderProfile(makeUser({ twoFactorEnabled: true }), '/profile?tab=security');
    expect(screen.getByRole('button', { name: 'Disable Two-Factor Authentication' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enable Two-Factor Authentication' })).toBeNull();
  });

  it('saves the profile form and updates the cached user', async () => {
    const saved = makeUser({ firstName: 'Ana Maria', profileImageUrl: null });
    const answer = deferred<Reply>();
    const api = mockApi({ 'PATCH /api/user': () => answer.promise });
    const u = userEvent.setup();
    const { queryClient } = renderProfile();

    const save = screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await u.type(screen.getByLabelText('First name'), ' Maria');
    await u.click(save);
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBe('true'));
    answer.resolve({ body: saved });

    await findToast('Profile updated');
    // The address is unchanged, so it is not sent: each one sent is e-mailed a new link.
    expect(api.callsTo('PATCH /api/user')[0]!.body).toEqual({
      firstName: 'Ana Maria',
      lastName: 'Lima',
      profileImageUrl: null,
      homeAirport: null,
    });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(saved);
    expect(screen.getByRole('heading', { name: 'Ana Maria Lima' })).toBeTruthy();
  });

  it('checks the form with the shared rules and shows server errors', async () => {
    const api = mockApi({
      'PATCH /api/user': {
        status: 429,
        body: {
          message: 'Too many e-mail changes in an hour. Please try again later.',
          code: 'rate_limited',
        },
      },
    });
    const u = userEvent.setup();
    renderProfile();
    await u.type(screen.getByLabelText('Profile image URL'), 'ftp://example.com/me.png{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Profile image must be an http(s) URL',
    );
    expect(api.actions()).toEqual([]);

    await u.clear(screen.getByLabelText('Profile image URL'));
    await u.clear(screen.getByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), 'ana.new@example.com{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many e-mail changes in an hour. Please try again later.',
      ),
    );
  });

  it('says a new e-mail takes effect from the link sent to it', async () => {
    // The server answers with the address still in use until the link is opened.
    mockApi({ 'PATCH /api/user': { body: makeUser() } });
    const u = userEvent.setup();
    renderProfile();
    await u.clear(screen.getByLabelText('Email'));
    await u.type(screen.getByLabelText('Email'), 'ana.new@example.com{Enter}');
    await findToast(
      'Check your inbox',
      'We sent a link to ana.new@example.com. Your e-mail address changes when you open it.',
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('loads the notification settings and saves a change', async () => {
    const api = mockApi({
      'GET /api/notification-preferences': {
        body: { tripInvitations: true, tripReminders: false },
      },
      'PUT /api/notification-preferences': ({ body }) => ({ body }),
    });
    const u = userEvent.setup();
    renderProfile(makeUser(), '/profile?tab=notifications');

    const invitations = await screen.findByRole('switch', { name: 'Trip invitations' });
    const reminders = screen.getByRole('switch', { name: 'Trip reminders' });
    expect(invitations.getAttribute('aria-checked')).toBe('true');
    expect(reminders.getAttribute('aria-checked')).toBe('false');

    await u.click(reminders);
    await findToast('Notification settings updated');
    expect(api.callsTo('PUT /api/notification-preferences')[0]!.body).toEqual({
      tripInvitations: true,
      tripReminders: true,
    });
    expect(reminders.getAttribute('aria-checked')).toBe('true');
  });

  it('says so when the notification settings cannot be loaded', async () => {
    mockApi({ 'GET /api/notification-preferences': { status: 500, body: '' } });
    renderProfile(makeUser(), '/profile?tab=notifications');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
