import { ArrowRight, Glasses, Play, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ComingSoon, comingSoonButtonClass, heroComingSoonClass, SoonPill } from './ComingSoon';
import { HeroBackground } from './HeroBackground';

// spec §1: Watch Demo's tooltip says the demo video is being produced.
export const DEMO_MESSAGE = 'Our demo video is being produced. Coming soon!';

// Sample group shown beside the "guests join free" line (spec §3: display sample content).
const TRAVELLERS = [
  { initials: 'MK', className: 'bg-pink-700' },
  { initials: 'LO', className: 'bg-emerald-700' },
  { initials: 'SR', className: 'bg-amber-700' },
  { initials: 'JD', className: 'bg-sky-700' },
];

/** The top of the landing page: the pitch of spec §1 and the private-beta actions. */
export function HeroSection({ videoSrc = null }: { videoSrc?: string | null }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate -mt-24 overflow-hidden pt-24 text-white md:-mt-16 md:pt-16"
    >
      <HeroBackground videoSrc={videoSrc} />
      <div className="relative mx-auto flex min-h-[38rem] max-w-4xl flex-col items-center justify-center px-4 pt-14 pb-28 text-center sm:px-6 md:min-h-[44rem] md:pt-20 md:pb-40">
        <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-xs font-medium text-white sm:text-sm">
          <Sparkles aria-hidden className="size-4 text-amber-300" />
          Now in private beta
        </p>
        <h1
          id="hero-title"
          className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-balance sm:text-5xl md:text-6xl lg:text-7xl"
        >
          Plan your next trip{' '}
          <span className="bg-gradient-to-r from-amber-200 via-orange-300 to-pink-300 bg-clip-text text-transparent">
            together
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-base text-pretty text-white/85 sm:text-lg md:text-xl">
          Tripmates helps groups decide faster on flights, hotels and plans with real-time voice,
          presence and shared travel tools in one floating space.
        </p>

        <div className="mt-9 flex w-full max-w-sm flex-col items-stretch gap-3 sm:max-w-none sm:flex-row sm:justify-center">
          <ComingSoon className="sm:w-auto">
            {(describedBy) => (
              <Button
                size="lg"
                disabled
                aria-describedby={describedBy}
                className={cn(
                  'h-12 w-full px-7 text-base shadow-lg shadow-sky-500/25 sm:w-auto',
                  comingSoonButtonClass,
                  heroComingSoonClass,
                )}
              >
                Start Planning Now
                <ArrowRight aria-hidden />
                <SoonPill />
              </Button>
            )}
          </ComingSoon>
          <ComingSoon message={DEMO_MESSAGE}>
            {(describedBy) => (
              <Button
                size="lg"
                variant="outline"
                disabled
                aria-describedby={describedBy}
                className={cn(
                  'h-12 w-full border-white/30 bg-white/10 px-7 text-base text-white sm:w-auto',
                  comingSoonButtonClass,
                  heroComingSoonClass,
                )}
              >
                <Play aria-hidden className="fill-current" />
                Watch Demo
                <SoonPill />
              </Button>
            )}
          </ComingSoon>
        </div>

        <div className="mt-5 flex items-center gap-2 text-sm text-white/75">
          <span>Also coming to</span>
          <ComingSoon>
            {(describedBy) => (
              <Button
                size="sm"
                variant="ghost"
                disabled
                aria-describedby={describedBy}
                className={cn(
                  'h-8 gap-1.5 rounded-full border border-white/20 bg-white/5 px-3 text-sm text-white disabled:opacity-80',
                  comingSoonButtonClass,
                )}
              >
                <Glasses aria-hidden />
                Apple Vision Pro
              </Button>
            )}
          </ComingSoon>
        </div>

        <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row">
          <div aria-hidden className="flex -space-x-1.5">
            {TRAVELLERS.map((traveller) => (
              <span
                key={traveller.initials}
                className={cn(
                  'flex size-8 items-center justify-center rounded-full text-[11px] font-semibold text-white ring-2 ring-slate-950/80',
                  traveller.className,
                )}
              >
                {traveller.initials}
              </span>
            ))}
          </div>
          {/* spec §1: only the trip host pays; guests join free. */}
          <p className="text-sm text-white/80">Only the host pays. Guests always join free.</p>
        </div>
      </div>
    </section>
  );
}
