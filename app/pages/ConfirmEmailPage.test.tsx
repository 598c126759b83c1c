import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '@/test/api';
import { renderPage, resetToasts } from '@/test/render';
import ConfirmEmailPage from './ConfirmEmailPage';

const open = (route: string) =>
  renderPage(<ConfirmEmailPage />, { route, path: '/confirm-email', user: null });

afterEach(() => resetToasts());

describe('/confirm-email', () => {
  it('confirms the address from the link once, and says which it is now', async () => {
    const api = mockApi({ 'POST /api/confirm-email': { body: { email: 'ana.new@example.com' } } });
    open('/confirm-email?token=abc123');
    expect(await screen.findByRole('heading', { name: 'E-mail Confirmed' })).toBeVisible();
    expect(screen.getByRole('status').textContent).toBe(
      "Your account's e-mail address is now ana.new@example.com.",
    );
    expect(api.callsTo('POST /api/confirm-email').map((call) => call.body)).toEqual([
      { token: 'abc123' },
    ]);
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    // Signed out (another browser): nothing to open but the profile, which asks to sign in.
    expect(screen.queryByRole('link', { name: 'Open your trips' })).toBeNull();
  });

  it('offers the trips to someone signed in here, e.g. just after an invitation (issue #38)', async () => {
    mockApi({
      'POST /api/confirm-email': { body: { email: 'bea@example.com' } },
      'GET /api/user': { body: makeUser({ email: 'bea@example.com' }) },
    });
    renderPage(<ConfirmEmailPage />, {
      route: '/confirm-email?token=abc123',
      path: '/confirm-email',
      user: makeUser(),
    });
    expect(await screen.findByRole('heading', { name: 'E-mail Confirmed' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open your trips' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toBeVisible();
  });

  it("shows the server's reason for a used or expired link", async () => {
    mockApi({
      'POST /api/confirm-email': {
        status: 400,
        body: { message: 'This confirmation link has been used.', code: 'email_link_invalid' },
      },
    });
    open('/confirm-email?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This confirmation link has been used.',
    );
    expect(screen.getByRole('heading', { name: 'Link Not Valid' })).toBeVisible();
  });

  it('asks for the whole link when the token is missing, without calling the server', async () => {
    const api = mockApi();
    open('/confirm-email');
    expect((await screen.findByRole('alert')).textContent).toMatch(/incomplete/);
    expect(api.actions()).toEqual([]);
  });
});
