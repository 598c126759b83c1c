import {
  GraduationCap,
  HeartPulse,
  Laptop,
  type LucideIcon,
  Mail,
  Plane,
  TentTree,
  TrendingUp,
} from 'lucide-react';
import { PageShell } from '@/components/PageShell';
import { buttonVariants } from '@/components/ui/button';
import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { ContentSection } from '@/features/static/ContentSection';
import { MASCOT_NAME } from '@/features/static/content';
import { IconCard } from '@/features/static/IconCard';
import { Mascot } from '@/features/static/Mascot';
import { usePageMeta } from '@/lib/pageMeta';

// spec §2 Careers: these six perks.
const PERKS: readonly { title: string; Icon: LucideIcon; text: string }[] = [
  {
    title: 'Flexible Work',
    Icon: Laptop,
    text: 'Work from home, a café or a co-working space, on hours that suit you. We share a few core hours a day and write everything else down.',
  },
  {
    title: 'Travel Stipend',
    Icon: Plane,
    text: 'A yearly allowance to go somewhere new. We build a product for travellers, so we want you to be one.',
  },
  {
    title: 'Health & Wellness',
    Icon: HeartPulse,
    text: 'Health, dental and vision cover, plus a monthly wellness allowance for the gym, therapy, yoga or whatever keeps you well.',
  },
  {
    title: 'Learning Budget',
    Icon: GraduationCap,
    text: 'Books, courses and conferences on us, and time in the week to use them.',
  },
  {
    title: 'Equity',
    Icon: TrendingUp,
    text: 'Everyone on the team holds stock options. When Tripmates does well, so do the people who built it.',
  },
  {
    title: 'Team Retreats',
    Icon: TentTree,
    text: 'Twice a year the whole team meets somewhere new — planned in Tripmates, naturally.',
  },
];

const CULTURE = [
  {
    title: 'Small team, real ownership',
    text: 'You will ship features end to end and talk to the people who use them.',
  },
  {
    title: 'Remote first, written down',
    text: 'Decisions live in documents, not in meetings, so every time zone can take part.',
  },
  {
    title: 'Kind and direct',
    text: 'We give honest feedback, assume good intent, and celebrate each other’s wins.',
  },
];

function Hero() {
  return (
    <div className="grid items-center gap-8 md:grid-cols-[minmax(0,1fr)_auto]">
      <div className="max-w-2xl space-y-4">
        <p className="text-lg sm:text-xl">
          Help us build the place where friends and families plan their trips together — and make
          the planning as much fun as the journey.
        </p>
        <p>
          We are a small, remote team in private beta, building real-time collaboration for
          travellers: live cursors, drop-in audio rooms and shared widgets over a video of the
          destination.
        </p>
      </div>
      <figure className="flex flex-col items-center gap-2 justify-self-center">
        <div className="grid size-48 place-items-center rounded-full bg-primary/10 sm:size-56">
          <Mascot className="w-32 text-foreground sm:w-40" />
        </div>
        <figcaption className="text-sm">{MASCOT_NAME}, our chief exploration officer</figcaption>
      </figure>
    </div>
  );
}

/** `/careers` (spec §2): mission, culture, the mascot, six perks and where to send a resume. */
export default function CareersPage() {
  usePageMeta(
    'Careers',
    'Join the Tripmates team: our mission, how we work, our six perks from a travel stipend to team retreats, and where to send your resume.',
  );

  return (
    <PageShell title="Careers at Tripmates" wide>
      <Hero />

      <div className="grid gap-6 pt-12 sm:pt-16 md:grid-cols-2">
        <section
          aria-labelledby="mission-title"
          className="rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <h2 id="mission-title" className="text-2xl font-semibold tracking-tight text-foreground">
            Our mission
          </h2>
          <p className="mt-3 leading-7">
            Group trips start with good intentions and end up in a 300-message chat. Our mission is
            to help groups decide faster and plan together, in one shared space, so everyone gets to
            look forward to the trip instead of dreading the logistics. Only the host pays; everyone
            they invite joins free.
          </p>
        </section>
        <section
          aria-labelledby="culture-title"
          className="rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <h2 id="culture-title" className="text-2xl font-semibold tracking-tight text-foreground">
            Our culture
          </h2>
          <ul className="mt-3 space-y-3">
            {CULTURE.map((item) => (
              <li key={item.title} className="leading-7">
                <strong className="font-semibold text-foreground">{item.title}.</strong> {item.text}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <ContentSection
        id="perks"
        title="Perks & benefits"
        lead="We look after the people who look after our travellers."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PERKS.map((perk) => (
            <li key={perk.title}>
              <IconCard Icon={perk.Icon} title={perk.title}>
                {perk.text}
              </IconCard>
            </li>
          ))}
        </ul>
      </ContentSection>

      <section
        aria-labelledby="apply-title"
        className="mt-12 flex flex-col gap-6 rounded-2xl border border-primary/30 bg-primary/10 p-6 sm:mt-16 sm:p-8 md:flex-row md:items-center"
      >
        <div className="flex-1 space-y-2">
          <h2 id="apply-title" className="text-2xl font-semibold tracking-tight text-foreground">
            Want to join us?
          </h2>
          <p>
            We don’t list open roles yet, but we are always glad to meet curious, kind people who
            love to travel. Send your resume and a few lines about the best trip you ever planned to{' '}
            <ContactEmailLink kind="careersEmail" subject="Resume" />.
          </p>
        </div>
        <ContactEmailLink
          kind="careersEmail"
          subject="Resume"
          className={buttonVariants({ size: 'lg', className: 'self-start md:self-center' })}
        >
          <Mail aria-hidden />
          Send Your Resume
        </ContactEmailLink>
      </section>
    </PageShell>
  );
}
