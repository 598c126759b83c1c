import { useEffect } from 'react';
import { ContactBanner } from '@/features/landing/ContactBanner';
import { FeaturesSection } from '@/features/landing/FeaturesSection';
import { HeroSection } from '@/features/landing/HeroSection';
import { HowItWorksSection } from '@/features/landing/HowItWorksSection';
import { LandingFooter } from '@/features/landing/LandingFooter';
import { LandingHeader } from '@/features/landing/LandingHeader';
import { PricingSection } from '@/features/landing/PricingSection';
import { TestimonialsSection } from '@/features/landing/TestimonialsSection';
import { useLandingVideo } from '@/features/landing/useLandingVideo';
import { WaitlistBanner } from '@/features/waitlist/WaitlistBanner';
import { usePageMeta } from '@/lib/pageMeta';
import { useAddress, useLocation } from '@/lib/router';
import { APP_NAME } from '../../shared/constants';

// index.html carries the same title and description for the first load.
const TITLE = `${APP_NAME} — plan your trip together`;
const DESCRIPTION = `${APP_NAME} helps groups decide faster on flights, hotels and plans, with real-time voice, presence and shared travel tools in one floating space.`;

/**
 * Arriving at `/#pricing` (or another section) from elsewhere in the app: the browser looked for
 * the anchor before the page was rendered, so scroll to it once it is.
 */
function useScrollToHash() {
  const { hash } = useAddress();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

/**
 * spec §7's sign-out lands on `/?logout=success&t=…`; the toast has said it by then, so the
 * address drops those once here (issue #38: they stayed, to be bookmarked or shared).
 */
function useForgetLogoutOutcome() {
  const { search } = useAddress();
  const [, navigate] = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has('logout')) return;
    params.delete('logout');
    params.delete('t');
    const rest = params.toString();
    navigate(rest ? `/?${rest}` : '/', { replace: true });
  }, [search, navigate]);
}

/** `/` for visitors (spec §2 Landing page). */
export default function LandingPage() {
  usePageMeta(TITLE, DESCRIPTION);
  const backgroundVideo = useLandingVideo();
  useScrollToHash();
  useForgetLogoutOutcome();
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <LandingHeader />
      <main className="flex-1">
        <HeroSection videoSrc={backgroundVideo} />
        <FeaturesSection />
        <HowItWorksSection />
        <PricingSection />
        <TestimonialsSection />
        <ContactBanner />
      </main>
      <LandingFooter />
      <WaitlistBanner />
    </div>
  );
}
