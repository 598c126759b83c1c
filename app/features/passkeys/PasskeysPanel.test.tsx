import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { Passkey } from '../../../shared/contracts/passkeys';
import { PasskeysPanel } from './PasskeysPanel';

// The browser's half of a ceremony: each test says how the prompt ends.
const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const LAPTOP: Passkey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Work laptop',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};
const PHONE: Passkey = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Google Password Manager',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: '2026-11-22T15:04:00.000Z',
  backedUp: true,
};
const OPTIONS = { challenge: 'abc', rp: { name: 'Tripmates', id: 'localhost' } };

/** A DOMException-like failure, as the browser's prompt raises it. */
const browserError = (name: string) => Object.assign(new Error(name), { name });

beforeEach(() => {
  // happy-dom has no WebAuthn: this browser "has" it unless a test takes it away.
  vi.stubGlobal('PublicKeyCredential', class {});
});
afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
  browser.startRegistration.mockReset();
});

const renderPanel = () => renderPage(<PasskeysPanel />, { route: '/security' });
const panel = () => screen.getByRole('region', { name: 'Passkeys' });

describe('PasskeysPanel', () => {
  it('says when there are none yet', async () => {
    mockApi({ 'GET /api/passkeys': { body: [] } });
    renderPanel();
    expect(await within(panel()).findByText(/No passkeys yet/)).toBeVisible();
    expect(within(panel()).getByRole('button', { name: 'Add a passkey' })).toBeVisible();
  });

  it('lists each with its name, when it was added and last used, and whether it is synced', async () => {
    mockApi({ 'GET /api/passkeys': { body: [LAPTOP, PHONE] } });
    renderPanel();
    const list = await within(panel()).findByRole('list', { name: 'Your passkeys' });
    const [laptop, phone] = within(list).getAllByRole('listitem');
    expect(laptop!.textContent).toContain('Work laptop');
    expect(laptop!.textContent).toContain('Added Nov 20, 2026');
    expect(laptop!.textContent).toContain('Not used yet');
    expect(laptop!.textContent).not.toContain('Synced');
    expect(phone!.textContent).toContain('Last used Nov 22, 2026');
    expect(phone!.textContent).toContain('Synced');
  });

  it('adds a passkey, then asks for a name with the default ready', async () => {
    const api = mockApi({
      'GET /api/passkeys': { body: [] },
      'POST /api/passkeys/registration-options': { body: OPTIONS },
      'POST /api/passkeys': { status: 201, body: { ...LAPTOP, name: 'Chrome on macOS' } },
      [`PATCH /api/passkeys/${LAPTOP.id}`]: (call) => ({
        body: { ...LAPTOP, name: (call.body as { name: string }).name },
      }),
    });
    browser.startRegistration.mockResolvedValue({ id: 'cred', response: {} });
    const u = userEvent.setup();
    renderPanel();
    await u.click(await within(panel()).findByRole('button', { name: 'Add a passkey' }));

    const dialog = await screen.findByRole('dialog', { name: 'Passkey added' });
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.callsTo('POST /api/passkeys')[0]!.body).toEqual({
      response: { id: 'cred', response: {} },
    });
    const name = within(dialog).getByLabelText('Passkey name') as HTMLInputElement;
    expect(name.value).toBe('Chrome on macOS');
    await u.clear(name);
    await u.type(name, 'Work laptop');
    await u.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await findToast('“Work laptop” is ready to use.')).toBeTruthy();
    expect(api.callsTo(`PATCH /api/passkeys/${LAPTOP.id}`)[0]!.body).toEqual({
      name: 'Work laptop',
    });
  });

  it('takes a closed prompt calmly, and says what else went wrong', async () => {
    const api = mockApi({
      'GET /api/passkeys': { body: [] },
      'POST /api/passkeys/registration-options': { body: OPTIONS },
    });
    const u = userEvent.setup();
    renderPanel();
    const add = await within(panel()).findByRole('button', { name: 'Add a passkey' });

    browser.startRegistration.mockRejectedValueOnce(browserError('NotAllowedError'));
    await u.click(add);
    const note = await within(panel()).findByText(/No passkey was added/);
    expect(note.getAttribute('role')).toBe('status');
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(api.callsTo('POST /api/passkeys')).toHaveLength(0);

    browser.startRegistration.mockRejectedValueOnce(
      Object.assign(browserError('InvalidStateError'), {
        code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      }),
    );
    await u.click(add);
    expect((await within(panel()).findByRole('alert')).textContent).toContain(
      'This device already has a passkey for your account.',
    );
  });

  it('says so in a browser without passkeys, and offers nothing to click', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    mockApi({ 'GET /api/passkeys': { body: [] } });
    renderPanel();
    expect(within(panel()).getByText(/This browser can't use passkeys/)).toBeVisible();
    const add = within(panel()).getByRole('button', { name: 'Add a passkey' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
  });

  it('renames in place: Enter saves, Escape gives up', async () => {
    const api = mockApi({
      'GET /api/passkeys': { body: [LAPTOP] },
      [`PATCH /api/passkeys/${LAPTOP.id}`]: { body: { ...LAPTOP, name: 'Old MacBook' } },
    });
    const u = userEvent.setup();
    renderPanel();
    await u.click(await within(panel()).findByRole('button', { name: 'Rename Work laptop' }));
    const field = within(panel()).getByLabelText('Passkey name') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    await u.keyboard('{Escape}');
    expect(within(panel()).queryByLabelText('Passkey name')).toBeNull();
    expect(api.callsTo(`PATCH /api/passkeys/${LAPTOP.id}`)).toHaveLength(0);

    await u.click(within(panel()).getByRole('button', { name: 'Rename Work laptop' }));
    const again = within(panel()).getByLabelText('Passkey name') as HTMLInputElement;
    await u.clear(again);
    await u.type(again, '   {Enter}');
    expect(within(panel()).getByRole('alert').textContent).toContain(
      'Please give the passkey a name',
    );
    await u.clear(again);
    await u.type(again, 'Old MacBook{Enter}');
    expect(await within(panel()).findByRole('button', { name: 'Rename Old MacBook' })).toBeTruthy();
    // The form gives way to the row again, keyboard focus on its Rename.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Rename'));
    expect(api.callsTo(`PATCH /api/passkeys/${LAPTOP.id}`)[0]!.body).toEqual({
      name: 'Old MacBook',
    });
  });

  it('removes one only after a confirmation', async () => {
    const api = mockApi({
      'GET /api/passkeys': { body: [LAPTOP, PHONE] },
      [`DELETE /api/passkeys/${LAPTOP.id}`]: { body: { success: true } },
    });
    const u = userEvent.setup();
    renderPanel();
    await u.click(await within(panel()).findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Work laptop”?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE /api/passkeys/${LAPTOP.id}`)).toHaveLength(0);

    api.on('GET /api/passkeys', { body: [PHONE] });
    await u.click(within(panel()).getByRole('button', { name: 'Remove Work laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove “Work laptop”?' });
    await u.click(within(confirm).getByRole('button', { name: 'Remove passkey' }));
    expect(await findToast('“Work laptop” no longer signs in.')).toBeTruthy();
    await waitFor(() =>
      expect(within(panel()).queryByRole('button', { name: 'Remove Work laptop' })).toBeNull(),
    );
  });
});
