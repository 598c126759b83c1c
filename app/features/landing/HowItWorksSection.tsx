import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SectionHeading } from './SectionHeading';

// The mock-up is the landing page's largest component and sits well below the fold: it loads as
// it comes near the screen, so the first visit's script (issue #4: 100 KB gzipped) leaves it out.
const DashboardMockup = lazy(() =>
  import('./DashboardMockup').then((module) => ({ default: module.DashboardMockup })),
);

/** True once the element is within `margin` of the screen (at once where that cannot be told). */
function useNearScreen(margin: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}

// Keeps the mock-up's place while it loads, so nothing below it moves when it arrives.
const MOCKUP_PLACE =
  'min-h-[572px] rounded-2xl bg-slate-900/10 sm:min-h-[588px] md:min-h-0 md:aspect-[16/10] md:rounded-3xl';

const STEPS = [
  {
    title: 'Create a trip space',
    text: 'Name the trip and set the date. The countdown starts and the widgets are ready.',
  },
  {
    title: 'Invite your group',
    text: 'Send a simple link. Guests join free and appear live, each with their own cursor.',
  },
  {
    title: 'Decide together',
    text: 'Talk in the audio room while you compare flights, check the weather and split the to-dos.',
  },
];

/** How it works: three steps and a mock-up of the trip dashboard (spec §2 Landing page). */
export function HowItWorksSection() {
  const mockup = useNearScreen('800px');
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-20 border-y border-border/60 bg-muted/40 px-4 py-16 sm:px-6 sm:py-20 md:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How it works"
          title="One floating space for the whole trip"
        >
          Everyone sees the same plan at the same moment, over a view of where you are going.
        </SectionHeading>
        <ol className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div ref={mockup.ref} className="mt-12 md:mt-16">
          {mockup.near ? (
            <Suspense fallback={<div className={MOCKUP_PLACE} />}>
              <DashboardMockup />
            </Suspense>
          ) : (
            <div className={MOCKUP_PLACE} />
          )}
        </div>
      </div>
    </section>
  );
}
