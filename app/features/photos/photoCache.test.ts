import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTripChange } from '@/features/live/liveHandlers';
import { tripKeys } from '@/features/trips/tripKeys';
import type { Album } from '../../../shared/contracts/photos';
import { photoKeys, replacePhotoInCache, savePhotoInCache } from './photoCache';
import { makeAlbum, makeTripPhoto } from './photoTestData';

const TRIP = 't1';
const MB = 1024 * 1024;

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
});

const album = () => queryClient.getQueryData<Album>(photoKeys.album(TRIP));
const ids = () => album()?.photos.map((photo) => photo.id);

describe('live photo changes', () => {
  it('leaves an album that was never loaded alone (it loads whole when it is shown)', () => {
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'photos',
      item: makeTripPhoto('a'),
    });
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'photos', id: 'a' });
    expect(album()).toBeUndefined();
  });

  it('puts another member’s new photo first (newest first), and counts its room', () => {
    queryClient.setQueryData(photoKeys.album(TRIP), makeAlbum([makeTripPhoto('old')]));
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'photos',
      item: makeTripPhoto('new', { bytes: 3 * MB }),
    });
    expect(ids()).toEqual(['new', 'old']);
    expect(album()?.limits.usedBytes).toBe(5 * MB);
  });

  it('changes a caption in place, once, whoever saved it', () => {
    queryClient.setQueryData(
      photoKeys.album(TRIP),
      makeAlbum([makeTripPhoto('a'), makeTripPhoto('b')]),
    );
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'photos',
      item: makeTripPhoto('b', { caption: 'The ferry timetable' }),
    });
    expect(album()?.photos.map((photo) => [photo.id, photo.caption])).toEqual([
      ['a', null],
      ['b', 'The ferry timetable'],
    ]);
    expect(album()?.limits.usedBytes).toBe(4 * MB);
  });

  it('takes a deleted photo out and gives its room back; an unknown one changes nothing', () => {
    queryClient.setQueryData(
      photoKeys.album(TRIP),
      makeAlbum([makeTripPhoto('a'), makeTripPhoto('b')]),
    );
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'photos', id: 'a' });
    expect(ids()).toEqual(['b']);
    expect(album()?.limits.usedBytes).toBe(2 * MB);
    const before = album();
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'photos', id: 'gone' });
    expect(album()).toBe(before);
  });

  it('drops the album with the trip when the trip is deleted', () => {
    queryClient.setQueryData(tripKeys.all, []);
    queryClient.setQueryData(photoKeys.album(TRIP), makeAlbum([makeTripPhoto('a')]));
    applyTripChange(queryClient, TRIP, { type: 'trip:deleted' });
    expect(album()).toBeUndefined();
  });
});

describe('my own changes', () => {
  it('keeps an uploaded photo once when a refetch already brought it', () => {
    const photo = makeTripPhoto('a');
    queryClient.setQueryData(photoKeys.album(TRIP), makeAlbum([photo]));
    savePhotoInCache(queryClient, TRIP, photo);
    expect(ids()).toEqual(['a']);
    expect(album()?.limits.usedBytes).toBe(2 * MB);
  });

  it('does not bring back a photo another member deleted while my caption was on its way', () => {
    queryClient.setQueryData(photoKeys.album(TRIP), makeAlbum([makeTripPhoto('b')]));
    replacePhotoInCache(queryClient, TRIP, makeTripPhoto('a', { caption: 'Late' }));
    expect(ids()).toEqual(['b']);
  });

  it('does not bring back a deleted photo when a caption change saved before it arrives late', () => {
    queryClient.setQueryData(photoKeys.album(TRIP), makeAlbum([makeTripPhoto('a')]));
    applyTripChange(queryClient, TRIP, { type: 'item:removed', list: 'photos', id: 'a' });
    applyTripChange(queryClient, TRIP, {
      type: 'item:saved',
      list: 'photos',
      item: makeTripPhoto('a', { caption: 'Late' }),
    });
    expect(ids()).toEqual([]);
  });
});
