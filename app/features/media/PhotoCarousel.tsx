import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useCallback, useState } from 'react';
import { cn } from '@/lib/utils';
import { APP_NAME } from '../../../shared/constants';
import type { DestinationPhoto } from '../../../shared/contracts/media';
import { dotWindow, thumbnailWindow, wrapIndex } from './carouselWindow';
import { useSwipe } from './useSwipe';

/** Drawn for Tripmates (app/public/media/), shown wherever a photo's image is missing or broken. */
export const PHOTO_FALLBACK_SRC = '/media/photo-fallback.svg';

/** One photo of the carousel: one of the group's own, or one of the destination. */
export type CarouselSlide = {
  key: string;
  src: { medium: string; thumbnail: string };
  /** What it shows, for people who cannot see it. */
  name: string;
  /** Written over the foot of the photo (a group photo's caption). */
  caption?: string | null;
  /** Under the photo: who took it or added it. */
  credit: ReactNode;
};

type Props = {
  slides: CarouselSlide[];
  /** What the photos show (the destination), for the carousel's name. */
  place: string;
  /** Controls over the photo's top left corner (Add photos). */
  stageActions?: ReactNode;
};

/**
 * spec §2/§9 Photo carousel: the main photo with its credit, 5 dots and the next 4 as thumbnails;
 * previous and next wrap round both ways. Also a swipe on the photo, and ←/→ while the carousel
 * has focus. The carousel is a region ("carousel") whose "Photo 3 of 8" is read out as it changes.
 */
export function PhotoCarousel({ slides, place, stageActions }: Props) {
  // The photo on show is remembered by its key: a photo a member adds meanwhile (the album comes
  // first, newest first) does not swap it for another. Gone (deleted, a new search), its place
  // in the list still holds a photo.
  const [chosen, setChosen] = useState<{ key: string | null; index: number }>({
    key: null,
    index: 0,
  });
  const count = slides.length;
  const kept = chosen.key === null ? -1 : slides.findIndex((item) => item.key === chosen.key);
  const current = kept === -1 ? wrapIndex(chosen.index, count) : kept;
  const slide = slides[current];
  const images = useBrokenImages();
  const several = count > 1;

  const show = (index: number) => {
    const wrapped = wrapIndex(index, count);
    setChosen({ key: slides[wrapped]?.key ?? null, index: wrapped });
  };
  const previous = () => show(current - 1);
  const next = () => show(current + 1);
  const swipe = useSwipe({ onNext: next, onPrevious: previous });

  if (!slide) return null;

  function onKeyDown(event: KeyboardEvent) {
    if (!several || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    if (event.key === 'ArrowLeft') previous();
    else next();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${place}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region takes ←/→ while focused (WAI-ARIA carousel pattern)
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
    >
      <div
        data-testid="carousel-stage"
        {...swipe}
        // Vertical pans stay the page's scroll; sideways moves are ours.
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-lg bg-muted select-none"
      >
        <img
          src={images.srcFor(slide.src.medium)}
          alt={slide.name}
          draggable={false}
          onError={() => images.markBroken(slide.src.medium)}
          className="absolute inset-0 size-full object-cover"
        />
        {slide.caption && (
          <p className="absolute inset-x-0 bottom-0 line-clamp-2 bg-linear-to-t from-black/75 to-transparent px-3 pt-8 pb-2 text-sm text-white">
            {slide.caption}
          </p>
        )}
        {stageActions && <div className="absolute top-2 left-2 flex gap-1.5">{stageActions}</div>}
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
      {slide.credit}
      {several && (
        <>
          <ul aria-label="Choose a photo" className="flex justify-center gap-1.5">
            {dotWindow(current, count).map((index) => (
              <li key={slides[index]?.key ?? index}>
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
          <ul aria-label="Next photos" className="grid grid-cols-4 gap-2">
            {thumbnailWindow(current, count).map((index) => {
              const thumbnail = slides[index]?.src.thumbnail || slides[index]?.src.medium;
              return (
                <li key={slides[index]?.key ?? index}>
                  <button
                    type="button"
                    aria-label={`Show photo ${index + 1}: ${slides[index]?.name}`}
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

/** A round Previous or Next button over a photo's side. */
export function StageButton({
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
        'absolute top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-black/45 text-white shadow-md ring-1 ring-white/25 backdrop-blur-sm transition-colors outline-none hover:bg-black/65 focus-visible:ring-2 focus-visible:ring-white',
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
export function PhotoCredit({ photo }: { photo: DestinationPhoto }) {
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
