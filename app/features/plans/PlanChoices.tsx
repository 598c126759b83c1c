import { CircleCheck } from 'lucide-react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { signInUrl } from '@/features/auth/signInUrl';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { Link } from '@/lib/router';
import { cn } from '@/lib/utils';
import { formatDate } from '../../../shared/calendar';
import { type CurrentUser, PLANS as PLAN_IDS } from '../../../shared/contracts/account';
import type { EarlyAccessRequest, PaidPlan } from '../../../shared/contracts/plans';
import { PlanCard } from './PlanCard';
import { PLANS, type Plan } from './plans';
import { useMyEarlyAccess, useRequestEarlyAccess } from './useEarlyAccess';

const rank = (plan: Plan['id']) => PLAN_IDS.indexOf(plan);

/** Says that the request is in, and when it was made. */
function Requested({ request, planName }: { request: EarlyAccessRequest; planName: string }) {
  return (
    <div role="status" className="rounded-xl border border-primary/40 bg-primary/5 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-foreground">
        <CircleCheck aria-hidden className="size-4 shrink-0 text-primary" />
        Early access requested
      </p>
      <p className="mt-1 text-muted-foreground">
        You asked on {formatDate(request.requestedAt)}. An administrator will switch {planName} on
        for your account.
      </p>
    </div>
  );
}

/**
 * The three plans of spec §9 for someone who wants more than theirs (issue #17: "upgrade your
 * plan" led nowhere). Plans cannot be bought yet, so a paid plan above the account's offers
 * **Request early access**, recorded for the administrators, who grant it from the admin screen.
 */
export function PlanChoices({ user }: { user: CurrentUser | null }) {
  const mine = useMyEarlyAccess({ enabled: user !== null });
  const ask = useRequestEarlyAccess();
  const request = mine.data?.request ?? null;

  function requestPlan(plan: Plan) {
    ask.mutate(plan.id as PaidPlan, {
      onSuccess: () =>
        toast({
          title: 'Request sent',
          description: `An administrator will switch ${plan.name} on for your account.`,
        }),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'Could not send the request',
          description: errorMessage(failure, 'Please try again.'),
        }),
    });
  }

  function actionFor(plan: Plan) {
    const full = 'h-11 w-full';
    if (!user) {
      if (plan.id === 'free')
        return <p className="text-sm text-muted-foreground">Every account starts here.</p>;
      return (
        <Button
          asChild
          size="lg"
          variant={plan.mostPopular ? 'default' : 'outline'}
          className={full}
        >
          <Link to={signInUrl('/plans')}>Sign in to ask for early access</Link>
        </Button>
      );
    }
    if (plan.id === user.plan) {
      return (
        <Button size="lg" variant="outline" disabled className={full}>
          Your current plan
        </Button>
      );
    }
    if (rank(plan.id) < rank(user.plan)) {
      return <p className="text-sm text-muted-foreground">Included in your plan.</p>;
    }
    if (request?.plan === plan.id && request.grantedAt === null) {
      return <Requested request={request} planName={plan.name} />;
    }
    return (
      <PendingButton
        size="lg"
        variant={plan.mostPopular ? 'default' : 'outline'}
        className={full}
        aria-label={`Request early access to ${plan.name}`}
        pending={ask.isPending && ask.variables === plan.id}
        disabled={ask.isPending || mine.isLoading}
        onClick={() => requestPlan(plan)}
      >
        Request early access
      </PendingButton>
    );
  }

  return (
    <ul className="grid gap-8 pt-4 lg:grid-cols-3 lg:gap-6">
      {PLANS.map((plan) => {
        const current = user?.plan === plan.id;
        return (
          <PlanCard
            key={plan.id}
            plan={plan}
            highlighted={user ? current : plan.mostPopular}
            badge={current ? 'Your plan' : plan.mostPopular && 'Most Popular'}
            className={cn(!user && plan.mostPopular && 'lg:-my-2')}
            action={actionFor(plan)}
          />
        );
      })}
    </ul>
  );
}
