import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '@/test/api';
import { renderPage, resetToasts } from '@/test/render';
import { PasskeySecondStep, PasskeySignIn } from './PasskeySignIn';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);

const OPTIONS = { challenge: 'abc', rpId: 'localhost', userVerification: 'required' };
const ANSWER = { id: 'cred', response: { signature: 'sig' } };
const browserError = (name: string) => Object.assign(new Error(name), { name });

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', class {});
});
afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
  browser.startAuthentication.mockReset();
});

describe('PasskeySignIn', () => {
  it('signs in with the passkey the browser offers, no password', async () => {
    const user = makeUser();
    const api = mockApi({
      'POST /api/passkeys/sign-in/options': { body: OPTIONS },
      'POST /api/passkeys/sign-in': { body: { success: true, user } },
    });
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const onSignedIn = vi.fn();
    renderPage(<PasskeySignIn onSignedIn={onSignedIn} />, { route: '/auth' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with a passkey' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.callsTo('POST /api/passkeys/sign-in')[0]!.body).toEqual({ response: ANSWER });
  });

  it('takes a closed prompt calmly, and shows what the server said otherwise', async () => {
    mockApi({
      'POST /api/passkeys/sign-in/options': { body: OPTIONS },
      'POST /api/passkeys/sign-in': {
        status: 400,
        body: {
          code: 'passkey_unknown',
          message: 'This passkey is not registered with Tripmates.',
        },
      },
    });
    const u = userEvent.setup();
    renderPage(<PasskeySignIn onSignedIn={vi.fn()} />, { route: '/auth' });
    const button = screen.getByRole('button', { name: 'Continue with a passkey' });

    browser.startAuthentication.mockRejectedValueOnce(browserError('NotAllowedError'));
    await u.click(button);
    expect((await screen.findByRole('status')).textContent).toContain('No passkey was used');
    expect(screen.queryByRole('alert')).toBeNull();

    browser.startAuthentication.mockResolvedValueOnce(ANSWER);
    await u.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This passkey is not registered with Tripmates.',
    );
  });

  it('is not offered by a browser without passkeys', () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    mockApi();
    renderPage(<PasskeySignIn onSignedIn={vi.fn()} />, { route: '/auth' });
    expect(screen.queryByRole('button', { name: 'Continue with a passkey' })).toBeNull();
  });
});

describe('PasskeySecondStep', () => {
  it('is offered only when the account has a passkey', async () => {
    const api = mockApi({ 'GET /api/passkeys/second-factor': { body: { available: false } } });
    renderPage(<PasskeySecondStep onSignedIn={vi.fn()} onExpired={vi.fn()} />, { route: '/auth' });
    await waitFor(() => expect(api.callsTo('GET /api/passkeys/second-factor')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
  });

  it('finishes the sign-in with one', async () => {
    const user = makeUser({ twoFactorEnabled: true });
    mockApi({
      'GET /api/passkeys/second-factor': { body: { available: true } },
      'POST /api/passkeys/second-factor/options': { body: OPTIONS },
      'POST /api/passkeys/second-factor': { body: { success: true, user } },
    });
    browser.startAuthentication.mockResolvedValue(ANSWER);
    const onSignedIn = vi.fn();
    renderPage(<PasskeySecondStep onSignedIn={onSignedIn} onExpired={vi.fn()} />, {
      route: '/auth',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user, 'Authentication successful'));
  });

  it('sends the person back to the password when the pending sign-in expired', async () => {
    mockApi({
      'GET /api/passkeys/second-factor': { body: { available: true } },
      'POST /api/passkeys/second-factor/options': {
        status: 401,
        body: {
          code: 'unauthenticated',
          message: 'Your sign-in has expired. Please sign in again.',
        },
      },
    });
    const onExpired = vi.fn();
    renderPage(<PasskeySecondStep onSignedIn={vi.fn()} onExpired={onExpired} />, {
      route: '/auth',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    // The password form says why (issue #38: in the form, not a toast).
    await waitFor(() =>
      expect(onExpired).toHaveBeenCalledWith('Your sign-in has expired. Please sign in again.'),
    );
    expect(browser.startAuthentication).not.toHaveBeenCalled();
  });
});
