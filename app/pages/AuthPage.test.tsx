import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
    ['', ''],
    ['ana', ''],
    ['', 'secret-password'],
    ['   ', 'secret-password'],
  ])('with username %j and password %j it asks for both and sends nothing', async (name, pass) => {
    const api = mockApi();
    renderAuth();
    await signIn(name, pass);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter your username and password');
    // Nothing sent: the page only read the sign-up mode (GET /api/site).
    expect(api.actions().filter((call) => call.url !== '/api/site')).toEqual([]);
  });

  it('shows Login Failed with the server message on a 401', async () => {
    const api = mockApi({
      'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } },
    });
    renderAuth();
    await signIn('ana', 'wrong-password');

    await findToast('Login Failed', 'Invalid username or password');
    expect(api.callsTo('POST /api/login')[0]!.body).toEqual({
      username: 'ana',
      password: 'wrong-password',
    });
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it("shows the server's own words, e.g. a lock-out (429)", async () => {
    mockApi({
      'POST /api/login': {
        status: 429,
        body: { message: 'Too many failed attempts. Try again in 15 minutes.' },
      },
    });
    renderAuth();
    await signIn('ana', 'whatever1');
    await findToast('Login Failed', 'Too many failed attempts. Try again in 15 minutes.');
  });

  it('falls back to "Invalid username or password" when the answer has no message', async () => {
    mockApi({ 'POST /api/login': { status: 502, body: '<html>Bad Gateway</html>' } });
    renderAuth();
    await signIn('ana', 'whatever1');
    await findToast('Login Failed', 'Invalid username or password');
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
    await findToast('Login Failed', 'Nope');
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

    await findToast('Error', 'Please enter a valid 6-digit code');
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

  it('shows the server message for a wrong code, and "Verification failed" without one', async () => {
    const { api, u, input } = await reachCodeStep({
      'POST /api/verify-2fa': { status: 400, body: { message: 'That code is not right' } },
    });
    await u.type(input, '111111{Enter}');
    await findToast('Error', 'That code is not right');
    expect((input as HTMLInputElement).value).toBe('');

    api.on('POST /api/verify-2fa', { status: 500, body: 'oops' });
    await u.type(input, '222222{Enter}');
    await findToast('Error', 'Verification failed');
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
      await findToast('Error', message);
      expect(await screen.findByLabelText('Password')).toBeVisible();
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
    await findToast('Error', 'Please sign in first');
    expect(await screen.findByLabelText('Password')).toBeVisible();
  });

  it('Back to sign in returns to the password form', async () => {
    const { u } = await reachCodeStep();
    await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ana');
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
