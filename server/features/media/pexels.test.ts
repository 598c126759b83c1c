import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../platform/upstream';
import { type FakePexels, startFakePexels } from '../../test/fakes/pexelsUpstream';
import { createPexelsClient, toPhotos, toVideos } from './pexels';

describe('toPhotos', () => {
  const pexelsPhoto = (overrides: Record<string, unknown> = {}) => ({
    id: 2166559,
    width: 4000,
    url: 'https://www.pexels.com/photo/2166559/',
    photographer: 'Ana Lima',
    photographer_url: 'https://www.pexels.com/@ana-lima',
    src: {
      original: 'https://images.pexels.com/photos/2166559/a.jpeg',
      large: 'https://images.pexels.com/photos/2166559/a.jpeg?h=650&w=940',
      medium: 'https://images.pexels.com/photos/2166559/a.jpeg?h=350',
      small: 'https://images.pexels.com/photos/2166559/a.jpeg?h=130',
      tiny: 'https://images.pexels.com/photos/2166559/a.jpeg?h=200&w=280',
    },
    alt: 'Rice terraces in Ubud',
    ...overrides,
  });

  it('takes the large rendition for the carousel and the tiny one for thumbnails, with the credit', () => {
    expect(toPhotos({ page: 1, photos: [pexelsPhoto()] }, 'bali')).toEqual([
      {
        id: '2166559',
        src: {
          medium: 'https://images.pexels.com/photos/2166559/a.jpeg?h=650&w=940',
          thumbnail: 'https://images.pexels.com/photos/2166559/a.jpeg?h=200&w=280',
        },
        alt: 'Rice terraces in Ubud',
        photographer: 'Ana Lima',
        photographerUrl: 'https://www.pexels.com/@ana-lima',
        source: 'pexels',
      },
    ]);
  });

  it('falls back to medium and small, and to a described alt text', () => {
    const [photo] = toPhotos(
      {
        photos: [
          pexelsPhoto({
            src: {
              medium: 'https://images.pexels.com/m.jpeg',
              small: 'https://images.pexels.com/s.jpeg',
            },
            alt: '  ',
            photographer_url: null,
          }),
        ],
      },
      'bali',
    );
    expect(photo).toMatchObject({
      src: {
        medium: 'https://images.pexels.com/m.jpeg',
        thumbnail: 'https://images.pexels.com/s.jpeg',
      },
      alt: 'A photo of bali by Ana Lima',
      photographerUrl: null,
    });
  });

  it('skips photos without a usable image and keeps no link that is not http(s)', () => {
    const photos = toPhotos(
      {
        photos: [
          pexelsPhoto({
            id: 1,
            src: { large: 'javascript:alert(1)', tiny: 'https://x.test/t.jpg' },
          }),
          pexelsPhoto({ id: 2, src: {} }),
          { id: 3 },
          'not a photo',
          pexelsPhoto({
            id: 4,
            src: { large: 'https://x.test/l.jpg', tiny: 'data:image/png;base64,AAAA' },
            photographer_url: 'javascript:void(0)',
          }),
        ],
      },
      'bali',
    );
    expect(photos).toEqual([
      expect.objectContaining({
        id: '4',
        src: { medium: 'https://x.test/l.jpg', thumbnail: 'https://x.test/l.jpg' },
        photographerUrl: null,
      }),
    ]);
  });

  it('refuses an answer without a photo list', () => {
    for (const body of [null, 'text', {}, { photos: 'none' }, [pexelsPhoto()]]) {
      expect(() => toPhotos(body, 'bali')).toThrow(UpstreamError);
    }
  });
});

describe('toVideos', () => {
  const pexelsVideo = (overrides: Record<string, unknown> = {}) => ({
    id: 857195,
    width: 1920,
    duration: 12,
    image: 'https://images.pexels.com/videos/857195/preview.jpg',
    user: { id: 1, name: 'Made Wira' },
    video_files: [
      {
        id: 1,
        quality: 'hd',
        file_type: 'video/mp4',
        width: 1920,
        link: 'https://videos.pexels.com/video-files/857195/hd.mp4',
      },
      {
        id: 2,
        quality: 'sd',
        file_type: 'video/mp4',
        width: 960,
        link: 'https://videos.pexels.com/video-files/857195/sd.mp4',
      },
    ],
    ...overrides,
  });

  it('keeps the id, poster and files in the spec names', () => {
    expect(toVideos({ videos: [pexelsVideo()] })).toEqual([
      {
        id: '857195',
        image: 'https://images.pexels.com/videos/857195/preview.jpg',
        video_files: [
          {
            quality: 'hd',
            file_type: 'video/mp4',
            link: 'https://videos.pexels.com/video-files/857195/hd.mp4',
          },
          {
            quality: 'sd',
            file_type: 'video/mp4',
            link: 'https://videos.pexels.com/video-files/857195/sd.mp4',
          },
        ],
      },
    ]);
  });

  it('drops files that are not http(s) and videos with nothing left to play', () => {
    const videos = toVideos({
      videos: [
        pexelsVideo({
          id: 1,
          image: 'javascript:alert(1)',
          video_files: [
            { quality: null, file_type: 'video/mp4', link: 'https://v.test/1.mp4' },
            { quality: 'sd', file_type: 'video/mp4', link: 'ftp://v.test/1.mp4' },
          ],
        }),
        pexelsVideo({ id: 2, video_files: [{ quality: 'sd', link: 'file:///etc/passwd' }] }),
        pexelsVideo({ id: 3, video_files: 'none' }),
      ],
    });
    expect(videos).toEqual([
      {
        id: '1',
        image: '',
        video_files: [{ quality: '', file_type: 'video/mp4', link: 'https://v.test/1.mp4' }],
      },
    ]);
  });

  it('refuses an answer without a video list', () => {
    for (const body of [null, 42, { videos: {} }, { photos: [] }]) {
      expect(() => toVideos(body)).toThrow(UpstreamError);
    }
  });
});

describe('createPexelsClient against the fake Pexels', () => {
  let pexels: FakePexels;
  beforeAll(async () => {
    pexels = await startFakePexels({ apiKey: 'client-test-key' });
  });
  afterAll(() => pexels.close());

  it('sends the key as the Authorization header and the paging as Pexels names it', async () => {
    const client = createPexelsClient({ apiKey: 'client-test-key', baseUrl: pexels.url });
    const photos = await client.searchPhotos('lisbon', { perPage: 3, page: 2 });
    const videos = await client.searchVideos('lisbon', { perPage: 2, page: 1 });
    const popular = await client.popularVideos({ perPage: 5, page: 1 });

    expect(pexels.calls).toEqual([
      {
        path: '/v1/search',
        query: { query: 'lisbon', per_page: '3', page: '2' },
        authorization: 'client-test-key',
      },
      {
        path: '/videos/search',
        query: { query: 'lisbon', per_page: '2', page: '1' },
        authorization: 'client-test-key',
      },
      {
        path: '/videos/popular',
        query: { per_page: '5', page: '1' },
        authorization: 'client-test-key',
      },
    ]);
    expect(photos.map((p) => p.id)).toEqual(['1003', '1004', '1005']);
    expect(photos[0]!.src.medium).toMatch(/^https:\/\/images\.pexels\.com\/photos\/1003\/.*w=940/);
    expect(photos[0]!.src.thumbnail).toMatch(/h=200&w=280$/);
    expect(videos).toHaveLength(2);
    expect(videos[0]!.video_files.map((f) => f.quality)).toEqual(['hd', 'sd']);
    expect(popular).toHaveLength(5);
  });

  it('fails with the status when the key is wrong, without the key in the error', async () => {
    const client = createPexelsClient({ apiKey: 'wrong-key-123', baseUrl: pexels.url });
    const error = await client.searchPhotos('lisbon', { perPage: 1, page: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ failure: 'status', status: 401 });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('wrong-key-123');
  });
});
