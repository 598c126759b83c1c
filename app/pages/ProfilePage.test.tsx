import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { deferred, makeUser, mockApi, type Reply } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts } from '@/test/render';
import { HOME_AIRPORT_MESSAGE } from '../../shared/contracts/account';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../shared/contracts/notifications';
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
    expect(screen.getByRole('heading', { level: 1, name: 'Your Profile' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByText('AL')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Ana Lima' })).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, i) => [term, values[i]]))).toEqual({
      'Account Type': 'Free',
      '2FA Status': 'Disabled',
    });
  });

  it('says when the link to a pending address was refused, and not while it is on its way', async () => {
    let delivery = { state: 'sending', reason: null as string | null };
    mockApi({ 'GET /api/user/email-confirmation': () => ({ body: delivery }) });
    renderProfile(makeUser({ pendingEmail: 'ana@exampel.com' }));
    expect(await screen.findByText(/Waiting for you to confirm/)).toBeVisible();
    expect(screen.queryByText(/could not be delivered/)).toBeNull();
    delivery = { state: 'not_delivered', reason: '550 5.1.1 <recipient>: unknown' };
    // Looked at again while it was on its way.
    expect(
      await screen.findByText(/The link could not be delivered/, undefined, { timeout: 10_000 }),
    ).toBeVisible();
  }, 15_000);

  it('shows Premium and Enabled, and the e-mail initial when there is no name', () => {
    mockApi();
    renderProfile(
      makeUser({ isPremium: true, twoFactorEnabled: true, firstName: null, lastName: null }),
    );
    expect(screen.getByText('A')).toBeVisible();
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
      'GET /api/notification-preferences': { body: DEFAULT_NOTIFICATION_PREFERENCES },
    });
    renderProfile(makeUser(), route);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(tab);
  });

  it('switching tabs updates the query string', async () => {
    mockApi();
    const u = userEvent.setup();
    renderProfile();
    await u.click(screen.getByRole('tab', { name: 'Security & 2FA' }));
    expect(screen.getByRole('heading', { name: 'Security Settings' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enable Two-Factor Authentication' })).toBeVisible();
    await u.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByRole('heading', { name: 'Profile details' })).toBeVisible();
  });

  it('offers to disable two-factor when it is on', () => {
    mockApi();
    renderProfile(makeUser({ twoFactorEnabled: true }), '/profile?tab=security');
    expect(screen.getByRole('button', { name: 'Disable Two-Factor Authentication' })).toBeVisible();
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
      homeAirport: null,
    });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(saved);
    expect(screen.getByRole('heading', { name: 'Ana Maria Lima' })).toBeVisible();
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
    await u.type(screen.getByLabelText('Home airport'), '12{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(HOME_AIRPORT_MESSAGE);
    expect(api.actions()).toEqual([]);

    await u.clear(screen.getByLabelText('Home airport'));
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

  it('shows a row per kind with a switch per channel it has, as saved', async () => {
    const saved: NotificationPreferences = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      mentioned: { inApp: false, email: true },
      tripReminder: { inApp: true, email: false },
    };
    mockApi({ 'GET /api/notification-preferences': { body: saved } });
    renderProfile(makeUser(), '/profile?tab=notifications');

    await screen.findByRole('switch', { name: 'Mentions in app' });
    const rows = screen.getAllByTestId('notification-kind');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Trip invitations',
      'Mentions',
      'Chat mentions',
      'Assigned to-dos',
      'Due tomorrow',
      'Audio room started',
      'Poll results',
      'Trip reminders',
      'Daily summary',
    ]);
    const state = (name: string) =>
      screen.getByRole('switch', { name }).getAttribute('aria-checked');
    expect(state('Mentions in app')).toBe('false');
    expect(state('Mentions by e-mail')).toBe('true');
    expect(state('Trip reminders in app')).toBe('true');
    expect(state('Trip reminders by e-mail')).toBe('false');
    expect(state('Assigned to-dos by e-mail')).toBe('false');
    // A summary is only ever an e-mail: no switch for it in the app.
    const summary = rows.at(-1)!;
    expect(
      within(summary)
        .getAllByRole('switch')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Daily summary by e-mail']);
    const hint = screen
      .getByRole('switch', { name: 'Mentions in app' })
      .getAttribute('aria-describedby');
    expect(document.getElementById(hint ?? '')?.textContent).toBe(
      'Someone mentions you in a comment.',
    );
  });

  it('saves a switched channel of one kind, keeping every other as it was', async () => {
    const answer = deferred<Reply>();
    const api = mockApi({
      'GET /api/notification-preferences': { body: DEFAULT_NOTIFICATION_PREFERENCES },
      'PUT /api/notification-preferences': () => answer.promise,
    });
    const u = userEvent.setup();
    renderProfile(makeUser(), '/profile?tab=notifications');

    const assignedByEmail = await screen.findByRole('switch', {
      name: 'Assigned to-dos by e-mail',
    });
    expect(assignedByEmail.getAttribute('aria-checked')).toBe('false');
    await u.click(assignedByEmail);
    // Shown as switched while it saves.
    expect(assignedByEmail.getAttribute('aria-checked')).toBe('true');
    const expected = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      assigned: { inApp: true, email: true },
    };
    expect(api.callsTo('PUT /api/notification-preferences').map((call) => call.body)).toEqual([
      expected,
    ]);
    answer.resolve({ body: expected });
    await findToast('Notification settings updated');
    expect(assignedByEmail.getAttribute('aria-checked')).toBe('true');

    await u.click(screen.getByRole('switch', { name: 'Poll results in app' }));
    await waitFor(() => expect(api.callsTo('PUT /api/notification-preferences')).toHaveLength(2));
    expect(api.callsTo('PUT /api/notification-preferences')[1]!.body).toEqual({
      ...expected,
      pollClosed: { inApp: false, email: false },
    });
  });

  it('puts a switch back and says so when its save fails', async () => {
    mockApi({
      'GET /api/notification-preferences': { body: DEFAULT_NOTIFICATION_PREFERENCES },
      'PUT /api/notification-preferences': {
        status: 500,
        body: { code: 'internal', message: 'Something went wrong on our side.' },
      },
    });
    const u = userEvent.setup();
    renderProfile(makeUser(), '/profile?tab=notifications');
    const mentions = await screen.findByRole('switch', { name: 'Mentions by e-mail' });
    await u.click(mentions);
    await findToast('Error', 'Something went wrong on our side.');
    expect(mentions.getAttribute('aria-checked')).toBe('true');
  });

  it('says so when the notification settings cannot be loaded', async () => {
    mockApi({ 'GET /api/notification-preferences': { status: 500, body: '' } });
    renderProfile(makeUser(), '/profile?tab=notifications');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
