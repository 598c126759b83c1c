import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoWidget } from '@/features/media/PhotoWidget';
import { makeTrip } from '@/features/trips/tripFixtures';
import { makeUser, mockApi } from '@/test/api';
import { renderPage } from '@/test/render';
import { CLIENT_ID_HEADER } from '../../../shared/clientId';
import type { Album } from '../../../shared/contracts/photos';
import { ALBUM_URL, makeAlbum, makeTripPhoto } from './photoTestData';

/** XMLHttpRequest as the upload uses it, answered by the test. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ loaded }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
  async cutOff() {
    await act(async () => this.onerror?.());
  }
}

const sentTo = (name: string) => FakeXhr.sent.find((xhr) => xhr.url.includes(`name=${name}`));

const BALI_PHOTOS_URL = '/api/pexels/photos?query=Bali%2C+Indonesia&perPage=8&page=1';

function photoFile(name: string, bytes: number, type = 'image/jpeg') {
  return new File([new Uint8Array(bytes)], name, { type });
}

function renderWidget(album: Album = makeAlbum(), expanded = false) {
  mockApi({
    [`GET ${BALI_PHOTOS_URL}`]: { body: { photos: [] } },
    [`GET ${ALBUM_URL}`]: { body: album },
  });
  renderPage(<PhotoWidget trip={makeTrip()} expanded={expanded} />, {
    route: '/dashboard',
    user: makeUser(),
  });
  // Files of any type can be chosen, as the browser's "All files" choice allows.
  return userEvent.setup({ applyAccept: false });
}

/** An album whose photos can be at most 1 KB, so the tests' files can be too large. */
const smallAlbum = () => {
  const album = makeAlbum();
  return { ...album, limits: { ...album.limits, fileBytes: 1024 } };
};

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 26, 12, 0));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adding photos', () => {
  it('sends each chosen file as it is, two at once, with its progress, and shows the new photo', async () => {
    const user = renderWidget(smallAlbum());
    await screen.findByText('No photos available');
    const villa = photoFile('villa.jpg', 400);
    const files = [villa, photoFile('ferry.png', 600, 'image/png'), photoFile('beach.webp', 100)];
    await user.upload(screen.getByLabelText('Choose photos to add'), files);

    // Each with the photo's id, chosen here: sent again, it is added once (issue #37).
    const id = '&id=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
    expect(FakeXhr.sent.map((xhr) => [xhr.method, xhr.url])).toEqual([
      [
        'POST',
        expect.stringMatching(`^/api/trips/t1/photos\\?name=villa.jpg&keepOriginal=false${id}`),
      ],
      [
        'POST',
        expect.stringMatching(`^/api/trips/t1/photos\\?name=ferry.png&keepOriginal=false${id}`),
      ],
    ]);
    expect(
      new Set(FakeXhr.sent.map((xhr) => new URL(xhr.url, 'http://x').searchParams.get('id'))).size,
    ).toBe(2);
    const request = FakeXhr.sent[0]!;
    expect(request.body).toBe(villa);
    expect(request.headers['content-type']).toBe('image/jpeg');
    expect(request.headers[CLIENT_ID_HEADER]).toMatch(/^[0-9a-f]{24}$/);

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    const progress = within(uploads).getByRole('progressbar', { name: 'villa.jpg' });
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    expect(within(uploads).getByRole('progressbar', { name: 'beach.webp' }).textContent).toBe('');
    expect(within(uploads).getByText('Waiting')).toBeVisible();
    request.progress(100);
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(within(uploads).getByText('25%')).toBeVisible();
    expect(
      within(uploads).getByRole('button', { name: 'Cancel uploading villa.jpg' }),
    ).toBeVisible();
    request.progress(400);
    expect(within(uploads).getByText('Processing…')).toBeVisible();
    // Sent whole, the photo is the server's to keep: nothing to cancel any more.
    expect(
      within(uploads).queryByRole('button', { name: 'Cancel uploading villa.jpg' }),
    ).toBeNull();

    await request.respond(
      201,
      makeTripPhoto('new', {
        addedBy: { id: 'u1', name: 'Ana' },
        addedAt: new Date().toISOString(),
      }),
    );
    // Finished: off the list, first in the carousel; the third file goes.
    expect(within(uploads).queryByRole('progressbar', { name: 'villa.jpg' })).toBeNull();
    const carousel = screen.getByRole('region', { name: 'Photos of Bali, Indonesia' });
    expect(within(carousel).getByText('Photo 1 of 1')).toBeVisible();
    expect(screen.getByText('Added by Ana · Nov 26')).toBeVisible();
    expect(sentTo('beach.webp')).toBeTruthy();
  });

  it('names the file and the limit of one too large or not a photo, without sending it', async () => {
    const user = renderWidget(smallAlbum());
    await screen.findByText('No photos available');
    await user.upload(screen.getByLabelText('Choose photos to add'), [
      photoFile('panorama.jpg', 2048),
      photoFile('tickets.pdf', 100, 'application/pdf'),
    ]);
    expect(FakeXhr.sent).toEqual([]);
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      '“panorama.jpg” is too large: a photo can be up to 1 KB.',
      '“tickets.pdf” is not a photo Tripmates can use. Choose a JPEG, PNG, WebP or AVIF picture.',
    ]);

    await user.click(screen.getByRole('button', { name: 'Dismiss panorama.jpg' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss tickets.pdf' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
  });

  it('shows the server’s message when it refuses a file', async () => {
    const user = renderWidget();
    await screen.findByText('No photos available');
    await user.upload(
      screen.getByLabelText('Choose photos to add'),
      photoFile('IMG_2041.heic', 500, 'image/heic'),
    );
    const message = '“IMG_2041.heic” is a HEIC photo, which Tripmates cannot read yet.';
    await FakeXhr.sent[0]!.respond(422, { code: 'unreadable_image', message });
    expect(screen.getByRole('alert').textContent).toBe(message);
    // Sending the same bytes again would meet the same answer.
    expect(screen.queryByRole('button', { name: 'Try IMG_2041.heic again' })).toBeNull();
  });

  it('sends a file again after a lost connection', async () => {
    const user = renderWidget();
    await screen.findByText('No photos available');
    await user.upload(screen.getByLabelText('Choose photos to add'), photoFile('a.jpg', 500));
    await FakeXhr.sent[0]!.cutOff();
    expect(screen.getByRole('alert').textContent).toBe(
      '“a.jpg” did not finish uploading. Check your connection and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try a.jpg again' }));
    expect(FakeXhr.sent).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'a.jpg' })).toBeVisible();
  });

  it('cancels an upload on its way', async () => {
    const user = renderWidget();
    await screen.findByText('No photos available');
    await user.upload(screen.getByLabelText('Choose photos to add'), photoFile('a.jpg', 500));
    await user.click(screen.getByRole('button', { name: 'Cancel uploading a.jpg' }));
    expect(FakeXhr.sent[0]?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes files dropped on the widget, saying where to drop them meanwhile', async () => {
    renderWidget();
    await screen.findByText('No photos available');
    const zone = screen.getByTestId('photo-drop-zone');
    const file = photoFile('dropped.jpg', 300);
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragEnter(zone, { dataTransfer });
    expect(screen.getByText('Drop photos to add them')).toBeVisible();
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
    expect(screen.queryByText('Drop photos to add them')).toBeNull();
    expect(FakeXhr.sent.map((xhr) => xhr.body)).toEqual([file]);

    // Text dragged over the widget is none of its business.
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(screen.queryByText('Drop photos to add them')).toBeNull();
  });

  it('keeps the originals when asked to in the album', async () => {
    const user = renderWidget(makeAlbum(), true);
    await screen.findByText('No group photos yet');
    await user.click(screen.getByRole('switch', { name: 'Keep the original files' }));
    await user.upload(screen.getByLabelText('Choose photos to add'), photoFile('gps.jpg', 500));
    expect(FakeXhr.sent[0]?.url).toMatch(
      /^\/api\/trips\/t1\/photos\?name=gps.jpg&keepOriginal=true&id=/,
    );
  });

  it('offers the camera on a touch screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const user = renderWidget();
    await screen.findByText('No photos available');
    const camera = screen.getByLabelText('Take a photo to add');
    expect(camera.getAttribute('capture')).toBe('environment');
    await user.upload(camera, photoFile('snap.jpg', 500));
    expect(FakeXhr.sent.map((xhr) => xhr.body)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeVisible();
  });
});
