import { useAuth } from '@/features/auth/useAuth';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { Link } from '@/lib/router';
import { cn } from '@/lib/utils';
import { PLAN_LIMITS } from '../../../shared/plans';

/**
 * The owner's view of the traveller limit (issue #7: when the trip is full, the owner sees it too,
 * not only the friend whose join is refused). The limit is the owner's plan's — the current user's
 * here, as only the owner sees this.
 */
export function TravellerCount({ tripId }: { tripId: string }) {
  const { user } = useAuth();
  const members = useTripMembers(tripId);
  if (!user || !members.data) return null;
  const plan = PLAN_LIMITS[user.plan];
  const limit = plan.travellersPerTrip;
  const count = members.data.length;
  if (limit === null) return null;
  const full = count >= limit;
  return (
    <p
      role={full ? 'status' : undefined}
      className={cn('text-xs', full ? 'font-medium text-amber-500' : 'text-muted-foreground')}
    >
      {full ? (
        <>
          This trip is full: your {plan.name} plan allows up to {limit} travellers.{' '}
          <Link to="/plans" className="underline underline-offset-2">
            See plans
          </Link>{' '}
          or remove someone to invite more.
        </>
      ) : (
        `${count} of ${limit} travellers on your ${plan.name} plan.`
      )}
    </p>
  );
}
