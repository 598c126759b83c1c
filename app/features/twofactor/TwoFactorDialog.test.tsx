import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { showToastCarriedOver } from '@/lib/toastAfterLoad';
import { mockApi } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { TwoFactorDialog } from './TwoFactorDialog';

const SETUP = { qrCode: 'data:image/png;base64,iVBORw0KGgo=', secret: 'JBSWY3DPEHPK3PXPJBSWY3DP' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
});

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

function renderDialog() {
  renderPage(
    <TwoFactorDialog>
      <Button>Enable Two-Factor Authentication</Button>
    </TwoFactorDialog>,
    { route: '/profile' },
  );
}

async function open() {
  const u = userEvent.setup();
  await u.click(screen.getByRole('button', { name: 'Enable Two-Factor Authentication' }));
  return { u, dialog: await screen.findByRole('dialog') };
}

describe('TwoFactorDialog', () => {
  it('goes setup → confirm → Back → setup, keeping the same secret', async () => {
    const api = mockApi({ 'POST /api/setup-2fa': { body: SETUP } });
    renderDialog();
    const { u, dialog } = await open();

    // Step setup: the QR code and the key from the server.
    const qr = await within(dialog).findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(SETUP.qrCode);
    const key = within(dialog).getByText('Y3DP', { selector: 'span:nth-child(2)' }).parentElement!;
    expect(key.textContent).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(key.children).toHaveLength(6);
    expect(within(dialog).getByText('Step 1 of 3')).toBeVisible();
    expect(api.callsTo('POST /api/setup-2fa')).toHaveLength(1);

    // Step confirm: the code field, Confirm disabled under 6 characters.
    await u.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Step 2 of 3')).toBeVisible();
    const input = within(dialog).getByLabelText('Verification code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('maxlength')).toBe('6');
    expect(document.activeElement).toBe(input);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await u.type(input, '12345');
    expect(confirm.disabled).toBe(true);
    await u.type(input, '6');
    expect(confirm.disabled).toBe(false);
    expect(within(dialog).queryByRole('img', { name: /QR code/ })).toBeNull();

    // Back: setup again, the same QR code, no new secret asked for.
    await u.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByText('Step 1 of 3')).toBeVisible();
    expect(
      within(dialog)
        .getByRole('img', { name: /QR code/ })
        .getAttribute('src'),
    ).toBe(SETUP.qrCode);
    expect(within(dialog).queryByLabelText('Verification code')).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Next' }));
    expect(api.callsTo('POST /api/setup-2fa')).toHaveLength(1);
  });

  it('confirms the code, shows the recovery codes once, and reloads the page when they are saved', async () => {
    const api = mockApi({
      'POST /api/setup-2fa': { body: SETUP },
      'POST /api/confirm-2fa': { body: { success: true, recoveryCodes: CODES } },
    });
    renderDialog();
    const { u, dialog } = await open();
    await u.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await u.type(within(dialog).getByLabelText('Verification code'), '123456{Enter}');

    // Issue #35: step 3, the ten codes, with the focus on them; nothing reloads yet.
    const list = await within(dialog).findByRole('list', { name: 'Your recovery codes' });
    expect(within(dialog).getByText('Step 3 of 3')).toBeVisible();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(document.activeElement).toBe(list);
    expect(api.callsTo('POST /api/confirm-2fa')[0]!.body).toEqual({ token: '123456' });
    expect(reload).not.toHaveBeenCalled();

    await u.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    // The toast comes with the reloaded page (issue #17: shown before, it went with the page).
    showToastCarriedOver();
    await findToast('Two-factor authentication has been enabled');
  });

  it('reloads the page however the dialog closes once two-factor is on', async () => {
    mockApi({
      'POST /api/setup-2fa': { body: SETUP },
      'POST /api/confirm-2fa': { body: { success: true, recoveryCodes: CODES } },
    });
    renderDialog();
    const { u, dialog } = await open();
    await u.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await u.type(within(dialog).getByLabelText('Verification code'), '123456{Enter}');
    await within(dialog).findByRole('list', { name: 'Your recovery codes' });
    await u.keyboard('{Escape}');
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('shows the server message when setup fails, or "Failed to set up 2FA"', async () => {
    const api = mockApi({
      'POST /api/setup-2fa': {
        status: 409,
        body: { message: 'Two-factor authentication is already enabled.' },
      },
    });
    renderDialog();
    const { u, dialog } = await open();
    await findToast('Error', 'Two-factor authentication is already enabled.');
    expect(
      (within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    api.on('POST /api/setup-2fa', { status: 500, body: 'boom' });
    await u.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await findToast('Error', 'Failed to set up 2FA');
  });

  it('rejects a code that is not 6 digits without calling the server', async () => {
    const api = mockApi({ 'POST /api/setup-2fa': { body: SETUP } });
    renderDialog();
    const { u, dialog } = await open();
    await u.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await u.type(within(dialog).getByLabelText('Verification code'), '12 456{Enter}');

    await findToast('Error', 'Please enter a valid 6-digit code');
    expect(api.callsTo('POST /api/confirm-2fa')).toEqual([]);
  });

  it('shows the server message when confirming fails, or "Failed to confirm 2FA"', async () => {
    const api = mockApi({
      'POST /api/setup-2fa': { body: SETUP },
      'POST /api/confirm-2fa': { status: 400, body: { message: 'That code is not right' } },
    });
    renderDialog();
    const { u, dialog } = await open();
    await u.click(await within(dialog).findByRole('button', { name: 'Next' }));
    const input = within(dialog).getByLabelText('Verification code');
    await u.type(input, '123456{Enter}');
    await findToast('Error', 'That code is not right');

    api.on('POST /api/confirm-2fa', { status: 502, body: '<html></html>' });
    await u.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await findToast('Error', 'Failed to confirm 2FA');
    expect(reload).not.toHaveBeenCalled();
  });
});
