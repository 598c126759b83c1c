import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { deferred, makeUser, mockApi, type Reply } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts } from '@/test/render';
import AuthPage from './AuthPage';

const user = makeUser();

function renderAuth(options: { user?: ReturnType<typeof makeUser> | null } = {}) {
  return renderPage(<AuthPage />, { route: '/auth', ...options });
}

async function signIn(username: string, password: string) {
  const u = userEvent.setup();
  if (username) await u.type(screen.getByLabelText('Username'), username);
  if (password) await u.type(screen.getByLabelText('Password'), password);
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
  return u;
}

afterEach(() => {
  resetToasts();
});

describe('/auth: signing in', () => {
  it('shows Admin Login with the fields, the links and a password toggle', async () => {
    mockApi();
    renderAuth();

    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');

    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it.each([
    ['', '', ['Username', 'Password'], 'Username'],
    ['ana', '', ['Password'], 'Password'],
    ['', 'secret-password', ['Username'], 'Username'],
    ['   ', 'secret-password', ['Username'], 'Username'],
  ])(
    'with username %j and password %j it asks for both and sends nothing',
    async (name, pass, invalid, at) => {
      const api = mockApi();
      renderAuth();
      await signIn(name, pass);

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Please enter your username and password');
      // Issue #38: under the first empty field, which takes the cursor; the empty ones are marked.
      const field = screen.getByLabelText(at);
      expect(field.closest('.grid')!.contains(alert)).toBe(true);
      expect(document.activeElement).toBe(field);
      for (const label of ['Username', 'Password']) {
        expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe(
          invalid.includes(label) ? 'true' : null,
        );
      }
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
      // Nothing sent: the page only read the sign-up mode (GET /api/site).
      expect(api.actions().filter((call) => call.url !== '/api/site')).toEqual([]);
    },
  );

  it('shows a wrong password next to the password field, not in a toast (issue #38)', async () => {
    const api = mockApi({
      'POST /api/login': {
        status: 401,
        body: { code: 'invalid_credentials', message: 'Invalid username or password' },
      },
    });
    renderAuth();
    const u = await signIn('ana', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid username or password');
    expect(api.callsTo('POST /api/login')[0]!.body).toEqual({
      username: 'ana',
      password: 'wrong-password',
    });
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    const username = screen.getByLabelText('Username');
    // Under the password, which takes the cursor with its text selected, to type it again.
    expect(password.closest('.grid')!.contains(alert)).toBe(true);
    expect(document.activeElement).toBe(password);
    expect(password.selectionStart).toBe(0);
    expect(password.selectionEnd).toBe('wrong-password'.length);
    // The server does not say which of the two is wrong: both are marked, and read the message.
    for (const field of [username, password]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(screen.queryByText('Login Failed')).toBeNull();

    // Typing again takes the message and the marks away.
    await u.type(password, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(username.getAttribute('aria-describedby')).toBeNull();
  });

  it("shows the server's own words for a lock-out (429) above Sign In, for the whole form", async () => {
    mockApi({
      'POST /api/login': {
        status: 429,
        body: {
          code: 'account_locked',
          message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
        },
      },
    });
    renderAuth();
    await signIn('ana', 'whatever1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    // No field is wrong: none is marked, both read the message.
    for (const label of ['Username', 'Password']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBeNull();
      expect(screen.getByLabelText(label).getAttribute('aria-describedby')).toBe(alert.id);
    }
    expect(alert.nextElementSibling).toBe(screen.getByRole('button', { name: 'Sign In' }));
  });

  it('falls back to "Invalid username or password" when the answer has no message', async () => {
    mockApi({ 'POST /api/login': { status: 502, body: '<html>Bad Gateway</html>' } });
    renderAuth();
    await signIn('ana', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
  });

  it('says to check the connection when the server could not be reached', async () => {
    mockApi();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderAuth();
    await signIn('ana', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please check your connection and try again.',
    );
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it('disables Sign In and shows a spinner while the request is in flight; Enter submits', async () => {
    const answer = deferred<Reply>();
    mockApi({ 'POST /api/login': () => answer.promise });
    const u = userEvent.setup();
    renderAuth();
    await u.type(screen.getByLabelText('Username'), 'ana');
    await u.type(screen.getByLabelText('Password'), 'secret-password{Enter}');

    const button = await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(within(button).getByTestId('button-spinner')).toBeVisible();

    await act(async () => answer.resolve({ status: 401, body: { message: 'Nope' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Nope');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('on success stores the user, says so, and opens the dashboard after about 0.5 s', async () => {
    mockApi({ 'POST /api/login': { body: { success: true, user } } });
    const { queryClient } = renderAuth();
    const started = Date.now();
    await signIn('ana', 'secret-password');

    await findToast('Logged in successfully');
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(user);
    // The confirmation shows first; the redirect follows.
    expect(screen.getByText("You're signed in")).toBeVisible();
    expect(await findLocation({ timeout: 2000 })).toBe('/dashboard');
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('sends a signed-in visitor straight to the dashboard', async () => {
    mockApi({ 'GET /api/user': { body: user } });
    renderAuth({ user });
    expect(await findLocation()).toBe('/dashboard');
  });
});

describe('/auth: the second factor', () => {
  async function reachCodeStep(routes: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({ 'POST /api/login': { body: { requiresTwoFactor: true } }, ...routes });
    const utils = renderAuth();
    const u = await signIn('ana', 'secret-password');
    const input = await screen.findByLabelText('Authentication code');
    return { api, u, input, ...utils };
  }

  it('asks for a 6-digit code; Verify stays disabled until 6 characters', async () => {
    const { u, input } = await reachCodeStep();

    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('maxlength')).toBe('6');
    expect(document.activeElement).toBe(input);

    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    await u.type(input, '12345');
    expect(verify.disabled).toBe(true);
    await u.type(input, '6');
    expect(verify.disabled).toBe(false);
  });

  it('rejects a code that is not 6 digits with "Please enter a valid 6-digit code"', async () => {
    const { api, u, input } = await reachCodeStep();
    await u.type(input, '12345a');
    await u.click(screen.getByRole('button', { name: 'Verify' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter a valid 6-digit code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(input);
    expect(api.callsTo('POST /api/verify-2fa')).toEqual([]);
  });

  it('signs in with a right code', async () => {
    const { api, u, input, queryClient } = await reachCodeStep({
      'POST /api/verify-2fa': { body: { success: true, user } },
    });
    await u.type(input, '123456{Enter}');

    await findToast('Authentication successful');
    expect(api.callsTo('POST /api/verify-2fa')[0]!.body).toEqual({ token: '123456' });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(user);
    expect(await findLocation({ timeout: 2000 })).toBe('/dashboard');
  });

  it('shows a wrong code under its field, and "Verification failed" without a message', async () => {
    const { api, u, input } = await reachCodeStep({
      'POST /api/verify-2fa': {
        status: 400,
        body: { code: 'invalid_code', message: 'That code is not valid. Please try again.' },
      },
    });
    await u.type(input, '111111{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That code is not valid. Please try again.');
    expect(input.closest('.grid')!.contains(alert)).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    // Used up: an empty field, the cursor in it; typing takes the message away.
    expect((input as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(input);
    await u.type(input, '2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();

    api.on('POST /api/verify-2fa', { status: 500, body: 'oops' });
    await u.type(input, '22222{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Verification failed');
  });

  it.each([
    [401, 'too_many_wrong_codes', 'Too many wrong codes. Please sign in again.'],
    // Issue #16: the account's codes are locked, which ends the pending sign-in too.
    [
      429,
      'account_locked',
      'Too many wrong codes for this account. Please try again in 15 minutes.',
    ],
  ])(
    'goes back to the password after too many wrong codes (%s %s)',
    async (status, code, message) => {
      const { u, input } = await reachCodeStep({
        'POST /api/verify-2fa': { status, body: { message, code } },
      });
      await u.type(input, '111111{Enter}');
      // The sign-in is over: back at the password, which says why and takes the cursor.
      const password = await screen.findByLabelText('Password');
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(document.activeElement).toBe(password);
    },
  );

  it('goes back to the password when the pending sign-in has ended', async () => {
    const { u, input } = await reachCodeStep({
      'POST /api/verify-2fa': {
        status: 401,
        body: { message: 'Please sign in first', code: 'unauthenticated' },
      },
    });
    await u.type(input, '111111{Enter}');
    expect(await screen.findByLabelText('Password')).toBeVisible();
    expect((await screen.findByRole('alert')).textContent).toBe('Please sign in first');
  });

  it('Back to sign in returns to the password form', async () => {
    const { u } = await reachCodeStep();
    await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ana');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });
});

describe('/auth: creating an account', () => {
  async function openRegister() {
    const u = userEvent.setup();
    renderAuth();
    await u.click(screen.getByRole('button', { name: 'Create an account' }));
    return u;
  }

  it('checks the fields with the shared rules before sending', async () => {
    const api = mockApi();
    const u = await openRegister();
    await u.type(screen.getByLabelText('Username'), 'ana');
    await u.type(screen.getByLabelText('Email'), 'ana@example.com');
    await u.type(screen.getByLabelText('Password'), 'short');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Password must be at least 8 characters',
    );
    // Nothing sent: the page only read the sign-up mode (GET /api/site).
    expect(api.actions().filter((call) => call.url !== '/api/site')).toEqual([]);
  });

  it('creates the account and signs in', async () => {
    const api = mockApi({ 'POST /api/register': { status: 201, body: { success: true, user } } });
    const u = await openRegister();
    await u.type(screen.getByLabelText('Username'), 'ana');
    await u.type(screen.getByLabelText('Email'), 'ana@example.com');
    await u.type(screen.getByLabelText('Password'), 'a-long-password');
    await u.type(screen.getByLabelText(/First name/), 'Ana{Enter}');

    await findToast('Logged in successfully', 'open it to confirm your e-mail address');
    expect(api.callsTo('POST /api/register')[0]!.body).toEqual({
      username: 'ana',
      email: 'ana@example.com',
      password: 'a-long-password',
      firstName: 'Ana',
      lastName: null,
    });
    expect(await findLocation({ timeout: 2000 })).toBe('/dashboard');
  });

  it('says which field is taken (409)', async () => {
    mockApi({
      'POST /api/register': {
        status: 409,
        body: { message: 'That username is already taken. Please choose another.' },
      },
    });
    const u = await openRegister();
    await u.type(screen.getByLabelText('Username'), 'ana');
    await u.type(screen.getByLabelText('Email'), 'ana@example.com');
    await u.type(screen.getByLabelText('Password'), 'a-long-password{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'That username is already taken. Please choose another.',
    );
  });

  it('can go back to signing in', async () => {
    mockApi();
    const u = await openRegister();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });
});
