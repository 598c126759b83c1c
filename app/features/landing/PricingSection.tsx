import { Check, Info } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ComingSoon, comingSoonButtonClass } from './ComingSoon';
import { PLANS, type Plan } from './plans';
import { SectionHeading } from './SectionHeading';

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-3xl border bg-card p-6 shadow-sm sm:p-8',
        plan.mostPopular
          ? 'border-primary shadow-xl shadow-primary/15 ring-1 ring-primary lg:-my-4 lg:py-12'
          : 'border-border',
      )}
    >
      {plan.mostPopular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold whitespace-nowrap text-primary-foreground shadow">
          Most Popular
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
      <ComingSoon className="mt-6 w-full">
        {(describedBy) => (
          <Button
            size="lg"
            variant={plan.mostPopular ? 'default' : 'outline'}
            disabled
            aria-describedby={describedBy}
            className={cn('h-11 w-full disabled:opacity-70', comingSoonButtonClass)}
          >
            Choose {plan.name}
          </Button>
        )}
      </ComingSoon>
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

/** The three plans of spec §9, not purchasable yet. */
export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20 md:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple plans for every trip">
          Only the trip host pays. Everyone you invite joins free.
        </SectionHeading>
        <ul className="mt-16 grid gap-8 lg:grid-cols-3 lg:gap-6">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
        {/* spec §9: plans are not purchasable yet. */}
        <p className="mx-auto mt-14 flex max-w-2xl items-start gap-3 rounded-2xl border border-border bg-muted/50 px-5 py-4 text-sm text-muted-foreground">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            Plans can’t be purchased yet: Tripmates is in private beta. Join the waitlist and we’ll
            tell you when they open.
          </span>
        </p>
      </div>
    </section>
  );
}
