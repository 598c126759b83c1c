import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { makeUser, mockApi } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts } from '@/test/render';
import LogoutPage from './LogoutPage';

const user = makeUser();

afterEach(() => {
  resetToasts();
  localStorage.clear();
  sessionStorage.clear();
});

describe('/logout', () => {
  it('ends the session, forgets local state, asks who is signed in, then goes home', async () => {
    localStorage.setItem('user_preferences', '{"units":"metric"}');
    localStorage.setItem('theme', 'light');
    sessionStorage.setItem('draft', 'hello');
    const api = mockApi({ 'POST /api/logout': { body: { success: true } } });
    const { queryClient } = renderPage(<LogoutPage />, { route: '/logout', user });

    expect(screen.getByText('Logging out...')).toBeVisible();
    expect(await findLocation()).toMatch(/^\/\?logout=success&t=\d+$/);
    expect(api.callsTo('POST /api/logout')).toHaveLength(1);
    // spec §7: the user is fetched again after the logout, not taken from the cache.
    const order = api.calls.map((call) => `${call.method} ${call.url}`);
    expect(order.indexOf('GET /api/user')).toBeGreaterThan(order.indexOf('POST /api/logout'));
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    expect(localStorage.getItem('user_preferences')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
    expect(sessionStorage.length).toBe(0);
    // Issue #17: the landing page used to show without a word.
    await findToast('You have been signed out.');
  });

  it('says logout=error when the server could not end the session', async () => {
    mockApi({ 'POST /api/logout': { status: 500, body: { message: 'Internal server error' } } });
    renderPage(<LogoutPage />, { route: '/logout', user });
    expect(await findLocation()).toMatch(/^\/\?logout=error&t=\d+$/);
    await findToast('We could not sign you out. Please try again.');
  });
});
