import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** The highlighted panel that opens the "coming soon" pages (blog, press): icon, heading, text. */
export function HeroPanel({
  Icon,
  title,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-linear-to-b from-primary/15 to-card px-5 py-10 text-center sm:px-10 sm:py-14"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary/20 text-primary">
        <Icon aria-hidden className="size-7" />
      </span>
      <h2
        id={titleId}
        className="mt-5 text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
