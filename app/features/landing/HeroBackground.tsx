import { useMediaQuery } from '@/hooks/useMediaQuery';

/*
 * Both images are drawn for Tripmates (a tropical coast at dusk, original SVG artwork in
 * app/public/landing/), so no licence applies and nothing is fetched from elsewhere at run time.
 * hero.svg is portrait, for phones; poster.svg is landscape, the video's poster on desktop.
 */
export const HERO_IMAGE = '/landing/hero.svg';
export const POSTER_IMAGE = '/landing/poster.svg';

// spec §2: a video on desktop, a hero image on mobile.
export const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * The hero's backdrop. Phones get the portrait image and never a <video> element, so no video is
 * downloaded there; desktops play `videoSrc` when one is configured, over the poster, and show
 * the poster alone until then (or when the visitor asks for reduced motion).
 */
export function HeroBackground({ videoSrc = null }: { videoSrc?: string | null }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const playVideo = isDesktop && !reducedMotion && videoSrc !== null;

  return (
    <div aria-hidden className="absolute inset-0 overflow-hidden bg-slate-950">
      <picture>
        <source media={DESKTOP_QUERY} srcSet={POSTER_IMAGE} />
        <img
          src={HERO_IMAGE}
          alt=""
          fetchPriority="high"
          className="size-full object-cover object-bottom md:object-center"
        />
      </picture>
      {playVideo && (
        <video
          data-testid="hero-video"
          className="absolute inset-0 size-full object-cover"
          src={videoSrc}
          poster={POSTER_IMAGE}
          autoPlay
          muted
          loop
          playsInline
        />
      )}
      {/* Keeps the hero's white text at AA contrast over any frame of image or video. */}
      <div className="absolute inset-0 bg-gradient-to-b from-slate-950/75 via-slate-950/35 to-slate-950/45" />
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_50%_45%_at_50%_45%,rgb(2_6_23/0.5),transparent)]" />
      <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-background" />
    </div>
  );
}
