import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageShell } from '@/components/PageShell';
import { usePageMeta } from '@/lib/pageMeta';
import { LEGAL_LAST_UPDATED } from './content';
import { PROSE_LINKS } from './linkStyles';

export type LegalSection = { id: string; title: string; body: ReactNode };

const LEGAL_PAGES = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/cookies', label: 'Cookies Policy' },
];

/*
 * Body text styles for the sections, set once here so the pages write plain <p>, <ul> and <a>.
 * The column stays near 70 characters a line, a comfortable measure for long reading.
 */
const PROSE = [
  'max-w-[70ch] text-[0.975rem] leading-7 text-foreground/85',
  PROSE_LINKS,
  '[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5 [&_li]:pl-1',
  '[&_strong]:font-semibold [&_strong]:text-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_code]:text-foreground',
].join(' ');

/**
 * The frame of the privacy, terms and cookies pages: the date of spec §2, an introduction, a
 * table of contents of in-page links (a card on phones, a sticky column on wide screens), and
 * numbered sections.
 */
export function LegalDocument({
  title,
  description,
  intro,
  sections,
}: {
  title: string;
  description: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  usePageMeta(title, description);
  const otherPages = LEGAL_PAGES.filter((page) => page.label !== title);

  return (
    <PageShell title={title} links={otherPages} wide>
      <p className="inline-flex items-center gap-2 rounded-full border border-border bg-muted/60 px-3 py-1 text-sm">
        <CalendarDays aria-hidden className="size-4 text-primary" />
        <span>
          Last updated <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
        </span>
      </p>
      <div className="max-w-[70ch] text-base leading-7 sm:text-lg sm:leading-8">{intro}</div>

      <div className="grid gap-8 pt-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-labelledby="toc-title"
          className="h-fit rounded-xl border border-border bg-card p-5 lg:sticky lg:top-6"
        >
          <h2
            id="toc-title"
            className="text-xs font-semibold uppercase tracking-wider text-muted-foreground"
          >
            On this page
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 rounded-md px-2 py-1 text-foreground/80 transition-colors hover:bg-accent hover:text-foreground"
                >
                  <span className="w-5 shrink-0 tabular-nums text-muted-foreground">
                    {index + 1}.
                  </span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-6"
            >
              <h2
                id={`${section.id}-title`}
                className="flex gap-3 text-xl font-semibold tracking-tight text-foreground sm:text-2xl"
              >
                <span className="font-bold tabular-nums text-primary">{index + 1}.</span>
                {section.title}
              </h2>
              <div className={PROSE}>{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </PageShell>
  );
}

/** A labelled block of facts inside a legal section (a cookie, a plan), instead of a wide table. */
export function FactCard({
  title,
  facts,
}: {
  title: ReactNode;
  facts: readonly { term: string; detail: ReactNode }[];
}) {
  return (
    <div className="rounded-xl border border-border bg-card p-4 text-sm leading-6">
      <h3 className="font-semibold text-foreground">{title}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-3 sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-1.5">
        {facts.map((fact) => (
          <div key={fact.term} className="sm:contents">
            <dt className="text-muted-foreground">{fact.term}</dt>
            <dd className="text-foreground/90">{fact.detail}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
