import { DashboardMockup } from './DashboardMockup';
import { SectionHeading } from './SectionHeading';

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
        <div className="mt-12 md:mt-16">
          <DashboardMockup />
        </div>
      </div>
    </section>
  );
}
