import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts } from '@/test/render';
import AuthPage from './AuthPage';

// Issue #7: /auth comes back to where it was sent from (`next`), and sign-up carries the invitation.
const user = makeUser();
const SITE = {
  supportEmail: 'help@tripmates.test',
  careersEmail: 'jobs@tripmates.test',
  pressEmail: 'press@tripmates.test',
  blogEmail: 'blog@tripmates.test',
};

function renderAuth(route: string, routes: Record<string, Route> = {}) {
  const api = mockApi({
    'GET /api/site': { body: { ...SITE, registration: 'open' } },
    'POST /api/login': { body: { success: true, user } },
    'POST /api/register': { status: 201, body: { success: true, user } },
    ...routes,
  });
  renderPage(<AuthPage />, { route, path: '/auth' });
  return api;
}

async function signIn() {
  await userEvent.type(screen.getByLabelText('Username'), 'ana');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password{Enter}');
  await findToast('Logged in successfully');
}

async function register() {
  await userEvent.type(screen.getByLabelText('Username'), 'bo.chen');
  await userEvent.type(screen.getByLabelText('Email'), 'bo@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-password{Enter}');
  await findToast('Logged in successfully');
}

afterEach(() => resetToasts());

describe('/auth?next=', () => {
  it('goes back to a path of this site after signing in', async () => {
    renderAuth('/auth?next=/join/bali-2023-abc');
    await signIn();
    expect(screen.getByText('Taking you back…')).toBeVisible();
    expect(await findLocation({ timeout: 2000 })).toBe('/join/bali-2023-abc');
  });

  it.each([
    'https://evil.example/join/x',
    '//evil.example/join/x',
    '/\\evil.example/join/x',
    '/\t/evil.example',
    'javascript:alert(1)',
    'join/x',
  ])('ignores %j and opens the dashboard', async (next) => {
    renderAuth(`/auth?next=${encodeURIComponent(next)}`);
    await signIn();
    expect(await findLocation({ timeout: 2000 })).toBe('/dashboard');
  });

  it('sends a visitor who is already signed in on to `next`', async () => {
    mockApi({ 'GET /api/user': { body: user } });
    renderPage(<AuthPage />, { route: '/auth?next=/join/bali-2023-abc', path: '/auth', user });
    expect(await findLocation()).toBe('/join/bali-2023-abc');
  });

  it('opens sign-up with mode=register and sends the invitation with it', async () => {
    const api = renderAuth('/auth?next=/join/bali-2023-abc&mode=register');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeVisible();
    await register();
    expect(api.callsTo('POST /api/register')[0]!.body).toEqual({
      username: 'bo.chen',
      email: 'bo@example.com',
      password: 'a-long-password',
      firstName: null,
      lastName: null,
      invitation: 'bali-2023-abc',
    });
    expect(await findLocation({ timeout: 2000 })).toBe('/join/bali-2023-abc');
  });

  it('sends no invitation when `next` is not a join link', async () => {
    const api = renderAuth('/auth?next=/profile&mode=register');
    await register();
    expect(api.callsTo('POST /api/register')[0]!.body).not.toHaveProperty('invitation');
  });
});

describe('/auth with sign-up by invitation only', () => {
  const inviteOnly = { 'GET /api/site': { body: { ...SITE, registration: 'invite' } } };

  it('says so instead of offering sign-up to someone without an invitation', async () => {
    renderAuth('/auth?mode=register', inviteOnly);
    expect(
      await screen.findByText(
        'Sign-up is by invitation only. Ask a friend on Tripmates to invite you.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('still offers sign-up to someone who came with an invitation', async () => {
    renderAuth('/auth?next=/join/bali-2023-abc', inviteOnly);
    await screen.findByRole('button', { name: 'Create an account' });
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeVisible();
  });
});
