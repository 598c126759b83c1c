import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { showToastCarriedOver } from '@/lib/toastAfterLoad';
import { mockApi } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { DisableTwoFactorDialog } from './DisableTwoFactorDialog';

let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
});

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

async function submitCode(code: string) {
  const u = userEvent.setup();
  renderPage(
    <DisableTwoFactorDialog>
      <Button>Disable Two-Factor Authentication</Button>
    </DisableTwoFactorDialog>,
  );
  await u.click(screen.getByRole('button', { name: 'Disable Two-Factor Authentication' }));
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByLabelText('Authentication code');
  expect(document.activeElement).toBe(input);
  const disable = within(dialog).getByRole('button', { name: 'Disable 2FA' }) as HTMLButtonElement;
  expect(disable.disabled).toBe(true);
  await u.type(input, code);
  await u.click(disable);
}

describe('DisableTwoFactorDialog', () => {
  it('verifies the code, then disables with an empty code, then reloads', async () => {
    const api = mockApi({
      'POST /api/verify-2fa': { body: { success: true, user: {} } },
      'POST /api/disable-2fa': { body: { success: true } },
    });
    await submitCode('123456');

    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(api.actions().map((call) => [call.url, call.body])).toEqual([
      ['/api/verify-2fa', { token: '123456' }],
      ['/api/disable-2fa', { token: '' }],
    ]);
    // The toast comes with the reloaded page.
    showToastCarriedOver();
    await findToast('Two-factor authentication has been disabled');
  });

  it('stops at a wrong code: "Verification failed" or the server message', async () => {
    const api = mockApi({ 'POST /api/verify-2fa': { status: 500, body: '' } });
    await submitCode('123456');
    await findToast('Error', 'Verification failed');
    expect(api.callsTo('POST /api/disable-2fa')).toEqual([]);
  });

  it('says "Failed to disable 2FA" when disabling fails', async () => {
    mockApi({
      'POST /api/verify-2fa': { body: { success: true, user: {} } },
      'POST /api/disable-2fa': { status: 500, body: '' },
    });
    await submitCode('123456');
    await findToast('Error', 'Failed to disable 2FA');
    expect(reload).not.toHaveBeenCalled();
  });
});
