import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import SecurityPage from './SecurityPage';

const renderSecurity = (user: ReturnType<typeof makeUser> | null = makeUser()) =>
  renderPage(<SecurityPage />, { route: '/security', user });

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('/security', () => {
  it('asks a signed-out visitor to sign in', () => {
    mockApi();
    renderSecurity(null);
    expect(screen.getByText('Please sign in to manage your account security')).toBeVisible();
    // Signing in comes back here (issue #17).
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth?next=%2Fsecurity',
    );
  });

  it('shows the links and the three cards', () => {
    mockApi();
    renderSecurity();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Security' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    for (const name of ['Password', 'Two-Factor Auth', 'Login Activity', 'Delete account']) {
      expect(screen.getByRole('heading', { name })).toBeVisible();
    }
    expect(screen.getByText('Recommended')).toBeVisible();
    for (const name of ['Change Password', 'Set Up 2FA', 'View Activity', 'Delete account']) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
  });

  it('Set Up 2FA opens the setup panel', async () => {
    mockApi({
      'POST /api/setup-2fa': { body: { qrCode: 'data:image/png;base64,AA', secret: 'ABCD' } },
    });
    renderSecurity();
    await userEvent.click(screen.getByRole('button', { name: 'Set Up 2FA' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeVisible();
    expect(document.activeElement?.textContent).toBe('Set up two-factor authentication');
  });

  it('shows two-factor as on, with a Disable button, when it is enabled', async () => {
    mockApi({ 'GET /api/2fa': { body: { enabled: true, recoveryCodesLeft: 2 } } });
    renderSecurity(makeUser({ twoFactorEnabled: true }));
    expect(screen.getByText('Two-factor authentication is on')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Set Up 2FA' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disable' })).toBeVisible();
    // Issue #17: no longer "Recommended" once it is on.
    expect(screen.getByText('Enabled')).toBeVisible();
    expect(screen.queryByText('Recommended')).toBeNull();
    // Issue #35: the recovery codes left, with a warning when few.
    const codes = screen.getByRole('region', { name: 'Recovery codes' });
    expect(
      await within(codes).findByText(/2 of 10 recovery codes left\. Make new ones/),
    ).toBeVisible();
    expect(within(codes).getByRole('button', { name: 'Make new codes' })).toBeVisible();
  });

  describe('Change Password', () => {
    async function openAndFill(current: string, next: string, confirm: string) {
      const u = userEvent.setup();
      await u.click(screen.getByRole('button', { name: 'Change Password' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
      // Pasted, and only Enter typed: a keystroke each re-renders the dialog, which took this
      // past the test's 5 s on a busy machine.
      await u.click(within(dialog).getByLabelText('Current password'));
      await u.paste(current);
      await u.click(within(dialog).getByLabelText('New password'));
      await u.paste(next);
      await u.click(within(dialog).getByLabelText('Confirm new password'));
      await u.paste(confirm);
      await u.keyboard('{Enter}');
      return dialog;
    }

    it('changes the password and closes', async () => {
      const api = mockApi({ 'POST /api/change-password': { body: { success: true } } });
      renderSecurity();
      await openAndFill('old-password', 'new-password-1', 'new-password-1');

      await findToast('Password changed');
      expect(api.callsTo('POST /api/change-password')[0]!.body).toEqual({
        currentPassword: 'old-password',
        newPassword: 'new-password-1',
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('checks the confirmation before sending', async () => {
      const api = mockApi();
      renderSecurity();
      const dialog = await openAndFill('old-password', 'new-password-1', 'new-password-2');
      expect(within(dialog).getByRole('alert').textContent).toBe('The passwords do not match');
      expect(api.actions()).toEqual([]);
    });

    it("shows the server's message on failure", async () => {
      mockApi({
        'POST /api/change-password': {
          status: 400,
          body: { message: 'Your current password is not correct.' },
        },
      });
      renderSecurity();
      const dialog = await openAndFill('wrong-password', 'new-password-1', 'new-password-1');
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Your current password is not correct.',
      );
    });
  });

  describe('View Activity', () => {
    const activity = [
      {
        id: 'a1',
        createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
        ip: '203.0.113.9',
        browser: 'Firefox on Linux',
        outcome: 'wrong_password',
      },
      {
        id: 'a2',
        createdAt: new Date(2026, 10, 22, 15, 5).toISOString(),
        ip: '203.0.113.9',
        browser: 'Firefox on Linux',
        outcome: 'success',
      },
    ];
    const sessions = [
      {
        id: 's1',
        createdAt: new Date(2026, 10, 20, 9, 0).toISOString(),
        lastSeenAt: new Date(2026, 10, 22, 15, 5).toISOString(),
        ip: '203.0.113.9',
        browser: 'Firefox on Linux',
        current: true,
      },
      {
        id: 's2',
        createdAt: new Date(2026, 10, 1, 9, 0).toISOString(),
        lastSeenAt: new Date(2026, 10, 2, 9, 0).toISOString(),
        ip: null,
        browser: 'Safari on iPhone',
        current: false,
      },
    ];

    async function openActivity() {
      const u = userEvent.setup();
      await u.click(screen.getByRole('button', { name: 'View Activity' }));
      const dialog = await screen.findByRole('dialog', { name: 'Login Activity' });
      await within(dialog).findByText('Wrong password');
      return { u, dialog };
    }

    it('lists recent activity in words, with time, browser and IP', async () => {
      mockApi({
        'GET /api/login-activity': { body: activity },
        'GET /api/sessions': { body: sessions },
      });
      renderSecurity();
      const { dialog } = await openActivity();
      const rows = within(within(dialog).getByRole('region', { name: 'Recent activity' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent);
      expect(rows).toEqual([
        'Wrong passwordNov 22, 2026, 3:04 PM · Firefox on Linux · 203.0.113.9',
        'Signed inNov 22, 2026, 3:05 PM · Firefox on Linux · 203.0.113.9',
      ]);
    });

    it('marks this device and signs other sessions out', async () => {
      const api = mockApi({
        'GET /api/login-activity': { body: activity },
        'GET /api/sessions': { body: sessions },
        'DELETE /api/sessions/s2': { body: { success: true } },
        'DELETE /api/sessions': { body: { success: true } },
      });
      renderSecurity();
      const { u, dialog } = await openActivity();

      const [current, other] = within(
        within(dialog).getByRole('region', { name: 'Active sessions' }),
      ).getAllByRole('listitem');
      expect(current!.textContent).toContain('This device');
      expect(within(current!).queryByRole('button', { name: /Sign out/ })).toBeNull();
      expect(other!.textContent).toContain('Safari on iPhone · unknown IP address');
      expect(other!.textContent).not.toContain('This device');

      await u.click(within(other!).getByRole('button', { name: /^Sign out/ }));
      await findToast('That session was signed out.');
      expect(api.callsTo('DELETE /api/sessions/s2')).toHaveLength(1);
      // The list is fetched again.
      await waitFor(() => expect(api.callsTo('GET /api/sessions')).toHaveLength(2));

      await u.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
      await findToast('Every other session was signed out.');
      expect(api.callsTo('DELETE /api/sessions')).toHaveLength(1);
    });
  });

  describe('Delete account', () => {
    it('asks for the password and a code when 2FA is on, then leaves for /?deleted=1', async () => {
      const assign = vi.fn();
      vi.spyOn(window.location, 'assign').mockImplementation(assign);
      const api = mockApi({ 'DELETE /api/user': { body: { success: true } } });
      const u = userEvent.setup();
      renderSecurity(makeUser({ twoFactorEnabled: true }));

      await u.click(screen.getByRole('button', { name: 'Delete account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      await u.type(within(dialog).getByLabelText('Password'), 'my-password{Enter}');
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Please enter a valid 6-digit code',
      );
      expect(api.callsTo('DELETE /api/user')).toEqual([]);

      await u.type(within(dialog).getByLabelText('Authentication code'), '123456{Enter}');
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/?deleted=1'));
      expect(api.callsTo('DELETE /api/user')[0]!.body).toEqual({
        password: 'my-password',
        token: '123456',
      });
    });

    it('sends only the password without 2FA, and shows a refusal', async () => {
      const assign = vi.fn();
      vi.spyOn(window.location, 'assign').mockImplementation(assign);
      const api = mockApi({
        'DELETE /api/user': { status: 400, body: { message: 'Your password is not correct.' } },
      });
      const u = userEvent.setup();
      renderSecurity();

      await u.click(screen.getByRole('button', { name: 'Delete account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      expect(within(dialog).queryByLabelText('Authentication code')).toBeNull();
      await u.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(within(dialog).getByRole('alert').textContent).toBe('Please enter your password');

      await u.type(within(dialog).getByLabelText('Password'), 'wrong{Enter}');
      expect((await within(dialog).findByText('Your password is not correct.')).textContent).toBe(
        'Your password is not correct.',
      );
      expect(api.callsTo('DELETE /api/user')[0]!.body).toEqual({ password: 'wrong' });
      expect(assign).not.toHaveBeenCalled();
    });
    it('e-mails a link to an account without a password instead of asking for one', async () => {
      const api = mockApi({ 'POST /api/user/deletion-link': { body: { success: true } } });
      const u = userEvent.setup();
      renderSecurity(makeUser({ hasPassword: false, email: 'mo@example.com' }));

      await u.click(screen.getByRole('button', { name: 'Delete account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
      expect(within(dialog).queryByLabelText('Password')).toBeNull();
      expect(dialog.textContent).toContain('we will send a link to mo@example.com');
      await u.click(within(dialog).getByRole('button', { name: 'E-mail me the link' }));
      const sent = await screen.findByRole('dialog', { name: 'Check your inbox' });
      expect(sent.textContent).toContain('Open it within an hour');
      expect(api.actions().map((call) => `${call.method} ${call.url}`)).toEqual([
        'POST /api/user/deletion-link',
      ]);
      expect(api.callsTo('DELETE /api/user')).toEqual([]);
    });
  });
});
