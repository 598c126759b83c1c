import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/utils';
import { APP_NAME } from '../../../shared/constants';
import type { Photo } from '../../../shared/contracts/media';
import { dotWindow, thumbnailWindow, wrapIndex } from './carouselWindow';

/** Drawn for Tripmates (app/public/media/), shown wherever a photo's image is missing or broken. */
export const PHOTO_FALLBACK_SRC = '/media/photo-fallback.svg';

// A finger has to travel this far sideways for a swipe; less is a tap.
const SWIPE_THRESHOLD_PX = 40;

type Props = {
  photos: Photo[];
  /** What the photos show (the destination), for their names. */
  place: string;
  expanded: boolean;
};

/**
 * spec §2/§9 Photo carousel: the main photo with its credit, 5 dots and the next 4 as thumbnails;
 * previous and next wrap round both ways. Also a swipe on the photo, and ←/→ while the carousel
 * has focus. The carousel is a region ("carousel") whose "Photo 3 of 8" is read out as it changes.
 */
export function PhotoCarousel({ photos, place, expanded }: Props) {
  const [chosen, setChosen] = useState(0);
  const count = photos.length;
  // A shorter list (a new search) keeps a valid photo.
  const current = wrapIndex(chosen, count);
  const photo = photos[current];
  const images = useBrokenImages();
  const swipe = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  const show = (index: number) => setChosen(wrapIndex(index, count));
  const previous = () => show(current - 1);
  const next = () => show(current + 1);

  if (!photo) return null;
  const several = count > 1;
  const nameOf = (index: number) => photos[index]?.alt.trim() || `A photo of ${place}`;

  function onKeyDown(event: KeyboardEvent) {
    if (!several || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') previous();
    else next();
  }

  function onPointerDown(event: PointerEvent) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipe.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event: PointerEvent) {
    const start = swipe.current;
    if (!start || start.pointerId !== event.pointerId) return;
    swipe.current = null;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // Mostly sideways and far enough; a finger's way down the page is the page's scroll.
    if (!several || Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    // The photo follows the finger: a swipe to the left brings the next one in from the right.
    if (dx < 0) next();
    else previous();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${place}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region takes ←/→ while focused (WAI-ARIA carousel pattern)
      tabIndex={0}
      onKeyDown={onKeyDown}
      className={cn(
        'flex flex-col gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card',
        expanded && 'min-h-0 flex-1 gap-3',
      )}
    >
      <div
        data-testid="carousel-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
        // Vertical pans stay the page's scroll; sideways moves are ours.
        className={cn(
          'relative touch-pan-y overflow-hidden rounded-lg bg-muted select-none',
          expanded ? 'min-h-48 flex-1' : 'aspect-[4/3]',
        )}
      >
        <img
          src={images.srcFor(photo.src.medium)}
          alt={nameOf(current)}
          draggable={false}
          onError={() => images.markBroken(photo.src.medium)}
          className="absolute inset-0 size-full object-cover"
        />
        <p
          aria-live="polite"
          aria-atomic="true"
          className="absolute top-2 right-2 rounded-full bg-black/55 px-2 py-0.5 text-xs font-medium text-white tabular-nums"
        >
          Photo {current + 1} of {count}
        </p>
        {several && (
          <>
            <StageButton label="Previous photo" side="left" onClick={previous}>
              <ChevronLeft aria-hidden className="size-5" />
            </StageButton>
            <StageButton label="Next photo" side="right" onClick={next}>
              <ChevronRight aria-hidden className="size-5" />
            </StageButton>
          </>
        )}
      </div>
      <PhotoCredit photo={photo} />
      {several && (
        <>
          <ul aria-label="Choose a photo" className="flex justify-center gap-1.5">
            {dotWindow(current, count).map((index) => (
              <li key={photos[index]?.id ?? index}>
                <button
                  type="button"
                  aria-label={`Go to photo ${index + 1}`}
                  aria-current={index === current || undefined}
                  onClick={() => show(index)}
                  // A 24 px target around a small dot.
                  className="group grid size-6 place-items-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span
                    className={cn(
                      'block h-2 w-2 rounded-full bg-muted-foreground/40 transition-all group-hover:bg-muted-foreground/70',
                      index === current && 'w-4 bg-primary group-hover:bg-primary',
                    )}
                  />
                </button>
              </li>
            ))}
          </ul>
          <ul
            aria-label="Next photos"
            className={cn(
              'grid grid-cols-4 gap-2',
              expanded && 'mx-auto w-full max-w-xl shrink-0 gap-3',
            )}
          >
            {thumbnailWindow(current, count).map((index) => {
              const thumbnail = photos[index]?.src.thumbnail || photos[index]?.src.medium;
              return (
                <li key={photos[index]?.id ?? index}>
                  <button
                    type="button"
                    aria-label={`Show photo ${index + 1}: ${nameOf(index)}`}
                    onClick={() => show(index)}
                    className="block aspect-[4/3] w-full overflow-hidden rounded-md bg-muted opacity-80 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <img
                      src={images.srcFor(thumbnail)}
                      alt=""
                      draggable={false}
                      loading="lazy"
                      onError={() => images.markBroken(thumbnail)}
                      className="size-full object-cover"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

function StageButton({
  label,
  side,
  onClick,
  children,
}: {
  label: string;
  side: 'left' | 'right';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-black/45 text-white shadow-md backdrop-blur-sm transition-colors outline-none hover:bg-black/65 focus-visible:ring-2 focus-visible:ring-white',
        side === 'left' ? 'left-2' : 'right-2',
      )}
    >
      {children}
    </button>
  );
}

/**
 * Who made the photo. Pexels asks for the photographer's name and a link to Pexels wherever one
 * of its photos is shown; the images bundled with Tripmates are our own illustrations.
 */
export function PhotoCredit({ photo }: { photo: Photo }) {
  if (photo.source === 'bundled') {
    return (
      <p className="truncate text-xs text-muted-foreground">
        Illustration: {photo.photographer.trim() || APP_NAME}
      </p>
    );
  }
  const profile = webAddress(photo.photographerUrl);
  return (
    <p className="truncate text-xs text-muted-foreground">
      Photo by{' '}
      {profile ? (
        <a href={profile} target="_blank" rel="noopener noreferrer" className={CREDIT_LINK}>
          {photo.photographer}
        </a>
      ) : (
        photo.photographer
      )}{' '}
      on{' '}
      <a
        href="https://www.pexels.com"
        target="_blank"
        rel="noopener noreferrer"
        className={CREDIT_LINK}
      >
        Pexels
      </a>
    </p>
  );
}

const CREDIT_LINK =
  'font-medium text-foreground/80 underline-offset-2 hover:underline focus-visible:underline outline-none';

/** Only http(s) addresses become links: a credit is no place for a `javascript:` URL. */
function webAddress(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Images that failed to load, remembered for the carousel's life: the fallback takes their place
 * at once when they come round again, without asking for them anew.
 */
function useBrokenImages() {
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const srcFor = useCallback(
    (src: string | undefined) => (src?.trim() && !broken.has(src) ? src : PHOTO_FALLBACK_SRC),
    [broken],
  );
  const markBroken = useCallback((src: string | undefined) => {
    // The fallback itself is never marked, so a missing fallback cannot loop.
    if (!src?.trim()) return;
    setBroken((known) => (known.has(src) ? known : new Set(known).add(src)));
  }, []);
  return { srcFor, markBroken };
}
