import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '@/test/api';
import { renderPage, resetToasts } from '@/test/render';
import { TwoFactorStep } from './TwoFactorStep';

afterEach(() => {
  resetToasts();
});

const user = makeUser({ twoFactorEnabled: true });

function renderStep(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi(routes);
  const onSignedIn = vi.fn();
  const onCancel = vi.fn();
  renderPage(<TwoFactorStep onSignedIn={onSignedIn} onCancel={onCancel} />, { route: '/auth' });
  return { api, onSignedIn, onCancel, u: userEvent.setup() };
}

describe('TwoFactorStep: a recovery code instead (issue #35)', () => {
  it('switches to a recovery code field and back, the cursor following', async () => {
    const { u } = renderStep();
    const appCode = screen.getByLabelText('Authentication code');
    expect(document.activeElement).toBe(appCode);
    await u.type(appCode, '123');

    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code') as HTMLInputElement;
    expect(document.activeElement).toBe(recovery);
    expect(recovery.value).toBe('');
    expect(recovery.getAttribute('inputmode')).toBeNull();
    expect(recovery.getAttribute('placeholder')).toBe('xxxxx-xxxxx');
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeVisible();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Authentication code'));
  });

  it('signs in with a code typed in any case and spacing, and says how many are left', async () => {
    const { api, u, onSignedIn } = renderStep({
      'POST /api/verify-2fa': { body: { success: true, user, recoveryCodesLeft: 9 } },
    });
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    const field = screen.getByLabelText('Recovery code');
    await u.type(field, 'ABCDE 1234');
    expect(verify.disabled).toBe(true);
    await u.type(field, '5{Enter}');

    expect(api.callsTo('POST /api/verify-2fa')[0]!.body).toEqual({ token: 'ABCDE 12345' });
    await vi.waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith(
        user,
        'Signed in with a recovery code. 9 of 10 recovery codes left.',
      ),
    );
  });

  it('suggests making new codes when few are left', async () => {
    const { u, onSignedIn } = renderStep({
      'POST /api/verify-2fa': { body: { success: true, user, recoveryCodesLeft: 2 } },
    });
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await u.type(screen.getByLabelText('Recovery code'), 'abcde-12345{Enter}');
    await vi.waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith(
        user,
        'Signed in with a recovery code. Only 2 of 10 recovery codes left: make new ones on your security page.',
      ),
    );
  });

  it('says what a recovery code looks like without asking the server', async () => {
    const { api, u } = renderStep();
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    await u.type(field, 'abcde-1234u{Enter}');
    // Issue #38: under the field, not in a toast.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('A recovery code is 10 letters and digits, like 7kq2m-x9fde');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(api.callsTo('POST /api/verify-2fa')).toEqual([]);

    // Switching to the app's code starts over: an empty field, no message.
    await u.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server message for a used code and empties the field', async () => {
    const { u } = renderStep({
      'POST /api/verify-2fa': {
        status: 400,
        body: { code: 'invalid_code', message: 'That code is not valid. Please try again.' },
      },
    });
    await u.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code') as HTMLInputElement;
    await u.type(field, 'abcde-12345{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not valid. Please try again.',
    );
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
  });

  it('ends at the password with the reason when the sign-in is over', async () => {
    const { u, onCancel } = renderStep({
      'POST /api/verify-2fa': {
        status: 401,
        body: {
          code: 'too_many_wrong_codes',
          message: 'Too many wrong codes. Please sign in again.',
        },
      },
    });
    await u.type(screen.getByLabelText('Authentication code'), '111111{Enter}');
    await vi.waitFor(() =>
      expect(onCancel).toHaveBeenCalledWith('Too many wrong codes. Please sign in again.'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Back to sign in ends the step without a reason', async () => {
    const { u, onCancel } = renderStep();
    await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(onCancel).toHaveBeenCalledWith();
  });
});
