import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import ResetPasswordPage from './ResetPasswordPage';

const renderReset = (route = '/reset-password?token=abc123') =>
  renderPage(<ResetPasswordPage />, { route });

async function fill(password: string, confirm: string) {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('New password'), password);
  await u.type(screen.getByLabelText('Confirm new password'), confirm);
  await u.click(screen.getByRole('button', { name: 'Reset Password' }));
}

afterEach(() => {
  resetToasts();
});

describe('/reset-password', () => {
  it.each(['/reset-password', '/reset-password?token=', '/reset-password?token=%20'])(
    'without a token (%s) it says the link is not valid and offers a new one',
    (route) => {
      mockApi();
      renderReset(route);
      expect(screen.getByRole('alert').textContent).toContain('invalid or has expired');
      expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
  );

  it('checks the password rules and that both entries match, before sending', async () => {
    const api = mockApi();
    renderReset();
    await fill('short', 'short');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Password must be at least 8 characters',
    );

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await fill('a-long-password', 'a-long-passwort');
    expect((await screen.findByRole('alert')).textContent).toBe('The passwords do not match');
    expect(api.actions()).toEqual([]);
  });

  it('sets the new password and links to the login', async () => {
    const api = mockApi({ 'POST /api/reset-password': { body: { success: true } } });
    renderReset();
    await fill('a-long-password', 'a-long-password');

    await findToast('Password reset');
    expect(api.callsTo('POST /api/reset-password')[0]!.body).toEqual({
      token: 'abc123',
      password: 'a-long-password',
    });
    expect(screen.getByText(/Your password has been reset/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/auth');
  });

  it('turns an expired or used link into the invalid-link message', async () => {
    mockApi({
      'POST /api/reset-password': {
        status: 400,
        body: {
          message: 'This reset link is invalid or has expired. Please request a new one.',
          code: 'reset_link_invalid',
        },
      },
    });
    renderReset();
    await fill('a-long-password', 'a-long-password');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link is invalid or has expired. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('keeps the form for a refused password, with the reason', async () => {
    mockApi({
      'POST /api/reset-password': {
        status: 400,
        body: {
          message: 'That password is too common. Please choose another.',
          code: 'common_password',
        },
      },
    });
    renderReset();
    await fill('password123', 'password123');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'That password is too common. Please choose another.',
    );
    expect(screen.getByLabelText('New password')).toBeVisible();
  });
});
