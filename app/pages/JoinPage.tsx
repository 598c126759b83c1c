import { Users } from 'lucide-react';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/useAuth';
import {
  InvitationPreviewPage,
  InvitedTripCard,
  TripFact,
} from '@/features/members/InvitationCards';
import { useJoinPreview, useJoinTrip } from '@/features/members/useMembers';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { usePageMeta } from '@/lib/pageMeta';
import { Link, useLocation, useParams } from '@/lib/router';
import { tripPath } from '../../shared/clientRoutes';
import { type JoinPreview, MEMBER_MESSAGES } from '../../shared/contracts/members';

/**
 * `/join/:code` (issue #7): where an invitation link leads. It shows the trip and asks to join;
 * a signed-out visitor signs in or signs up first and comes back here (`next`). A link that no
 * longer works gets a plain page saying so, never an error screen.
 */
export default function JoinPage() {
  const { code = '' } = useParams();
  const preview = useJoinPreview(code);
  const trip = preview.data?.trip;
  usePageMeta(
    trip ? `Join ${trip.name}` : 'Join a trip',
    'You have been invited to plan a trip together on Tripmates.',
  );

  return (
    <InvitationPreviewPage
      query={preview}
      expiredTitle="This invitation has expired"
      expiredCode="invitation_invalid"
      expiredMessage={MEMBER_MESSAGES.invitationInvalid}
    >
      {(data) => <Invitation code={code} preview={data} />}
    </InvitationPreviewPage>
  );
}

function travellersLine({ travellers, travellerLimit }: JoinPreview['trip']) {
  const noun = (count: number) => (count === 1 ? 'traveller' : 'travellers');
  return travellerLimit === null
    ? `${travellers} ${noun(travellers)}`
    : `${travellers} of ${travellerLimit} ${noun(travellerLimit)}`;
}

function Invitation({ code, preview }: { code: string; preview: JoinPreview }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const join = useJoinTrip(code);
  const [error, setError] = useState<string | null>(null);
  const { trip } = preview;
  // Where sign-in comes back to. "/" may stay as it is in a query string, which keeps it readable.
  const next = encodeURIComponent(`/join/${encodeURIComponent(code)}`).replaceAll('%2F', '/');

  function handleJoin() {
    setError(null);
    join.mutate(undefined, {
      onSuccess: ({ tripId }) => {
        if (!preview.isMember) toast({ title: `You joined ${trip.name}` });
        navigate(tripPath(tripId));
      },
      // A full trip (403) says why in the server's words.
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not join the trip. Please try again.')),
    });
  }

  return (
    <InvitedTripCard trip={trip} facts={<TripFact icon={Users}>{travellersLine(trip)}</TripFact>}>
      <FormError message={error} />
      {!user ? (
        <div className="grid gap-2">
          <Button asChild size="lg">
            <Link to={`/auth?next=${next}`}>Sign in to join</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={`/auth?next=${next}&mode=register`}>Create an account</Link>
          </Button>
        </div>
      ) : (
        <PendingButton size="lg" pending={join.isPending} onClick={handleJoin}>
          {preview.isMember ? 'Open trip' : 'Join trip'}
        </PendingButton>
      )}
    </InvitedTripCard>
  );
}
