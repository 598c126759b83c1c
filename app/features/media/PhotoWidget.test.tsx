import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import { ALBUM_URL, makeAlbum, makeTripPhoto } from '@/features/photos/photoTestData';
import { makeTrip } from '@/features/trips/tripFixtures';
import { deferred, makeUser, mockApi, type Reply, type Route } from '@/test/api';
import { renderPage } from '@/test/render';
import type { DestinationPhoto } from '../../../shared/contracts/media';
import type { Trip } from '../../../shared/contracts/trips';
import { PHOTO_FALLBACK_SRC } from './PhotoCarousel';
import { PhotoWidget } from './PhotoWidget';

// spec §2/§9: 8 photos of the destination, first page.
const BALI_PHOTOS_URL = '/api/pexels/photos?query=Bali%2C+Indonesia&perPage=8&page=1';

function makePhoto(n: number, overrides: Partial<DestinationPhoto> = {}): DestinationPhoto {
  return {
    id: `p${n}`,
    src: {
      medium: `https://images.pexels.com/photos/${n}/medium.jpeg`,
      thumbnail: `https://images.pexels.com/photos/${n}/thumb.jpeg`,
    },
    alt: `Bali view ${n}`,
    photographer: `Photographer ${n}`,
    photographerUrl: `https://www.pexels.com/@photographer-${n}`,
    source: 'pexels',
    ...overrides,
  };
}

const eight = Array.from({ length: 8 }, (_, i) => makePhoto(i + 1));

function renderPhotos(
  reply: Route,
  {
    trip = makeTrip(),
    expanded = false,
    album = { body: makeAlbum() },
  }: { trip?: Trip; expanded?: boolean; album?: Route } = {},
) {
  const api = mockApi({ [`GET ${BALI_PHOTOS_URL}`]: reply, [`GET ${ALBUM_URL}`]: album });
  renderPage(<PhotoWidget trip={trip} expanded={expanded} />, {
    route: '/dashboard',
    user: makeUser(),
  });
  return { api, user: userEvent.setup() };
}

// The group's photos say when they were added: "Nov 3" this year.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 26, 12, 0));
});

async function findCarousel() {
  return screen.findByRole('region', { name: 'Photos of Bali, Indonesia' });
}

/** What the carousel shows: the live label, the main photo, the dots and the thumbnails. */
function shown() {
  const carousel = screen.getByRole('region', { name: 'Photos of Bali, Indonesia' });
  const stage = screen.getByTestId('carousel-stage');
  const dots = within(within(carousel).getByRole('list', { name: 'Choose a photo' })).getAllByRole(
    'button',
  );
  return {
    label: within(stage).getByText(/^Photo \d+ of \d+$/).textContent,
    main: within(stage).getByRole('img').getAttribute('alt'),
    dots: dots.map((dot) => dot.getAttribute('aria-label')?.replace('Go to photo ', '')),
    currentDot: dots
      .find((dot) => dot.getAttribute('aria-current') === 'true')
      ?.getAttribute('aria-label'),
    thumbnails: within(within(carousel).getByRole('list', { name: 'Next photos' }))
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label')),
  };
}

/** The thumbnails' images (decorative: each button has the photo's name). */
function thumbnailImages() {
  return [...screen.getByRole('list', { name: 'Next photos' }).querySelectorAll('img')];
}

async function findUnavailable() {
  const status = (await screen.findByText('No photos available')).closest('[role="status"]');
  expect(status?.textContent).toBe(
    'No photos availableTry changing the destination or check your connection',
  );
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.queryByRole('status', { name: 'Loading photos' })).toBeNull();
}

describe('PhotoWidget', () => {
  it('asks for 8 photos of the destination and the trip’s album, with a spinner meanwhile', async () => {
    const reply = deferred<Reply>();
    const { api } = renderPhotos(() => reply.promise);
    expect(screen.getByRole('status', { name: 'Loading photos' })).toBeVisible();
    expect(
      api
        .actions()
        .map((call) => call.url)
        .sort(),
    ).toEqual([BALI_PHOTOS_URL, ALBUM_URL]);

    reply.resolve({ body: { photos: eight } });
    expect(await screen.findByRole('img', { name: 'Bali view 1' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading photos' })).toBeNull();
  });

  it('shows the first photo with the credit Pexels asks for', async () => {
    renderPhotos({ body: { photos: eight } });
    const photo = await screen.findByRole('img', { name: 'Bali view 1' });
    expect(photo.getAttribute('src')).toBe(eight[0]!.src.medium);
    const credit = screen.getByText(/^Photo by/);
    expect(credit.textContent).toBe('Photo by Photographer 1 on Pexels');
    expect(within(credit).getByRole('link', { name: 'Photographer 1' }).getAttribute('href')).toBe(
      'https://www.pexels.com/@photographer-1',
    );
    expect(within(credit).getByRole('link', { name: 'Pexels' }).getAttribute('href')).toBe(
      'https://www.pexels.com',
    );
  });

  it('credits a bundled image to Tripmates, and names a photo without alt text by the place', async () => {
    renderPhotos({
      body: {
        photos: [
          makePhoto(1, {
            alt: '',
            photographer: 'Tripmates',
            photographerUrl: null,
            source: 'bundled',
          }),
        ],
      },
    });
    expect(await screen.findByRole('img', { name: 'A photo of Bali, Indonesia' })).toBeVisible();
    expect(screen.getByText('Illustration: Tripmates')).toBeVisible();
    expect(screen.queryByText(/Pexels/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the photographer without a link when there is no profile to link to', async () => {
    renderPhotos({
      body: { photos: [makePhoto(1, { photographerUrl: 'javascript:alert(1)' })] },
    });
    const credit = await screen.findByText(/^Photo by/);
    expect(credit.textContent).toBe('Photo by Photographer 1 on Pexels');
    expect(
      within(credit)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Pexels']);
  });

  it('asks by the trip’s name when it has no destination', async () => {
    const { api } = renderPhotos(
      { body: { photos: [] } },
      { trip: makeTrip({ destination: null }) },
    );
    await findUnavailable();
    expect(api.actions().map((call) => call.url)).toContain(
      '/api/pexels/photos?query=Bali+2023&perPage=8&page=1',
    );
  });

  it.each([
    ['no photos', { body: { photos: [] } }],
    ['only photos that break the contract', { body: { photos: [{ id: 1, src: {} }] } }],
    ['an answer without photos', { body: { message: 'hello' } }],
    ['a 404', { status: 404, body: { message: 'Not found' } }],
    ['a 502', { status: 502, body: { message: 'The photo service is down' } }],
  ])('says no photos are available on %s', async (_case, reply) => {
    renderPhotos(reply);
    await findUnavailable();
  });

  it('leaves out a photo that breaks the contract and shows the rest', async () => {
    renderPhotos({ body: { photos: [{ id: 7, alt: 'odd' }, makePhoto(2), makePhoto(3)] } });
    await findCarousel();
    expect(shown().label).toBe('Photo 1 of 2');
    expect(shown().main).toBe('Bali view 2');
  });

  describe('the carousel', () => {
    it('shows photo 1 of 8, 5 dots from the start and the next 4 as thumbnails', async () => {
      renderPhotos({ body: { photos: eight } });
      const carousel = await findCarousel();
      expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
      expect(carousel.getAttribute('tabindex')).toBe('0');
      expect(within(carousel).getByText('Photo 1 of 8').getAttribute('aria-live')).toBe('polite');
      expect(shown()).toMatchObject({
        main: 'Bali view 1',
        dots: ['1', '2', '3', '4', '5'],
        currentDot: 'Go to photo 1',
        thumbnails: [
          'Show photo 2: Bali view 2',
          'Show photo 3: Bali view 3',
          'Show photo 4: Bali view 4',
          'Show photo 5: Bali view 5',
        ],
      });
      const thumbnail = thumbnailImages().at(0);
      expect(thumbnail?.getAttribute('src')).toBe(eight[1]!.src.thumbnail);
    });

    it('wraps round both ways with Previous and Next', async () => {
      const { user } = renderPhotos({ body: { photos: eight } });
      await findCarousel();
      await user.click(screen.getByRole('button', { name: 'Previous photo' }));
      expect(shown()).toMatchObject({
        label: 'Photo 8 of 8',
        main: 'Bali view 8',
        dots: ['4', '5', '6', '7', '8'],
        currentDot: 'Go to photo 8',
        thumbnails: [
          'Show photo 1: Bali view 1',
          'Show photo 2: Bali view 2',
          'Show photo 3: Bali view 3',
          'Show photo 4: Bali view 4',
        ],
      });
      await user.click(screen.getByRole('button', { name: 'Next photo' }));
      expect(shown()).toMatchObject({ label: 'Photo 1 of 8', main: 'Bali view 1' });
      await user.click(screen.getByRole('button', { name: 'Next photo' }));
      expect(shown()).toMatchObject({ label: 'Photo 2 of 8', currentDot: 'Go to photo 2' });
    });

    it('keeps the current photo in the middle dot away from the ends', async () => {
      const { user } = renderPhotos({ body: { photos: eight } });
      await findCarousel();
      await user.click(screen.getByRole('button', { name: 'Go to photo 5' }));
      expect(shown()).toMatchObject({
        label: 'Photo 5 of 8',
        main: 'Bali view 5',
        dots: ['3', '4', '5', '6', '7'],
        currentDot: 'Go to photo 5',
        thumbnails: [
          'Show photo 6: Bali view 6',
          'Show photo 7: Bali view 7',
          'Show photo 8: Bali view 8',
          'Show photo 1: Bali view 1',
        ],
      });
    });

    it('shows a thumbnail’s photo when it is clicked', async () => {
      const { user } = renderPhotos({ body: { photos: eight } });
      await findCarousel();
      await user.click(screen.getByRole('button', { name: 'Show photo 4: Bali view 4' }));
      expect(shown()).toMatchObject({ label: 'Photo 4 of 8', main: 'Bali view 4' });
      expect(screen.getByText(/^Photo by/).textContent).toBe('Photo by Photographer 4 on Pexels');
    });

    it('moves with ← and → while it has focus', async () => {
      const { user } = renderPhotos({ body: { photos: eight } });
      const carousel = await findCarousel();
      await user.tab();
      expect(document.activeElement).toBe(carousel);
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(shown().label).toBe('Photo 3 of 8');
      await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
      expect(shown().label).toBe('Photo 8 of 8');
    });

    it('follows a sideways swipe of at least 40 px, and ignores shorter or vertical ones', async () => {
      renderPhotos({ body: { photos: eight } });
      await findCarousel();
      const stage = screen.getByTestId('carousel-stage');
      const swipe = (from: [number, number], to: [number, number]) => {
        const finger = { pointerId: 3, pointerType: 'touch' };
        fireEvent.pointerDown(stage, { ...finger, clientX: from[0], clientY: from[1] });
        fireEvent.pointerUp(stage, { ...finger, clientX: to[0], clientY: to[1] });
      };

      swipe([200, 100], [161, 100]);
      expect(shown().label).toBe('Photo 1 of 8');
      swipe([200, 100], [160, 100]);
      expect(shown().label).toBe('Photo 2 of 8');
      swipe([200, 100], [150, 190]);
      expect(shown().label).toBe('Photo 2 of 8');
      swipe([100, 100], [180, 110]);
      swipe([100, 100], [180, 110]);
      expect(shown().label).toBe('Photo 8 of 8');

      // A swipe the browser takes over (a scroll) is no swipe.
      fireEvent.pointerDown(stage, { pointerId: 4, pointerType: 'touch', clientX: 200 });
      fireEvent.pointerCancel(stage, { pointerId: 4, pointerType: 'touch' });
      fireEvent.pointerUp(stage, { pointerId: 4, pointerType: 'touch', clientX: 100 });
      expect(shown().label).toBe('Photo 8 of 8');
    });

    it('has no controls to move for a single photo, only Add photos', async () => {
      renderPhotos({ body: { photos: [makePhoto(1)] } });
      const carousel = await findCarousel();
      expect(within(carousel).getByText('Photo 1 of 1')).toBeVisible();
      expect(
        within(carousel)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual([' Add photos']);
    });

    it('shows the fallback image where a photo is missing or fails to load', async () => {
      renderPhotos({
        body: {
          photos: [
            makePhoto(1, { src: { medium: '', thumbnail: '' } }),
            makePhoto(2, { src: { medium: 'https://images.pexels.com/2.jpeg', thumbnail: '' } }),
            makePhoto(3),
          ],
        },
      });
      const main = await screen.findByRole('img', { name: 'Bali view 1' });
      expect(main.getAttribute('src')).toBe(PHOTO_FALLBACK_SRC);
      const thumbnails = thumbnailImages();
      // No thumbnail of its own: the full image will do.
      expect(thumbnails.map((image) => image.getAttribute('src'))).toEqual([
        'https://images.pexels.com/2.jpeg',
        eight[2]!.src.thumbnail,
      ]);

      fireEvent.error(thumbnails[1]!);
      expect(thumbnails[1]!.getAttribute('src')).toBe(PHOTO_FALLBACK_SRC);
      fireEvent.click(screen.getByRole('button', { name: 'Show photo 2: Bali view 2' }));
      const second = screen.getByRole('img', { name: 'Bali view 2' });
      expect(second.getAttribute('src')).toBe('https://images.pexels.com/2.jpeg');
      fireEvent.error(second);
      expect(second.getAttribute('src')).toBe(PHOTO_FALLBACK_SRC);
      // The fallback failing too is not a loop.
      fireEvent.error(second);
      expect(second.getAttribute('src')).toBe(PHOTO_FALLBACK_SRC);
    });
  });

  describe('the group’s photos', () => {
    const villa = makeTripPhoto('g1', { caption: 'The villa we found' });
    const ferry = makeTripPhoto('g2', { addedBy: { id: 'u1', name: 'Ana' } });

    it('come first, each with who added it and when and its caption, then the destination’s', async () => {
      const { user } = renderPhotos(
        { body: { photos: eight } },
        { album: { body: makeAlbum([villa, ferry]) } },
      );
      await findCarousel();
      expect(shown()).toMatchObject({
        label: 'Photo 1 of 10',
        main: 'The villa we found',
        dots: ['1', '2', '3', '4', '5'],
        thumbnails: [
          'Show photo 2: Photo added by Ana',
          'Show photo 3: Bali view 1',
          'Show photo 4: Bali view 2',
          'Show photo 5: Bali view 3',
        ],
      });
      const stage = screen.getByTestId('carousel-stage');
      expect(within(stage).getByRole('img').getAttribute('src')).toBe(villa.src.medium);
      expect(within(stage).getByText('The villa we found')).toBeVisible();
      expect(screen.getByText('Added by Bea · Nov 3')).toBeVisible();
      expect(thumbnailImages()[0]?.getAttribute('src')).toBe(ferry.src.thumbnail);

      await user.click(screen.getByRole('button', { name: 'Next photo' }));
      expect(shown()).toMatchObject({ label: 'Photo 2 of 10', main: 'Photo added by Ana' });
      expect(screen.getByText('Added by Ana · Nov 3')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Next photo' }));
      expect(shown()).toMatchObject({ label: 'Photo 3 of 10', main: 'Bali view 1' });
      expect(screen.getByText(/^Photo by/).textContent).toBe('Photo by Photographer 1 on Pexels');
      await user.click(screen.getByRole('button', { name: 'Go to photo 1' }));
      await user.click(screen.getByRole('button', { name: 'Previous photo' }));
      expect(shown()).toMatchObject({ label: 'Photo 10 of 10', main: 'Bali view 8' });
    });

    it('show another member’s new photo at once', async () => {
      const api = mockApi({
        [`GET ${BALI_PHOTOS_URL}`]: { body: { photos: eight } },
        [`GET ${ALBUM_URL}`]: { body: makeAlbum() },
      });
      const { queryClient } = renderPage(<PhotoWidget trip={makeTrip()} expanded={false} />, {
        route: '/dashboard',
        user: makeUser(),
      });
      await findCarousel();
      expect(shown().label).toBe('Photo 1 of 8');
      act(() =>
        applyTripChange(queryClient, 't1', { type: 'item:saved', list: 'photos', item: villa }),
      );
      await waitFor(() =>
        expect(shown()).toMatchObject({ label: 'Photo 1 of 9', main: 'The villa we found' }),
      );
      // No refetch: the change itself had the photo.
      expect(api.actions()).toHaveLength(2);

      // Someone looking at a photo keeps it in view when another is added before it.
      fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
      expect(shown()).toMatchObject({ label: 'Photo 2 of 9', main: 'Bali view 1' });
      act(() =>
        applyTripChange(queryClient, 't1', { type: 'item:saved', list: 'photos', item: ferry }),
      );
      await waitFor(() =>
        expect(shown()).toMatchObject({ label: 'Photo 3 of 10', main: 'Bali view 1' }),
      );
    });

    it('show even when the destination’s photos cannot be had', async () => {
      renderPhotos(
        { status: 502, body: { message: 'The photo service is down' } },
        { album: { body: makeAlbum([villa]) } },
      );
      const carousel = await findCarousel();
      expect(within(carousel).getByText('Photo 1 of 1')).toBeVisible();
      expect(screen.queryByText('No photos available')).toBeNull();
      expect(screen.getByText('Added by Bea · Nov 3')).toBeVisible();
    });

    it('leave the destination’s photos as they were when the album cannot be loaded', async () => {
      renderPhotos(
        { body: { photos: eight } },
        { album: { status: 500, body: { message: 'Down' } } },
      );
      await findCarousel();
      expect(shown()).toMatchObject({ label: 'Photo 1 of 8', main: 'Bali view 1' });
    });

    it('can be added from the unavailable state', async () => {
      renderPhotos({ body: { photos: [] } });
      await findUnavailable();
      expect(screen.getByRole('button', { name: 'Add photos' })).toBeVisible();
      expect(screen.getByLabelText('Choose photos to add').getAttribute('accept')).toBe(
        'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif',
      );
    });
  });

  describe('expanded', () => {
    const photos = [
      makeTripPhoto('g1', { caption: 'Sunset', width: 3000, height: 4000 }),
      makeTripPhoto('g2'),
      makeTripPhoto('g3', { addedBy: { id: 'u1', name: 'Ana' } }),
    ];

    it('shows the whole album as a grid, and the destination’s photos below', async () => {
      renderPhotos(
        { body: { photos: eight } },
        { expanded: true, album: { body: makeAlbum(photos) } },
      );
      const grid = await screen.findByRole('list', { name: 'Group photos' });
      const buttons = within(grid).getAllByRole('button');
      expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
        'Open “Sunset”, added by Bea on Nov 3',
        'Open photo added by Bea on Nov 3',
        'Open photo added by Ana on Nov 3',
      ]);
      const first = within(buttons[0]!).getByRole('presentation', { hidden: true });
      expect(first.getAttribute('src')).toBe(photos[0]!.src.thumbnail);
      expect(first.getAttribute('loading')).toBe('lazy');
      // The thumbnail's own size (480 px on its longest side), so nothing jumps as it loads.
      expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['360', '480']);
      expect(screen.getByText('3 photos · 6 MB of 2 GB used')).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Destination photos' })).toBeVisible();
      await findCarousel();
      expect(shown()).toMatchObject({ label: 'Photo 1 of 8', main: 'Bali view 1' });
    });

    it('invites the first photo into an empty album', async () => {
      renderPhotos({ body: { photos: eight } }, { expanded: true });
      expect(await screen.findByText('No group photos yet')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Add photos' })).toBeVisible();
      expect(screen.queryByRole('list', { name: 'Group photos' })).toBeNull();
      expect(screen.getByRole('switch', { name: 'Keep the original files' })).toBeVisible();
    });

    it('says when the album cannot be loaded, and tries again', async () => {
      const { api, user } = renderPhotos(
        { body: { photos: eight } },
        { expanded: true, album: { status: 500, body: { message: 'The album is resting.' } } },
      );
      expect(await screen.findByText('Could not load the album')).toBeVisible();
      expect(screen.getByText('The album is resting.')).toBeVisible();
      api.on(`GET ${ALBUM_URL}`, { body: makeAlbum(photos) });
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('list', { name: 'Group photos' })).toBeVisible();
    });
  });
});
