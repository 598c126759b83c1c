import { LifeBuoy } from 'lucide-react';
import { PageShell } from '@/components/PageShell';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { buttonVariants } from '@/components/ui/button';
import { HelpAnswer } from '@/features/help/HelpAnswer';
import { HELP_SECTIONS } from '@/features/help/helpContent';
import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { PROSE_LINKS } from '@/features/static/linkStyles';
import { usePageMeta } from '@/lib/pageMeta';

/** Answer text styles, set once so the answers stay plain markup. */
const ANSWER = `${PROSE_LINKS} [&_li]:mt-1 [&_p+p]:mt-3 [&_p+ul]:mt-2 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:pl-5 [&_ul+p]:mt-3`;

/** Links to the five sections: chips above the questions on phones, a sticky column on desktops. */
function SectionLinks() {
  return (
    <nav aria-label="Help topics" className="h-fit lg:sticky lg:top-6">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {HELP_SECTIONS.map(({ id, title, Icon }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1.5 text-sm text-foreground transition-colors hover:border-primary/60 hover:text-primary lg:flex lg:rounded-lg lg:border-transparent lg:bg-transparent lg:px-3 lg:py-2 lg:hover:bg-accent"
            >
              <Icon aria-hidden className="size-4 text-primary" />
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactSupport() {
  return (
    <section
      aria-labelledby="contact-support-title"
      className="mt-12 flex flex-col gap-5 rounded-2xl border border-primary/30 bg-primary/10 p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary/20 text-primary">
        <LifeBuoy aria-hidden className="size-6" />
      </span>
      <div className="flex-1">
        <h2 id="contact-support-title" className="text-xl font-semibold text-foreground">
          Still need help?
        </h2>
        <p className="mt-1">
          Can’t find your answer? Our support team reads every message and will get back to you.
          Write to <ContactEmailLink kind="supportEmail" />.
        </p>
      </div>
      <ContactEmailLink
        kind="supportEmail"
        subject="Tripmates support"
        className={buttonVariants({ className: 'self-start sm:self-center' })}
      >
        Email Support
      </ContactEmailLink>
    </section>
  );
}

/** `/help` (spec §2 Help Center): one accordion, so one answer is open at a time. */
export default function HelpPage() {
  usePageMeta(
    'Help Center',
    'Answers about Tripmates: getting started, widgets, audio rooms, live cursors, invites, two-factor authentication, account deletion and troubleshooting.',
  );

  return (
    <PageShell title="Help Center" wide>
      <p className="max-w-2xl text-lg">
        Answers to the questions we hear most, from setting up your first trip to securing your
        account.
      </p>
      <div className="grid gap-8 pt-4 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
        <SectionLinks />
        <div className="min-w-0 max-w-3xl">
          <Accordion type="single" collapsible className="space-y-10">
            {HELP_SECTIONS.map(({ id, title, Icon, items }) => (
              <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6">
                <h2
                  id={`${id}-title`}
                  className="flex items-center gap-2.5 text-xl font-semibold tracking-tight text-foreground"
                >
                  <span className="grid size-9 place-items-center rounded-lg bg-primary/15 text-primary">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  {title}
                </h2>
                <div className="mt-4 rounded-xl border border-border bg-card px-5 sm:px-6">
                  {items.map((item) => (
                    <AccordionItem key={item.id} value={item.id}>
                      <AccordionTrigger>{item.question}</AccordionTrigger>
                      <AccordionContent className={ANSWER}>
                        <HelpAnswer answer={item.answer} />
                      </AccordionContent>
                    </AccordionItem>
                  ))}
                </div>
              </section>
            ))}
          </Accordion>
          <ContactSupport />
        </div>
      </div>
    </PageShell>
  );
}
