import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import type { Video } from '../../../shared/contracts/media';
import { pickVideoFile } from '../../../shared/pickVideoFile';

// spec §2, §9: a change of background cross-fades over 1000 ms.
export const BACKGROUND_FADE_MS = 1000;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

type Props = {
  videos: Video[];
  /** Which video plays; any number, wrapped onto the list (Change Background just adds one). */
  activeIndex: number;
};

/**
 * spec §2 background video area: behind the board, one of the trip's videos at a time, muted and
 * looping, with its poster until it plays. When `activeIndex` changes, the outgoing video stays
 * on top and fades out over the incoming one. Without videos (none found, still loading, or a
 * failure) it is the dark gradient, which also shows through until a video's first frame or
 * poster is in. For people who ask for reduced motion, the poster stands still instead.
 * Decorative throughout: hidden from assistive technology and from the pointer.
 */
export function BackgroundVideo({ videos, activeIndex }: Props) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const active = videos.length ? videos[wrap(activeIndex, videos.length)]! : null;
  const { current, leaving } = useCrossFade(active);
  const layers = [
    ...(current ? [{ video: current, leaving: false, layer: 0 }] : []),
    ...leaving.map((video, order) => ({ video, leaving: true, layer: leaving.length - order })),
  ];

  return (
    <div
      aria-hidden
      // Out of reach of the pointer and the keyboard; the class does the same for browsers
      // without `inert` (Firefox before 112).
      inert
      data-testid="board-background"
      // `isolate`: the layers' z-indexes order them among themselves, never above the board.
      className="pointer-events-none absolute inset-0 isolate overflow-hidden bg-[radial-gradient(ellipse_at_top_left,#1e3a5f_0%,transparent_55%),radial-gradient(ellipse_at_bottom_right,#3b1d4a_0%,transparent_50%),linear-gradient(160deg,#0b1220_0%,#111827_55%,#0f172a_100%)]"
    >
      {/*
        One list, so a video keeps its element (and its place in the film) as it goes from
        current to leaving. The current one is at the bottom; above it the leaving ones, the
        earliest to leave (the most faded) on top, so every step of the way is smooth.
      */}
      {layers.map(({ video, leaving: isLeaving, layer }) => (
        <VideoLayer
          key={video.id}
          video={video}
          still={reducedMotion}
          leaving={isLeaving}
          layer={layer}
        />
      ))}
      {layers.length > 0 && (
        // Keeps the widgets and the top bar readable over the brightest frame.
        <div
          data-testid="board-background-scrim"
          className="absolute inset-0 bg-black/35"
          style={{ zIndex: leaving.length + 1 }}
        />
      )}
    </div>
  );
}

function VideoLayer({
  video,
  still,
  leaving,
  layer,
}: {
  video: Video;
  /** Reduced motion: the poster only. */
  still: boolean;
  leaving: boolean;
  layer: number;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  // Shown once there is something to show (the poster or a frame); until then, and if neither
  // ever loads, the gradient beneath.
  const [ready, setReady] = useState(false);
  const src = pickVideoFile(video)?.link;

  useEffect(() => {
    const element = ref.current;
    if (still || !src || !element) return;
    playQuietly(element);
  }, [still, src]);

  return (
    <div
      data-background-video={video.id}
      data-leaving={leaving || undefined}
      className="absolute inset-0 ease-in-out"
      style={{
        zIndex: layer,
        opacity: ready && !leaving ? 1 : 0,
        // The cross-fade of spec §2, whole here rather than half in a class.
        transitionProperty: 'opacity',
        transitionDuration: `${BACKGROUND_FADE_MS}ms`,
      }}
    >
      <img
        src={video.image}
        alt=""
        onLoad={() => setReady(true)}
        className="absolute inset-0 size-full object-cover"
      />
      {!still && src && (
        <video
          ref={ref}
          src={src}
          poster={video.image}
          muted
          loop
          playsInline
          autoPlay
          preload="auto"
          onLoadedData={() => setReady(true)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </div>
  );
}

/**
 * Starts a video without a word to the person: a browser that blocks autoplay (a power saver,
 * say) rejects play(), and the poster stands in. Logged for developers only (spec §8).
 */
function playQuietly(element: HTMLVideoElement) {
  const log = (error: unknown) => console.info('Background video did not start playing:', error);
  try {
    // Older engines (and test DOMs) may lack play() or return nothing from it.
    const started = element.play?.() as Promise<void> | undefined;
    if (typeof started?.catch === 'function') started.catch(log);
  } catch (error) {
    log(error);
  }
}

/**
 * The video shown and those fading out. A change of `active` is taken in the same render (no
 * frame without the outgoing video), and each outgoing one is dropped once its fade is over.
 */
function useCrossFade(active: Video | null) {
  const [current, setCurrent] = useState(active);
  const [leaving, setLeaving] = useState<Video[]>([]);
  if ((active?.id ?? null) !== (current?.id ?? null)) {
    // Adjusting state to a new prop while rendering (React re-renders at once, before painting).
    setCurrent(active);
    setLeaving((list) => [
      ...list.filter((video) => video.id !== active?.id && video.id !== current?.id),
      ...(current ? [current] : []),
    ]);
  }

  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const fading = new Set(leaving.map((video) => video.id));
    // One that came back (chosen again mid-fade) is current again: its timer goes.
    for (const [id, timer] of timers.current) {
      if (fading.has(id)) continue;
      clearTimeout(timer);
      timers.current.delete(id);
    }
    for (const id of fading) {
      if (timers.current.has(id)) continue;
      const timer = setTimeout(() => {
        timers.current.delete(id);
        setLeaving((list) => list.filter((video) => video.id !== id));
      }, BACKGROUND_FADE_MS);
      timers.current.set(id, timer);
    }
  }, [leaving]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { current, leaving };
}

function wrap(index: number, count: number) {
  return ((index % count) + count) % count;
}
