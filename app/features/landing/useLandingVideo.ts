import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import type { LandingVideo } from '../../../shared/contracts/media';
import { DESKTOP_QUERY } from './HeroBackground';

/**
 * spec §2: the landing page's background film, on desktops only (phones keep the image and never
 * download a video) and not for visitors who ask for reduced motion. Until it is known, and when
 * there is none, the poster shows.
 */
export function useLandingVideo(): string | null {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const wanted = isDesktop && !reducedMotion;
  const video = useQuery<LandingVideo>({ queryKey: ['/api/landing-video'], enabled: wanted });
  return wanted ? (video.data?.src ?? null) : null;
}
