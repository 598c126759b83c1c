import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { tripKeys } from '@/features/trips/tripKeys';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts } from '@/test/render';
import type { CurrentUser } from '../../shared/contracts/account';
import type { MagicLinkPreview } from '../../shared/contracts/members';
import MagicLinkPage from './MagicLinkPage';

const TOKEN = 'q7T_x-9Zk2';
const MAGIC = `/api/magic/${TOKEN}`;
const PREVIEW: MagicLinkPreview = {
  trip: {
    name: 'Bali 2023',
    destination: 'Bali, Indonesia',
    startDate: '2026-12-20',
    endDate: '2027-01-03',
    ownerName: 'Ana Lima',
  },
  email: 'bo@example.com',
};
const BO = makeUser({ id: 'u2', username: 'bo', firstName: 'Bo', email: 'bo@example.com' });
const EXPIRED =
  'This magic link has already been used or has expired. Ask the trip owner for a new one.';

function renderMagic(routes: Record<string, Route>, user: CurrentUser | null = null) {
  const api = mockApi(routes);
  const { queryClient } = renderPage(<MagicLinkPage />, {
    route: `/magic/${TOKEN}`,
    path: '/magic/:token',
    user,
  });
  return { api, queryClient };
}

afterEach(() => resetToasts());

describe('/magic/:token', () => {
  it('shows the trip and whom the link is for while nothing is sent', async () => {
    const { api } = renderMagic({ [`GET ${MAGIC}`]: { body: PREVIEW } });
    expect(screen.getByRole('status', { name: 'Loading the invitation' })).toBeVisible();

    expect(await screen.findByRole('heading', { level: 1, name: 'Bali 2023' })).toBeVisible();
    expect(screen.getByText("You're invited to plan")).toBeVisible();
    expect(screen.getByText('Bali, Indonesia')).toBeVisible();
    expect(screen.getByText('Dec 20, 2026 – Jan 3, 2027')).toBeVisible();
    expect(screen.getByText('Planned by Ana Lima')).toBeVisible();
    expect(screen.getByText('for bo@example.com')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join Bali 2023' })).toBeVisible();
    expect(document.title).toBe('Join Bali 2023 · Tripmates');
    expect(api.actions().map((call) => `${call.method} ${call.url}`)).toEqual([`GET ${MAGIC}`]);
  });

  it('joins: signs the user in, says welcome and opens the trip', async () => {
    const { api, queryClient } = renderMagic({
      [`GET ${MAGIC}`]: { body: PREVIEW },
      [`POST ${MAGIC}`]: { body: { user: BO, tripId: 't1' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Bali 2023' }));

    await findToast('Welcome to Bali 2023');
    expect(await findLocation()).toBe('/trips/t1');
    expect(api.callsTo(`POST ${MAGIC}`)).toHaveLength(1);
    expect(api.callsTo('POST /api/verify-2fa')).toEqual([]);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(BO);
  });

  it('replaces whoever was signed in, after saying so, and drops their trips', async () => {
    const ana = makeUser();
    const { queryClient } = renderMagic(
      {
        [`GET ${MAGIC}`]: { body: PREVIEW },
        [`POST ${MAGIC}`]: { body: { user: BO, tripId: 't1' } },
      },
      ana,
    );
    queryClient.setQueryData(tripKeys.all, [{ id: 't9' }]);
    expect(
      await screen.findByText((_text, element) =>
        element?.tagName === 'P'
          ? element.textContent ===
            "You're signed in as ana@example.com. Joining signs you in as bo@example.com instead."
          : false,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Join Bali 2023' }));

    expect(await findLocation()).toBe('/trips/t1');
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(BO);
    expect(queryClient.getQueryData(tripKeys.all)).toBeUndefined();
  });

  it('asks for the second factor when the account has one, then opens the trip', async () => {
    const withCode = { ...BO, twoFactorEnabled: true };
    const { api, queryClient } = renderMagic({
      [`GET ${MAGIC}`]: { body: PREVIEW },
      [`POST ${MAGIC}`]: { body: { requiresTwoFactor: true, tripId: 't1' } },
      'POST /api/verify-2fa': { body: { success: true, user: withCode } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Bali 2023' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    const code = screen.getByLabelText('Authentication code');
    expect(document.activeElement).toBe(code);
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    await userEvent.type(code, '123456{Enter}');

    await findToast('Welcome to Bali 2023');
    expect(await findLocation()).toBe('/trips/t1');
    expect(api.callsTo('POST /api/verify-2fa')[0]!.body).toEqual({ token: '123456' });
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(withCode);
  });

  it('sends someone who leaves the code step to sign in, coming back to the trip', async () => {
    renderMagic({
      [`GET ${MAGIC}`]: { body: PREVIEW },
      [`POST ${MAGIC}`]: { body: { requiresTwoFactor: true, tripId: 't1' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Bali 2023' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await findLocation()).toBe(`/auth?${new URLSearchParams({ next: '/trips/t1' })}`);
  });

  it('says plainly when the link no longer works, with a way home', async () => {
    const { api } = renderMagic({
      [`GET ${MAGIC}`]: { status: 404, body: { message: EXPIRED, code: 'magic_link_invalid' } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This magic link has expired' }),
    ).toBeVisible();
    expect(screen.getByText(EXPIRED)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(api.callsTo(`POST ${MAGIC}`)).toEqual([]);
  });

  it('says so too when the link was used up between the preview and the click', async () => {
    renderMagic({
      [`GET ${MAGIC}`]: { body: PREVIEW },
      [`POST ${MAGIC}`]: { status: 404, body: { message: EXPIRED, code: 'magic_link_invalid' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Bali 2023' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This magic link has expired' }),
    ).toBeVisible();
    expect(screen.getByText(EXPIRED)).toBeVisible();
  });

  it("shows the server's reason when the trip is full, and stays", async () => {
    const full =
      "This trip is full: its owner's Free plan allows up to 4 travellers. Ask the owner to upgrade or to make room.";
    const { queryClient } = renderMagic({
      [`GET ${MAGIC}`]: { body: PREVIEW },
      [`POST ${MAGIC}`]: { status: 403, body: { message: full } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Bali 2023' }));
    expect((await screen.findByRole('alert')).textContent).toBe(full);
    expect(screen.getByRole('heading', { level: 1, name: 'Bali 2023' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join Bali 2023' })).toBeVisible();
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
  });

  it('offers to try again when the invitation cannot be loaded', async () => {
    const { api } = renderMagic({ [`GET ${MAGIC}`]: { status: 500, body: 'oops' } });
    expect(
      await screen.findByRole('heading', { name: 'We could not open this invitation' }),
    ).toBeVisible();
    api.on(`GET ${MAGIC}`, { body: PREVIEW });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bali 2023' })).toBeVisible();
  });
});
