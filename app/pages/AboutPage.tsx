import {
  Accessibility,
  Eye,
  HeartHandshake,
  LayoutDashboard,
  Lightbulb,
  type LucideIcon,
  Mail,
  Radio,
  Smile,
  UserRound,
  Users,
  Zap,
} from 'lucide-react';
import { PageShell } from '@/components/PageShell';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { SOCIAL_LINKS } from '@/features/landing/SocialIcons';
import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { ContentSection } from '@/features/static/ContentSection';
import { MASCOT_NAME } from '@/features/static/content';
import { IconCard } from '@/features/static/IconCard';
import { Mascot } from '@/features/static/Mascot';
import { usePageMeta } from '@/lib/pageMeta';
import { cn } from '@/lib/utils';

type Card = { title: string; Icon: LucideIcon; text: string };

// spec §2 About: the mission's four pillars.
const PILLARS: readonly Card[] = [
  {
    title: 'Together, in real time',
    Icon: Radio,
    text: 'Live cursors and drop-in audio rooms make planning feel like sitting round one table.',
  },
  {
    title: 'One shared space',
    Icon: LayoutDashboard,
    text: 'Flights, weather, to-dos and photos side by side, instead of scattered across apps and chats.',
  },
  {
    title: 'Faster decisions',
    Icon: Zap,
    text: 'When everyone sees the same options at once, the group agrees in minutes, not weeks.',
  },
  {
    title: 'Free for every guest',
    Icon: HeartHandshake,
    text: 'Only the host pays. Everyone they invite joins free with a simple link.',
  },
];

// spec §2 About: the three years of the timeline.
const TIMELINE = [
  {
    year: '2025',
    title: 'The Beginning',
    status: 'Now',
    text: 'A weekend trip planned across five apps and a 300-message group chat gave us the idea. We built the first shared trip space and opened a private beta.',
  },
  {
    year: '2026',
    title: 'First Launch',
    status: 'Planned',
    text: 'Tripmates opens to everyone with the Free, Premium and Pro plans: audio rooms, live cursors, the shared whiteboard and every widget.',
  },
  {
    year: '2027',
    title: 'Growth & Expansion',
    status: 'Planned',
    text: 'More languages, more booking partners and more ways to plan on the go, so groups anywhere can travel together.',
  },
] as const;

// spec §2 About: the six values.
const VALUES: readonly Card[] = [
  {
    title: 'User-Centered',
    Icon: UserRound,
    text: 'We start from real groups planning real trips, and we keep listening to them.',
  },
  {
    title: 'Collaboration',
    Icon: Users,
    text: 'Great trips are made together, and so is great software.',
  },
  {
    title: 'Innovation',
    Icon: Lightbulb,
    text: 'We try bold ideas when they make planning simpler, never just to look new.',
  },
  {
    title: 'Transparency',
    Icon: Eye,
    text: 'Clear prices, plain-language policies, and no tracking you did not ask for.',
  },
  {
    title: 'Inclusivity',
    Icon: Accessibility,
    text: 'Tripmates should work for every traveller, whatever their budget, language or ability.',
  },
  {
    title: 'Joy',
    Icon: Smile,
    text: 'Looking forward to a trip is half the fun. Planning it should be too.',
  },
];

function Timeline() {
  return (
    <ol className="relative ml-2 grid gap-8 border-l-2 border-border pl-8 md:ml-0 md:grid-cols-3 md:border-t-2 md:border-l-0 md:pt-8 md:pl-0">
      {TIMELINE.map((step) => (
        <li key={step.year} className="relative">
          <span
            aria-hidden
            className={cn(
              'absolute top-1 -left-[2.55rem] size-4 rounded-full border-4 border-background md:-top-[2.55rem] md:left-0',
              step.status === 'Now' ? 'bg-primary' : 'bg-muted-foreground',
            )}
          />
          <div className="flex items-start justify-between gap-3">
            <h3 className="grid text-lg font-semibold tracking-tight text-foreground">
              <span className="text-sm tabular-nums text-muted-foreground">{step.year}</span>
              <span className="sr-only">: </span>
              {step.title}
            </h3>
            <Badge variant={step.status === 'Now' ? 'default' : 'outline'}>{step.status}</Badge>
          </div>
          <p className="mt-2 max-w-2xl leading-7 md:text-sm md:leading-6">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

function CardGrid({ cards, className }: { cards: readonly Card[]; className?: string }) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {cards.map((card) => (
        <li key={card.title}>
          <IconCard Icon={card.Icon} title={card.title}>
            {card.text}
          </IconCard>
        </li>
      ))}
    </ul>
  );
}

function MeetTheMascot() {
  return (
    <section
      aria-labelledby="mascot-title"
      className="rounded-2xl border border-border bg-card p-6 sm:p-8"
    >
      <div className="flex items-center gap-5">
        <div className="grid size-28 shrink-0 place-items-center rounded-full bg-primary/10 sm:size-32">
          <Mascot className="w-20 text-foreground sm:w-24" />
        </div>
        <div>
          <p className="text-sm font-medium text-primary">Our mascot</p>
          <h2 id="mascot-title" className="text-2xl font-semibold tracking-tight text-foreground">
            Meet {MASCOT_NAME}
          </h2>
        </div>
      </div>
      <p className="mt-5 leading-7">
        {MASCOT_NAME} is our weasel, and the most enthusiastic traveller on the team. Weasels are
        curious, quick on their feet and famously good at finding a way through tight spots —
        everything we want a trip-planning companion to be.
      </p>
      <p className="mt-3 leading-7">
        You will spot {MASCOT_NAME}, scarf on and backpack packed, wherever there is something new
        to explore.
      </p>
    </section>
  );
}

function Connect() {
  return (
    <section
      aria-labelledby="connect-title"
      className="mt-12 rounded-2xl border border-primary/30 bg-primary/10 p-6 sm:mt-16 sm:p-8"
    >
      <h2 id="connect-title" className="text-2xl font-semibold tracking-tight text-foreground">
        Come along for the journey
      </h2>
      <p className="mt-2 max-w-2xl">
        Follow our progress, share your trips with us, or just say hello.
      </p>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <ul className="flex flex-wrap gap-2" aria-label="Tripmates on social media">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline' })}
              >
                <link.Icon className="size-4" />
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <ContactEmailLink
          kind="supportEmail"
          subject="Hello from the About page"
          className={buttonVariants({ className: 'self-start sm:self-auto' })}
        >
          <Mail aria-hidden />
          Contact Us
        </ContactEmailLink>
      </div>
    </section>
  );
}

/** `/about` (spec §2): story, mission and pillars, the mascot, timeline, values, ways to connect. */
export default function AboutPage() {
  usePageMeta(
    'About Us',
    'The story behind Tripmates, our mission to make group trip planning easy, our timeline from 2025 to 2027, our values, and how to reach us.',
  );

  return (
    <PageShell title="About Tripmates" wide>
      <p className="max-w-3xl text-lg sm:text-xl">
        We are building the place where friends and families plan trips together: one floating space
        with live presence, voice and shared travel tools.
      </p>

      <div className="grid items-start gap-8 pt-12 sm:pt-16 lg:grid-cols-2 lg:gap-12">
        <section aria-labelledby="story-title" className="space-y-4">
          <h2
            id="story-title"
            className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl"
          >
            Our story
          </h2>
          <p className="leading-7">
            It started with a weekend away. Five friends, five apps, a spreadsheet nobody updated
            and a group chat that passed 300 messages before anyone booked a thing. The trip was
            wonderful; planning it was not.
          </p>
          <p className="leading-7">
            So we built what we wished we had: a single space where the whole group can see the same
            flights, the same forecast and the same to-do list at the same time, hear each other,
            and decide together.
          </p>
        </section>
        <MeetTheMascot />
      </div>

      <ContentSection
        id="mission"
        title="Our mission"
        lead="To help groups decide faster and enjoy planning together. Four pillars hold it up:"
      >
        <CardGrid cards={PILLARS} className="lg:grid-cols-4" />
      </ContentSection>

      <ContentSection
        id="timeline"
        title="Our journey so far"
        lead="Where we started and where we are headed."
      >
        <Timeline />
      </ContentSection>

      <ContentSection id="values" title="What we value">
        <CardGrid cards={VALUES} className="lg:grid-cols-3" />
      </ContentSection>

      <Connect />
    </PageShell>
  );
}
