import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A titled block of a static page: an h2, an optional lead line, then its content. */
export function ContentSection({
  id,
  title,
  lead,
  children,
  className,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('pt-12 sm:pt-16', className)}>
      <h2
        id={`${id}-title`}
        className="text-2xl font-semibold tracking-tight text-balance text-foreground sm:text-3xl"
      >
        {title}
      </h2>
      {lead && <p className="mt-2 max-w-2xl text-base text-muted-foreground">{lead}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
