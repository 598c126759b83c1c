import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { makeUser, mockApi } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts, setSignedInCookie } from '@/test/render';
import LogoutPage from './LogoutPage';

const user = makeUser();

afterEach(() => {
  resetToasts();
  localStorage.clear();
  sessionStorage.clear();
});

describe('/logout', () => {
  it('ends the session, forgets local state, reads who is signed in, then goes home', async () => {
    localStorage.setItem('user_preferences', '{"units":"metric"}');
    localStorage.setItem('theme', 'light');
    sessionStorage.setItem('draft', 'hello');
    const api = mockApi({
      // As the server does: the answer clears the signed-in mark with the session cookie.
      'POST /api/logout': () => {
        setSignedInCookie(false);
        return { body: { success: true } };
      },
    });
    const { queryClient } = renderPage(<LogoutPage />, { route: '/logout', user });

    expect(screen.getByText('Logging out...')).toBeVisible();
    expect(await findLocation()).toMatch(/^\/\?logout=success&t=\d+$/);
    expect(api.callsTo('POST /api/logout')).toHaveLength(1);
    // spec §7: the user is read again after the logout, not taken from the cache; with the mark
    // gone it is known to be nobody without a GET /api/user that would answer 401 (issue #38).
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    expect(api.callsTo('GET /api/user')).toEqual([]);
    expect(localStorage.getItem('user_preferences')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
    expect(sessionStorage.length).toBe(0);
    // Issue #17: the landing page used to show without a word.
    await findToast('You have been signed out.');
  });

  it('says logout=error when the server could not end the session', async () => {
    const api = mockApi({
      'POST /api/logout': { status: 500, body: { message: 'Internal server error' } },
      'GET /api/user': { body: user },
    });
    const { queryClient } = renderPage(<LogoutPage />, { route: '/logout', user });
    expect(await findLocation()).toMatch(/^\/\?logout=error&t=\d+$/);
    await findToast('We could not sign you out. Please try again.');
    // The mark is still there: the server is asked, and says who is still signed in (spec §7).
    const order = api.calls.map((call) => `${call.method} ${call.url}`);
    expect(order.indexOf('GET /api/user')).toBeGreaterThan(order.indexOf('POST /api/logout'));
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(user);
  });
});
