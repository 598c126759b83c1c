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
    renderAuth('/auth?next=/profile%3Ftab%3Dsecurity');
    await signIn();
    expect(screen.getByText('Taking you back…')).toBeVisible();
    expect(await findLocation({ timeout: 2000 })).toBe('/profile?tab=security');
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
    const api = renderAuth('/auth?next=/join/bali-2023-abc&mode=register', INVITED);
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
    // No tripId in the answer (the trip filled up meanwhile): the join page says why.
    expect(await findLocation({ timeout: 2000 })).toBe('/join/bali-2023-abc');
  });

  it('sends no invitation when `next` is not a join link', async () => {
    const api = renderAuth('/auth?next=/profile&mode=register');
    await register();
    expect(api.callsTo('POST /api/register')[0]!.body).not.toHaveProperty('invitation');
  });
});

// Issue #38: from a join link, the page names the trip, and whichever way in lands on it, joined.
const INVITED: Record<string, Route> = {
  'GET /api/join/bali-2023-abc': {
    body: {
      trip: {
        name: 'Bali 2023',
        destination: 'Bali, Indonesia',
        startDate: '2026-12-20',
        endDate: '2027-01-03',
        ownerName: 'Ana Lima',
        travellers: 2,
        travellerLimit: 4,
      },
      isMember: false,
    },
  },
  'POST /api/join/bali-2023-abc': { body: { tripId: 't1' } },
};

describe('/auth from a join link (issue #38)', () => {
  it('says which trip the sign-up joins, and lands on it joined: the server joined at sign-up', async () => {
    const api = renderAuth('/auth?next=/join/bali-2023-abc&mode=register', {
      ...INVITED,
      'POST /api/register': { status: 201, body: { success: true, user, tripId: 't1' } },
    });
    expect(
      await screen.findByText(
        (_text, element) =>
          element?.tagName === 'P' &&
          element.textContent === 'Create an account to join Bali 2023.',
      ),
    ).toBeVisible();
    // The spec's label stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await register();
    await findToast('Logged in successfully. You joined Bali 2023.');
    expect(screen.getByText('Taking you to Bali 2023…')).toBeVisible();
    expect(await findLocation({ timeout: 2000 })).toBe('/trips/t1');
    // Nothing left to press: the sign-up joined.
    expect(api.callsTo('POST /api/join/bali-2023-abc')).toHaveLength(0);
  });

  it('joins after signing in to an existing account, then opens the trip', async () => {
    const api = renderAuth('/auth?next=/join/bali-2023-abc', INVITED);
    expect(
      await screen.findByText(
        (_text, element) =>
          element?.tagName === 'P' && element.textContent === 'Sign in to join Bali 2023.',
      ),
    ).toBeVisible();
    await signIn();
    expect(await findLocation({ timeout: 2000 })).toBe('/trips/t1');
    expect(api.callsTo('POST /api/join/bali-2023-abc')).toHaveLength(1);
  });

  it('goes to the join page, which says why, when the join is refused', async () => {
    renderAuth('/auth?next=/join/bali-2023-abc', {
      ...INVITED,
      'POST /api/join/bali-2023-abc': {
        status: 403,
        body: { code: 'trip_full', message: 'This trip is full' },
      },
    });
    await signIn();
    expect(await findLocation({ timeout: 2000 })).toBe('/join/bali-2023-abc');
  });

  it('keeps its usual words when the invitation cannot be read', async () => {
    renderAuth('/auth?next=/join/bali-2023-abc', {
      'GET /api/join/bali-2023-abc': {
        status: 404,
        body: { code: 'invitation_invalid', message: 'This invitation link is no longer valid.' },
      },
    });
    expect(
      await screen.findByText('Sign in to plan your next trip with your group.'),
    ).toBeVisible();
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
