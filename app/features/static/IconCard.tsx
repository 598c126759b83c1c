import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A card with an icon badge, a short title and a sentence or two: perks, values, pillars. On
 * phones the icon sits beside the text, so a list of six stays short.
 */
export function IconCard({
  Icon,
  title,
  children,
  className,
}: {
  Icon: LucideIcon;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex h-full gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:border-primary/40 sm:flex-col sm:gap-0 sm:p-6',
        className,
      )}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/15 text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 sm:mt-4">
        <h3 className="text-base font-semibold tracking-tight">{title}</h3>
        <p className="mt-1 text-sm leading-6 text-muted-foreground sm:mt-1.5">{children}</p>
      </div>
    </div>
  );
}
