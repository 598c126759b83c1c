import {
  CloudSun,
  Headphones,
  Link2,
  ListTodo,
  type LucideIcon,
  MousePointer2,
  PenTool,
  Plane,
  Timer,
  Video,
  WandSparkles,
} from 'lucide-react';
import { SectionHeading } from './SectionHeading';

type Feature = { Icon: LucideIcon; title: string; description: string };

// spec §1: the advertised features, on every plan.
const FEATURES: readonly Feature[] = [
  {
    Icon: Video,
    title: 'Face-to-face video',
    description: 'See everyone’s reactions while you decide, as if you sat around one table.',
  },
  {
    Icon: Plane,
    title: 'Search flights and hotels together',
    description: 'Compare fares and stays side by side, then book on our partners’ sites.',
  },
  {
    Icon: ListTodo,
    title: 'Shared to-do lists',
    description: 'Who books the ferry, who packs the adapters: every task has a name and a date.',
  },
  {
    Icon: Timer,
    title: 'Trip countdown',
    description: 'Days, hours and minutes to departure, ticking for the whole group.',
  },
  {
    Icon: CloudSun,
    title: 'Live weather forecasts',
    description: 'Current conditions and the days ahead at your destination.',
  },
  {
    Icon: Link2,
    title: 'Free guest invites',
    description: 'Share a simple link. Guests join free; only the host pays.',
  },
  {
    Icon: MousePointer2,
    title: 'Live cursors',
    description: 'See where everyone is looking, each cursor in its owner’s colour and name.',
  },
  {
    Icon: Headphones,
    title: 'Drop-in audio rooms',
    description: 'Hop in to talk it through and out again. No meeting links to chase.',
  },
];

// spec §1, §6: the whiteboard and magic-link invites come with the paid plans.
const PAID_FEATURES: readonly Feature[] = [
  {
    Icon: PenTool,
    title: 'Shared whiteboard',
    description: 'Sketch the route, pin the must-sees and vote on day trips, all on one board.',
  },
  {
    Icon: WandSparkles,
    title: 'Magic-link invites',
    description: 'Friends join with one tap from their inbox: no passwords, no sign-up forms.',
  },
];

function FeatureCard({ feature, paid = false }: { feature: Feature; paid?: boolean }) {
  const { Icon, title, description } = feature;
  return (
    <li
      className={
        paid
          ? 'relative flex gap-4 rounded-2xl border border-primary/30 bg-gradient-to-br from-primary/10 via-card to-card p-5 shadow-sm sm:p-6'
          : 'flex gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-colors hover:border-primary/40 sm:flex-col sm:gap-0 sm:p-6'
      }
    >
      <span
        aria-hidden
        className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/12 text-primary ring-1 ring-primary/20"
      >
        <Icon className="size-5" />
      </span>
      <div className={paid ? undefined : 'sm:mt-4'}>
        <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          {title}
          {paid && (
            <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-sky-700 dark:text-primary">
              Premium &amp; Pro
            </span>
          )}
        </h3>
        <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{description}</p>
      </div>
    </li>
  );
}

/** The features grid (spec §1 advertised features). */
export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20 md:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything your group needs">
          One shared space for the whole plan: talk, search, decide and keep track, together and
          live.
        </SectionHeading>
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
        <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label="On Premium and Pro">
          {PAID_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} paid />
          ))}
        </ul>
      </div>
    </section>
  );
}
