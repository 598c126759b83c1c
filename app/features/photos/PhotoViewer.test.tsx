import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoWidget } from '@/features/media/PhotoWidget';
import { makeTrip } from '@/features/trips/tripFixtures';
import { makeUser, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import type { TripPhoto } from '../../../shared/contracts/photos';
import type { Trip } from '../../../shared/contracts/trips';
import { ALBUM_URL, makeAlbum, makeTripPhoto } from './photoTestData';

const BALI_PHOTOS_URL = '/api/pexels/photos?query=Bali%2C+Indonesia&perPage=8&page=1';

// Ana (u1) is signed in; Bea (u2) added the sunset, Ana the harbour and the market.
const sunset = makeTripPhoto('g1', {
  caption: 'Sunset at Uluwatu',
  hasOriginal: true,
  src: { ...makeTripPhoto('g1').src, original: '/api/trips/t1/photos/g1/original' },
});
const harbour = makeTripPhoto('g2', {
  addedBy: { id: 'u1', name: 'Ana' },
  width: 800,
  height: 600,
});
const market = makeTripPhoto('g3', {
  addedBy: { id: 'u1', name: 'Ana' },
  addedAt: '2026-11-05T18:00:00.000Z',
});

function renderAlbum(photos: TripPhoto[], trip: Trip = makeTrip({ role: 'member' })) {
  const api = mockApi({
    [`GET ${BALI_PHOTOS_URL}`]: { body: { photos: [] } },
    [`GET ${ALBUM_URL}`]: { body: makeAlbum(photos) },
  });
  renderPage(<PhotoWidget trip={trip} expanded />, { route: '/dashboard', user: makeUser() });
  return { api, user: userEvent.setup() };
}

async function open(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog');
}

const shownImage = (viewer: HTMLElement) => within(viewer).getByRole('img');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 26, 12, 0));
});

describe('the photo viewer', () => {
  it('shows the photo large, with its caption, who added it and when', async () => {
    const { user } = renderAlbum([sunset, harbour, market]);
    const viewer = await open(user, 'Open “Sunset at Uluwatu”, added by Bea on Nov 3');
    expect(within(viewer).getByRole('heading', { name: 'Sunset at Uluwatu' })).toBeVisible();
    expect(within(viewer).getByText('Added by Bea · Nov 3 · 1 of 3')).toBeVisible();
    const image = shownImage(viewer);
    expect(image.getAttribute('alt')).toBe('Sunset at Uluwatu');
    expect(image.getAttribute('src')).toBe(sunset.src.medium);
    // The full size for screens that can show more than the medium one's 1600 px.
    expect(image.getAttribute('srcset')).toBe(
      `${sunset.src.medium} 1600w, ${sunset.src.full} 4000w`,
    );
    // The original was kept: that is what Download gives.
    const download = within(viewer).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/trips/t1/photos/g1/original?download=1');
  });

  it('moves with ←/→ and the buttons, round both ends, and closes with Escape', async () => {
    const { user } = renderAlbum([sunset, harbour, market]);
    const viewer = await open(user, 'Open “Sunset at Uluwatu”, added by Bea on Nov 3');
    await user.keyboard('{ArrowRight}');
    expect(shownImage(viewer).getAttribute('alt')).toBe('Photo added by Ana');
    expect(within(viewer).getByText('Added by Ana · Nov 3 · 2 of 3')).toBeVisible();
    // A photo no larger than the medium size has nothing larger to offer.
    expect(shownImage(viewer).getAttribute('srcset')).toBe(`${harbour.src.medium} 800w`);
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/trips/t1/photos/g2/full?download=1',
    );
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(within(viewer).getByText(/1 of 3$/)).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByText(/3 of 3$/)).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lets who added a photo delete it, after asking, and shows the next one', async () => {
    const { api, user } = renderAlbum([sunset, harbour, market]);
    api.on('DELETE /api/trips/t1/photos/g2', { status: 204 });
    const viewer = await open(user, 'Open photo added by Ana on Nov 3');
    expect(within(viewer).getByText(/2 of 3$/)).toBeVisible();
    await user.click(within(viewer).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(api.callsTo('DELETE /api/trips/t1/photos/g2')).toHaveLength(0);
    // The arrow keys while it asks leave the photo it asks about on show.
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText(/2 of 3$/)).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Delete photo' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete this photo?' })).toBeNull(),
    );
    expect(api.callsTo('DELETE /api/trips/t1/photos/g2')).toHaveLength(1);
    const still = screen.getByRole('dialog');
    expect(within(still).getByText('Added by Ana · Nov 5 · 2 of 2')).toBeVisible();
    expect(shownImage(still).getAttribute('src')).toBe(market.src.medium);
    const grid = screen.getByRole('list', { name: 'Group photos', hidden: true });
    expect(within(grid).getAllByRole('button', { hidden: true })).toHaveLength(2);
  });

  it('shows why a delete failed, and keeps the photo', async () => {
    const { api, user } = renderAlbum([harbour]);
    api.on('DELETE /api/trips/t1/photos/g2', {
      status: 403,
      body: { code: 'creator_only', message: 'Only the person who added a photo can delete it.' },
    });
    const viewer = await open(user, 'Open photo added by Ana on Nov 3');
    await user.click(within(viewer).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete photo' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'Only the person who added a photo can delete it.',
    );
  });

  it('offers no delete or caption on another member’s photo, unless I own the trip', async () => {
    const { user } = renderAlbum([sunset]);
    const viewer = await open(user, 'Open “Sunset at Uluwatu”, added by Bea on Nov 3');
    expect(within(viewer).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(viewer).queryByRole('button', { name: 'Edit caption' })).toBeNull();
    expect(within(viewer).getByRole('link', { name: 'Download' })).toBeVisible();
  });

  it('lets the trip’s owner delete anyone’s photo', async () => {
    const { user } = renderAlbum([sunset], makeTrip({ role: 'owner' }));
    const viewer = await open(user, 'Open “Sunset at Uluwatu”, added by Bea on Nov 3');
    expect(within(viewer).getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('saves a caption, and Escape leaves the caption before the photo', async () => {
    const { api, user } = renderAlbum([harbour]);
    api.on('PATCH /api/trips/t1/photos/g2', ({ body }) => ({
      body: { ...harbour, caption: (body as { caption: string }).caption },
    }));
    const viewer = await open(user, 'Open photo added by Ana on Nov 3');
    await user.click(within(viewer).getByRole('button', { name: 'Add a caption' }));
    const field = within(viewer).getByRole('textbox', { name: 'Caption' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'The ferry{ArrowLeft}');
    // The arrow moved the cursor, not the photo.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBe(viewer);
    expect(within(viewer).queryByRole('textbox')).toBeNull();

    await user.click(within(viewer).getByRole('button', { name: 'Add a caption' }));
    await user.type(within(viewer).getByRole('textbox', { name: 'Caption' }), ' Harbour at dawn ');
    await user.click(within(viewer).getByRole('button', { name: 'Save caption' }));
    expect(api.callsTo('PATCH /api/trips/t1/photos/g2').map((call) => call.body)).toEqual([
      { caption: 'Harbour at dawn' },
    ]);
    expect(await within(viewer).findByRole('heading', { name: 'Harbour at dawn' })).toBeVisible();
    expect(within(viewer).getByRole('button', { name: 'Edit caption' })).toBeVisible();
  });
});
