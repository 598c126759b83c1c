import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { Plan } from './plans';

/**
 * One plan of spec §9: name, tagline, price, what it includes, and `action` (the landing page's
 * coming-soon button, or /plans' early-access request). `badge` marks it above its top edge.
 */
export function PlanCard({
  plan,
  action,
  badge,
  highlighted = plan.mostPopular,
  className,
}: {
  plan: Plan;
  action: ReactNode;
  badge?: ReactNode;
  highlighted?: boolean;
  className?: string;
}) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8',
        highlighted
          ? 'border-primary shadow-xl shadow-primary/15 ring-1 ring-primary'
          : 'border-border',
        className,
      )}
    >
      {badge && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold whitespace-nowrap text-primary-foreground shadow">
          {badge}
        </p>
      )}
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.tagline}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight sm:text-5xl">{plan.price}</span>
        <span className="text-sm font-medium text-muted-foreground">/month</span>
      </p>
      <div className="mt-6">{action}</div>
      <ul className="mt-8 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
