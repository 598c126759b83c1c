import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { recoveryCodesFileName, recoveryCodesText } from './recoveryCodesFile';

const CODES = Array.from({ length: 10 }, (_, i) => `k7q2${i}-x9fd${i}`);
const user = makeUser({ username: 'ana', email: 'ana@example.com', twoFactorEnabled: true });

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

function renderPanel(left: number, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/2fa': { body: { enabled: true, recoveryCodesLeft: left } },
    ...routes,
  });
  renderPage(<RecoveryCodesPanel />, { route: '/security', user });
  return {
    api,
    u: userEvent.setup(),
    panel: screen.getByRole('region', { name: 'Recovery codes' }),
  };
}

describe('RecoveryCodesPanel', () => {
  it('says how many codes are left, without a warning when there are plenty', async () => {
    const { panel } = renderPanel(7);
    expect(
      within(panel).getByRole('status', { name: 'Loading your recovery codes' }),
    ).toBeVisible();
    const text = await within(panel).findByText(/^7 of 10 recovery codes left\./);
    expect(text.textContent).toBe(
      '7 of 10 recovery codes left. Each one signs you in once if you lose your phone.',
    );
    expect(within(panel).getByRole('button', { name: 'Make new codes' })).toBeVisible();
  });

  // The panel turns amber as well; the words are the warning, for those who cannot see colour.
  it.each([3, 1])('warns when %i are left', async (left) => {
    const { panel } = renderPanel(left);
    expect(
      await within(panel).findByText(
        `${left} of 10 recovery codes left. Make new ones before you run out.`,
      ),
    ).toBeVisible();
  });

  it('offers to make codes for an account that has none', async () => {
    const { panel } = renderPanel(0);
    expect(
      await within(panel).findByText(
        'No recovery codes. Make some, so you can still sign in if you lose your phone.',
      ),
    ).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Make recovery codes' })).toBeVisible();
  });

  it('says when the count cannot be loaded, with Try again', async () => {
    const { api, u, panel } = renderPanel(5, { 'GET /api/2fa': { status: 500, body: 'boom' } });
    await within(panel).findByText('Could not load your recovery codes.');
    expect(within(panel).queryByRole('button', { name: /codes/ })).toBeNull();
    api.on('GET /api/2fa', { body: { enabled: true, recoveryCodesLeft: 5 } });
    await u.click(within(panel).getByRole('button', { name: 'Try again' }));
    await within(panel).findByText(/^5 of 10 recovery codes left/);
  });
});

describe('Make new codes', () => {
  async function openDialog(left = 7, routes: Parameters<typeof mockApi>[0] = {}) {
    const utils = renderPanel(left, routes);
    const { u, panel } = utils;
    await u.click(await within(panel).findByRole('button', { name: /Make (new|recovery) codes/ }));
    return { ...utils, dialog: await screen.findByRole('dialog') };
  }

  it('asks for a current code and warns that the old codes stop working', async () => {
    const { api, u, dialog } = await openDialog(7);
    expect(within(dialog).getByRole('heading', { name: 'Make new recovery codes' })).toBeVisible();
    expect(within(dialog).getByText(/Your 7 codes left will stop working/)).toBeVisible();
    const field = within(dialog).getByLabelText('Authentication code');
    expect(document.activeElement).toBe(field);
    const submit = within(dialog).getByRole('button', {
      name: 'Make new codes',
    }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await u.type(field, '12a456{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a valid 6-digit code');
    expect(api.callsTo('POST /api/2fa/recovery-codes')).toEqual([]);
  });

  it('shows the server refusal and keeps the old codes', async () => {
    const { u, dialog } = await openDialog(7, {
      'POST /api/2fa/recovery-codes': {
        status: 400,
        body: { code: 'invalid_code', message: 'That code is not valid. Please try again.' },
      },
    });
    const field = within(dialog).getByLabelText('Authentication code') as HTMLInputElement;
    await u.type(field, '123456{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'That code is not valid. Please try again.',
    );
    expect(field.value).toBe('');
    expect(within(dialog).queryByRole('list')).toBeNull();
  });

  it('makes them with a code, shows them once with Copy and Download, and updates the count', async () => {
    const { api, u, dialog, panel } = await openDialog(2, {
      'POST /api/2fa/recovery-codes': { body: { recoveryCodes: CODES } },
    });
    // The phone is lost: a recovery code proves it is the owner.
    await u.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    api.on('GET /api/2fa', { body: { enabled: true, recoveryCodesLeft: 10 } });
    await u.type(within(dialog).getByLabelText('Recovery code'), 'AAAAA BBBBB{Enter}');
    expect(api.callsTo('POST /api/2fa/recovery-codes')[0]!.body).toEqual({
      token: 'AAAAA BBBBB',
    });

    const list = await within(dialog).findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(dialog).getByText(/Your old codes no longer work/)).toBeVisible();

    await u.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await findToast('Copied');
    expect(await navigator.clipboard.readText()).toBe(`${CODES.join('\n')}\n`);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeVisible();

    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:codes';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await u.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toMatch(/^tripmates-recovery-codes-ana-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = await blobs[0]!.text();
    expect(text).toContain('Account: ana (ana@example.com)');
    for (const code of CODES) expect(text).toContain(code);

    // A click beside the dialog does not throw the codes away; the button does close it.
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('dialog')).toBe(dialog);
    await u.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await within(panel).findByText(/^10 of 10 recovery codes left/);
    expect(panel).not.toHaveTextContent('before you run out');
  });
});

describe('the downloaded file', () => {
  it('names the account and the day', () => {
    const day = new Date(2026, 10, 28, 23, 30);
    expect(recoveryCodesFileName({ username: 'Ana.Lima', email: null }, day)).toBe(
      'tripmates-recovery-codes-ana.lima-2026-11-28.txt',
    );
    expect(recoveryCodesFileName({ username: '--', email: null }, day)).toBe(
      'tripmates-recovery-codes-account-2026-11-28.txt',
    );
    const text = recoveryCodesText(CODES, { username: 'ana', email: 'ana@example.com' }, day);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Tripmates recovery codes',
      'Account: ana (ana@example.com)',
      'Made: 2026-11-28',
    ]);
    expect(text.trimEnd().split('\n').slice(-10)).toEqual(CODES);
  });
});
