import { Info } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { PlanCard } from '../plans/PlanCard';
import { PLANS, type Plan } from '../plans/plans';
import { ComingSoon, comingSoonButtonClass } from './ComingSoon';
import { SectionHeading } from './SectionHeading';

function ComingSoonPlan({ plan }: { plan: Plan }) {
  return (
    <PlanCard
      plan={plan}
      badge={plan.mostPopular && 'Most Popular'}
      className={cn(plan.mostPopular && 'lg:-my-4 lg:py-12')}
      action={
        <ComingSoon className="w-full">
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
      }
    />
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
            <ComingSoonPlan key={plan.id} plan={plan} />
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
