import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findLocation, findToast, renderPage, resetToasts } from '@/test/render';
import type { JoinPreview } from '../../shared/contracts/members';
import JoinPage from './JoinPage';

const CODE = 'bali-2023-AbC_12-x';
const PREVIEW: JoinPreview = {
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
};

function renderJoin(routes: Record<string, Route>, user: ReturnType<typeof makeUser> | null) {
  const api = mockApi(routes);
  renderPage(<JoinPage />, { route: `/join/${CODE}`, path: '/join/:code', user });
  return api;
}

afterEach(() => resetToasts());

describe('/join/:code', () => {
  it('says plainly when the link no longer works, with a way home', async () => {
    renderJoin(
      {
        [`GET /api/join/${CODE}`]: {
          status: 404,
          body: {
            message: 'This invitation link is no longer valid. Ask the trip owner for a new one.',
            code: 'invitation_invalid',
          },
        },
      },
      null,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation has expired' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'This invitation link is no longer valid. Ask the trip owner for a new one.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('shows the trip to a signed-out visitor, with ways in that come back here', async () => {
    const api = renderJoin({ [`GET /api/join/${CODE}`]: { body: PREVIEW } }, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bali 2023' })).toBeVisible();
    expect(screen.getByText('Bali, Indonesia')).toBeVisible();
    expect(screen.getByText('Dec 20, 2026 – Jan 3, 2027')).toBeVisible();
    expect(screen.getByText('Planned by Ana Lima')).toBeVisible();
    expect(screen.getByText('2 of 4 travellers')).toBeVisible();
    expect(document.title).toBe('Join Bali 2023 · Tripmates');

    expect(screen.getByRole('link', { name: 'Sign in to join' }).getAttribute('href')).toBe(
      `/auth?next=/join/${CODE}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/auth?next=/join/${CODE}&mode=register`,
    );
    expect(screen.queryByRole('button', { name: 'Join trip' })).toBeNull();
    expect(api.actions().map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET /api/join/${CODE}`,
    ]);
  });

  it('joins a signed-in visitor and opens the trip', async () => {
    const api = renderJoin(
      {
        [`GET /api/join/${CODE}`]: {
          body: { ...PREVIEW, trip: { ...PREVIEW.trip, travellerLimit: null } },
        },
        [`POST /api/join/${CODE}`]: { body: { tripId: 't1' } },
      },
      makeUser({ id: 'u2', firstName: 'Bo' }),
    );
    expect(await screen.findByText('2 travellers')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Join trip' }));

    await findToast('You joined Bali 2023');
    expect(await findLocation()).toBe('/trips/t1');
    expect(api.callsTo(`POST /api/join/${CODE}`)).toHaveLength(1);
  });

  it("shows the server's reason when the trip is full", async () => {
    const full =
      "This trip is full: its owner's Free plan allows up to 4 travellers. Ask the owner to upgrade or to make room.";
    renderJoin(
      {
        [`GET /api/join/${CODE}`]: { body: PREVIEW },
        [`POST /api/join/${CODE}`]: { status: 403, body: { message: full } },
      },
      makeUser({ id: 'u2' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Join trip' }));
    expect((await screen.findByRole('alert')).textContent).toBe(full);
    expect(screen.getByRole('heading', { level: 1, name: 'Bali 2023' })).toBeVisible();
  });

  it('opens the trip for someone already on it, without a "joined" toast', async () => {
    renderJoin(
      {
        [`GET /api/join/${CODE}`]: { body: { ...PREVIEW, isMember: true } },
        [`POST /api/join/${CODE}`]: { body: { tripId: 't1' } },
      },
      makeUser(),
    );
    expect(screen.getByRole('status', { name: 'Loading the invitation' })).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Open trip' }));
    expect(await findLocation()).toBe('/trips/t1');
    expect(screen.queryByText(/You joined/)).toBeNull();
  });

  it('offers to try again when the invitation cannot be loaded', async () => {
    const api = renderJoin({ [`GET /api/join/${CODE}`]: { status: 500, body: 'oops' } }, null);
    expect(
      await screen.findByRole('heading', { name: 'We could not open this invitation' }),
    ).toBeVisible();
    api.on(`GET /api/join/${CODE}`, { body: PREVIEW });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bali 2023' })).toBeVisible();
  });
});
