import {
  FileText,
  Image as ImageIcon,
  type LucideIcon,
  Mail,
  Megaphone,
  Palette,
  Sparkles,
} from 'lucide-react';
import { PageShell } from '@/components/PageShell';
import { buttonVariants } from '@/components/ui/button';
import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { ContentSection } from '@/features/static/ContentSection';
import { MASCOT_NAME } from '@/features/static/content';
import { HeroPanel } from '@/features/static/HeroPanel';
import { usePageMeta } from '@/lib/pageMeta';

const KIT_CONTENTS: readonly { title: string; Icon: LucideIcon }[] = [
  { title: 'Logos and brand colours', Icon: Palette },
  { title: 'Product screenshots', Icon: ImageIcon },
  { title: `${MASCOT_NAME} the weasel artwork`, Icon: Sparkles },
  { title: 'Fact sheet and team bios', Icon: FileText },
];

const FACTS: readonly { term: string; detail: string }[] = [
  { term: 'What', detail: 'Group trip planning in one shared, real-time space' },
  { term: 'Founded', detail: '2025' },
  { term: 'Status', detail: 'Private beta' },
  { term: 'Plans', detail: 'Free, Premium ($9.99/month), Pro ($19.99/month)' },
];

/** `/press` (spec §2): press kit coming soon, Media Inquiry as a mailto link, the press e-mail. */
export default function PressPage() {
  usePageMeta(
    'Press',
    'Press and media resources for Tripmates. Our press kit is coming soon; for interviews, quotes and images, contact our press team.',
  );

  return (
    <PageShell title="Press Kit Coming Soon" wide>
      <HeroPanel Icon={Megaphone} title="Logos, screenshots and our story, in one place">
        <p className="mx-auto mt-3 max-w-xl text-base leading-7">
          We are putting together logos, screenshots and everything else you need to write about
          Tripmates. Until it is ready, our team is glad to help with interviews, quotes and images.
        </p>
        <div className="mt-6 flex flex-col items-center gap-3">
          <ContactEmailLink
            kind="pressEmail"
            subject="Media inquiry"
            className={buttonVariants({ size: 'lg' })}
          >
            <Mail aria-hidden />
            Media Inquiry
          </ContactEmailLink>
          <p className="text-sm">
            or write to <ContactEmailLink kind="pressEmail" />
          </p>
        </div>
      </HeroPanel>

      <div className="grid gap-6 lg:grid-cols-2">
        <ContentSection id="kit" title="What the kit will include">
          <ul className="grid gap-3 sm:grid-cols-2">
            {KIT_CONTENTS.map(({ title, Icon }) => (
              <li
                key={title}
                className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 text-sm font-medium text-foreground"
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/15 text-primary">
                  <Icon aria-hidden className="size-5" />
                </span>
                {title}
              </li>
            ))}
          </ul>
        </ContentSection>

        <ContentSection id="facts" title="Tripmates at a glance">
          <dl className="divide-y divide-border rounded-xl border border-border bg-card text-sm">
            {FACTS.map((fact) => (
              <div
                key={fact.term}
                className="grid gap-1 px-4 py-3 sm:grid-cols-[7rem_minmax(0,1fr)]"
              >
                <dt className="text-muted-foreground">{fact.term}</dt>
                <dd className="text-foreground">{fact.detail}</dd>
              </div>
            ))}
          </dl>
        </ContentSection>
      </div>
    </PageShell>
  );
}
