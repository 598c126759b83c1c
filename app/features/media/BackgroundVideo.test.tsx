import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { makeTrip } from '@/features/trips/tripFixtures';
import { deferred, mockApi, type Reply, type Route } from '@/test/api';
import { renderPage } from '@/test/render';
import type { Video } from '../../../shared/contracts/media';
import type { Trip } from '../../../shared/contracts/trips';
import { BACKGROUND_FADE_MS, BackgroundVideo } from './BackgroundVideo';
import { ChangeBackgroundButton } from './ChangeBackgroundButton';
import { useBackgroundVideos } from './useBackgroundVideos';

// spec §7: 3 videos of the destination; fewer than 3 → the 5 popular ones.
const BALI_VIDEOS_URL = '/api/pexels/videos?query=Bali%2C+Indonesia&perPage=3&page=1';
const POPULAR_URL = '/api/pexels/videos/popular?perPage=5&page=1';

function makeVideo(id: string): Video {
  return {
    id,
    image: `https://images.pexels.com/videos/${id}/poster.jpeg`,
    video_files: [
      { quality: 'hd', file_type: 'video/mp4', link: `https://videos.pexels.com/${id}-hd.mp4` },
      { quality: 'sd', file_type: 'video/mp4', link: `https://videos.pexels.com/${id}-sd.mp4` },
    ],
  };
}

const [rice, temple, beach, market, volcano] = ['rice', 'temple', 'beach', 'market', 'volcano'].map(
  makeVideo,
) as [Video, Video, Video, Video, Video];

/** The dashboard's part in it: the videos, the active index and the Change Background button. */
function Dashboard({ trip }: { trip: Trip | null }) {
  const background = useBackgroundVideos(trip);
  const [activeVideo, setActiveVideo] = useState(0);
  return (
    <>
      <BackgroundVideo videos={background.videos} activeIndex={activeVideo} />
      <ChangeBackgroundButton
        videoCount={background.videos.length}
        onClick={() => setActiveVideo((index) => (index + 1) % background.videos.length)}
      />
    </>
  );
}

let play: MockInstance<() => Promise<void>>;

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderBackground(
  own: Route,
  { popular, trip = makeTrip() }: { popular?: Route; trip?: Trip | null } = {},
) {
  const api = mockApi({
    [`GET ${BALI_VIDEOS_URL}`]: own,
    ...(popular ? { [`GET ${POPULAR_URL}`]: popular } : {}),
  });
  const { queryClient } = renderPage(<Dashboard trip={trip} />, { route: '/dashboard' });
  return { api, queryClient };
}

const background = () => screen.getByTestId('board-background');

/** The video layers, bottom first: which video, whether it is fading out, its opacity. */
function layers() {
  return [...background().querySelectorAll<HTMLElement>('[data-background-video]')]
    .sort((a, b) => Number(a.style.zIndex) - Number(b.style.zIndex))
    .map((layer) => ({
      video: layer.dataset.backgroundVideo,
      leaving: layer.dataset.leaving === 'true',
      opacity: layer.style.opacity,
    }));
}

const layerOf = (id: string) =>
  background().querySelector<HTMLElement>(`[data-background-video="${id}"]`);

/** The poster is in: the layer shows. */
function posterLoaded(id: string) {
  const poster = layerOf(id)?.querySelector('img');
  if (!poster) throw new Error(`no poster for ${id}`);
  fireEvent.load(poster);
}

const changeBackground = () => screen.getByRole('button', { name: 'Change Background' });

describe('the dashboard background', () => {
  it('plays the first of 3 destination videos: the sd MP4, muted, looping, with its poster', async () => {
    const { api } = renderBackground({ body: { videos: [rice, temple, beach] } });
    await waitFor(() => expect(layers().map((layer) => layer.video)).toEqual(['rice']));
    const video = background().querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://videos.pexels.com/rice-sd.mp4');
    expect(video.getAttribute('poster')).toBe(rice.image);
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    // 3 came back: no need for the popular ones.
    expect(api.actions().map((call) => call.url)).toEqual([BALI_VIDEOS_URL]);
  });

  it('is decorative: hidden from assistive technology and the pointer, dimmed for the widgets', async () => {
    renderBackground({ body: { videos: [rice, temple, beach] } });
    await waitFor(() => expect(layers()).toHaveLength(1));
    expect(background().getAttribute('aria-hidden')).toBe('true');
    // Inert: clicks go through it to the board, and nothing in it takes focus.
    expect(background()).toHaveAttribute('inert');
    expect(within(background()).getByTestId('board-background-scrim')).toBeInTheDocument();
  });

  it('fades a video in once its poster or first frame is there', async () => {
    renderBackground({ body: { videos: [rice, temple, beach] } });
    await waitFor(() => expect(layers()).toHaveLength(1));
    expect(layers()[0]?.opacity).toBe('0');
    fireEvent.loadedData(background().querySelector('video')!);
    expect(layers()[0]?.opacity).toBe('1');
    expect(layerOf('rice')?.style.transitionDuration).toBe('1000ms');
  });

  it('is the dark gradient while loading, and when there are no videos at all', async () => {
    const own = deferred<Reply>();
    const { api } = renderBackground(() => own.promise, { popular: { body: { videos: [] } } });
    expect(layers()).toEqual([]);
    // The gradient is the background's own: nothing is drawn over it.
    expect(background()).toBeEmptyDOMElement();

    own.resolve({ body: { videos: [] } });
    await waitFor(() => expect(api.callsTo(`GET ${POPULAR_URL}`)).toHaveLength(1));
    await waitFor(() => expect(layers()).toEqual([]));
    expect(background()).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Change Background' })).toBeNull();
  });

  it('adds the popular videos after the destination’s own when fewer than 3 come back', async () => {
    const { api } = renderBackground(
      { body: { videos: [temple] } },
      { popular: { body: { videos: [rice, temple, beach, market, volcano] } } },
    );
    await waitFor(() => expect(changeBackground()).toBeTruthy());
    expect(api.actions().map((call) => call.url)).toEqual([BALI_VIDEOS_URL, POPULAR_URL]);

    // Temple (the destination's), then the popular ones it did not have, then round again.
    const seen = [layers().at(0)?.video];
    for (let step = 0; step < 5; step += 1) {
      fireEvent.click(changeBackground());
      seen.push(layers().find((layer) => !layer.leaving)?.video);
    }
    expect(seen).toEqual(['temple', 'rice', 'beach', 'market', 'volcano', 'temple']);
  });

  it('still uses the popular videos when the destination search fails', async () => {
    renderBackground(
      { status: 502, body: { message: 'The video service is down' } },
      { popular: { body: { videos: [market, volcano] } } },
    );
    await waitFor(() => expect(layers().map((layer) => layer.video)).toEqual(['market']));
    expect(changeBackground()).toBeTruthy();
  });

  it('stays the gradient, without a word, when both requests fail', async () => {
    const errors = vi.spyOn(console, 'error');
    const { api, queryClient } = renderBackground(
      { status: 502, body: { message: 'The video service is down' } },
      { popular: { status: 502, body: { message: 'The video service is down' } } },
    );
    // Both failures are in: what the board shows now is what it keeps.
    await waitFor(() => expect(queryClient.getQueryState([POPULAR_URL])?.status).toBe('error'));
    expect(api.callsTo(`GET ${POPULAR_URL}`)).toHaveLength(1);
    expect(layers()).toEqual([]);
    expect(document.body.textContent).toBe('');
    expect(errors).not.toHaveBeenCalled();
  });

  it('leaves out videos without a file to play', async () => {
    renderBackground(
      { body: { videos: [{ ...rice, video_files: [] }, temple, beach] } },
      { popular: { body: { videos: [] } } },
    );
    await waitFor(() => expect(layers().map((layer) => layer.video)).toEqual(['temple']));
  });

  it('asks for nothing without a trip', () => {
    const { api } = renderBackground({ body: { videos: [rice] } }, { trip: null });
    expect(api.actions()).toEqual([]);
    expect(layers()).toEqual([]);
  });

  it('asks by the trip’s name when it has no destination', async () => {
    const { api } = renderBackground(
      { body: { videos: [] } },
      { trip: makeTrip({ destination: null }), popular: { body: { videos: [] } } },
    );
    await waitFor(() =>
      expect(api.actions().at(0)?.url).toBe('/api/pexels/videos?query=Bali+2023&perPage=3&page=1'),
    );
  });

  describe('Change Background', () => {
    it('is there only with 2 videos or more', async () => {
      renderBackground({ body: { videos: [rice] } }, { popular: { body: { videos: [] } } });
      await waitFor(() => expect(layers()).toHaveLength(1));
      expect(screen.queryByRole('button', { name: 'Change Background' })).toBeNull();
    });

    it('cross-fades over 1000 ms: the outgoing video fades out on top, then goes', async () => {
      renderBackground({ body: { videos: [rice, temple, beach] } });
      await waitFor(() => expect(layers()).toHaveLength(1));
      posterLoaded('rice');
      const riceElement = layerOf('rice');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

      fireEvent.click(changeBackground());
      posterLoaded('temple');
      expect(layers()).toEqual([
        { video: 'temple', leaving: false, opacity: '1' },
        { video: 'rice', leaving: true, opacity: '0' },
      ]);
      // The same element, so its opacity is a transition, not a jump.
      expect(layerOf('rice')).toBe(riceElement);
      expect(riceElement).toHaveStyle({
        transitionProperty: 'opacity',
        transitionDuration: `${BACKGROUND_FADE_MS}ms`,
      });

      act(() => vi.advanceTimersByTime(BACKGROUND_FADE_MS - 1));
      expect(layers().map((layer) => layer.video)).toEqual(['temple', 'rice']);
      act(() => vi.advanceTimersByTime(1));
      expect(layers()).toEqual([{ video: 'temple', leaving: false, opacity: '1' }]);
    });

    it('wraps round to the first video after the last', async () => {
      renderBackground({ body: { videos: [rice, temple, beach] } });
      await waitFor(() => expect(layers()).toHaveLength(1));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      for (const _step of [1, 2, 3]) {
        fireEvent.click(changeBackground());
        act(() => vi.advanceTimersByTime(BACKGROUND_FADE_MS));
      }
      expect(layers().map((layer) => layer.video)).toEqual(['rice']);
    });

    it('keeps every fading video until its own fade is over, when changed quickly', async () => {
      renderBackground({ body: { videos: [rice, temple, beach] } });
      await waitFor(() => expect(layers()).toHaveLength(1));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

      fireEvent.click(changeBackground());
      act(() => vi.advanceTimersByTime(400));
      fireEvent.click(changeBackground());
      // Bottom to top: beach playing, temple fading, rice (the most faded) on top.
      expect(layers().map((layer) => [layer.video, layer.leaving])).toEqual([
        ['beach', false],
        ['temple', true],
        ['rice', true],
      ]);
      act(() => vi.advanceTimersByTime(600));
      expect(layers().map((layer) => layer.video)).toEqual(['beach', 'temple']);
      act(() => vi.advanceTimersByTime(400));
      expect(layers().map((layer) => layer.video)).toEqual(['beach']);
    });
  });

  describe('playback', () => {
    it('only logs a blocked autoplay', async () => {
      const blocked = new DOMException('play() is not allowed', 'NotAllowedError');
      play.mockRejectedValue(blocked);
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      const errors = vi.spyOn(console, 'error');
      renderBackground({ body: { videos: [rice, temple, beach] } });
      await waitFor(() =>
        expect(info).toHaveBeenCalledWith('Background video did not start playing:', blocked),
      );
      expect(errors).not.toHaveBeenCalled();
      expect(layers().map((layer) => layer.video)).toEqual(['rice']);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('copes with a play() that returns nothing, or throws', async () => {
      play.mockReturnValue(undefined as unknown as Promise<void>);
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      renderBackground({ body: { videos: [rice, temple, beach] } });
      await waitFor(() => expect(play).toHaveBeenCalled());
      expect(info).not.toHaveBeenCalled();

      play.mockImplementation(() => {
        throw new Error('not supported');
      });
      fireEvent.click(changeBackground());
      expect(info).toHaveBeenCalledWith(
        'Background video did not start playing:',
        new Error('not supported'),
      );
    });

    it('shows the poster, still, to people who ask for reduced motion', async () => {
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query) =>
          ({
            matches: query === '(prefers-reduced-motion: reduce)',
            media: query,
            addEventListener: () => {},
            removeEventListener: () => {},
          }) as unknown as MediaQueryList,
      );
      renderBackground({ body: { videos: [rice, temple, beach] } });
      await waitFor(() => expect(layers()).toHaveLength(1));
      expect(background().querySelector('video')).toBeNull();
      expect(layerOf('rice')?.querySelector('img')?.getAttribute('src')).toBe(rice.image);
      expect(play).not.toHaveBeenCalled();
    });
  });
});
