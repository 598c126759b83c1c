import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { deferred, makeUser, mockApi, type Reply } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { TwoFactorPanel } from './TwoFactorPanel';

const SETUP = { qrCode: 'data:image/png;base64,iVBORw0KGgo=', secret: 'JBSWY3DPEHPK3PXP' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

afterEach(() => {
  resetToasts();
});

async function renderPanel(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'POST /api/setup-2fa': { body: SETUP }, ...routes });
  const onClose = vi.fn();
  const utils = renderPage(<TwoFactorPanel onClose={onClose} />, {
    route: '/security',
    user: makeUser(),
  });
  await screen.findByRole('img', { name: /QR code/ });
  const input = screen.getByLabelText('Verification code') as HTMLInputElement;
  const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
  return { api, onClose, input, verify, u: userEvent.setup(), ...utils };
}

describe('TwoFactorPanel', () => {
  it('shows the QR code and the key from the server', async () => {
    const { api } = await renderPanel();
    expect(screen.getByRole('img', { name: /QR code/ }).getAttribute('src')).toBe(SETUP.qrCode);
    // In groups of four, each an element of its own: a line breaks between groups, never inside
    // one (issue #17: "…CQ5H L / BGW").
    const groups = [...screen.getByText('Y3DP').parentElement!.children];
    expect(groups.map((group) => group.textContent)).toEqual(['JBSW', 'Y3DP', 'EHPK', '3PXP']);
    expect(api.callsTo('POST /api/setup-2fa')).toHaveLength(1);
  });

  it('keeps only digits, and enables Verify at exactly 6 of them', async () => {
    const { input, verify, u } = await renderPanel();
    expect(verify.disabled).toBe(true);

    await u.type(input, '1a2-3 4');
    expect(input.value).toBe('1234');
    expect(verify.disabled).toBe(true);

    await u.type(input, '5');
    expect(verify.disabled).toBe(true);
    await u.type(input, 'x6');
    expect(input.value).toBe('123456');
    expect(verify.disabled).toBe(false);

    await u.type(input, '7');
    expect(input.value).toBe('123456');
    await u.type(input, '{Backspace}');
    expect(verify.disabled).toBe(true);
  });

  it('strips non-digits from a pasted code', async () => {
    const { input, verify, u } = await renderPanel();
    await u.click(input);
    await u.paste('123 456');
    expect(input.value).toBe('123456');
    expect(verify.disabled).toBe(false);
  });

  it('confirms the code, says 2FA is on, refreshes the user, and puts the key away', async () => {
    const { api, input, u, queryClient, onClose } = await renderPanel({
      'POST /api/confirm-2fa': { body: { success: true, recoveryCodes: CODES } },
    });
    queryClient.setQueryData(CURRENT_USER_KEY, makeUser());
    const before = api.callsTo('GET /api/user').length;
    await u.type(input, '123456{Enter}');

    await findToast('Two-factor authentication has been verified successfully');
    expect(api.callsTo('POST /api/confirm-2fa')[0]!.body).toEqual({ token: '123456' });
    expect(screen.getByText(/Two-factor authentication is on/)).toBeVisible();
    // Marked stale: the current-user query (active here too, for the codes' file) fetches it
    // again.
    await waitFor(() => expect(api.callsTo('GET /api/user').length).toBeGreaterThan(before));
    // Issue #17: the QR code, the key and the code field leave the screen once they are used.
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByText('Y3DP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    // Issue #35: the recovery codes take their place, this once; saving them closes the panel.
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(document.activeElement).toBe(list);
    await u.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('says "Failed to verify code. Please try again." for a wrong code', async () => {
    const { input, verify, u } = await renderPanel({
      'POST /api/confirm-2fa': { status: 400, body: { message: 'That code is not right' } },
    });
    await u.type(input, '123456');
    await u.click(verify);
    await findToast('Error', 'Failed to verify code. Please try again.');
    expect(verify.disabled).toBe(false);
  });

  it('says "Failed to generate QR code" when the server cannot start setup', async () => {
    mockApi({ 'POST /api/setup-2fa': { status: 500, body: '' } });
    renderPage(<TwoFactorPanel onClose={() => {}} />);
    await findToast('Error', 'Failed to generate QR code');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('keeps the failure on screen while Try again runs, then shows the QR code', async () => {
    const api = mockApi({ 'POST /api/setup-2fa': { status: 500, body: '' } });
    renderPage(<TwoFactorPanel onClose={() => {}} />);
    const alert = await screen.findByRole('alert');
    const retry = deferred<Reply>();
    api.on('POST /api/setup-2fa', () => retry.promise);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(alert).getByText('Failed to generate QR code')).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Try again' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    retry.resolve({ body: SETUP });
    expect(await screen.findByRole('img', { name: /QR code/i })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('closes with its close button', async () => {
    const { onClose, u } = await renderPanel();
    await u.click(screen.getByRole('button', { name: 'Close setup' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
