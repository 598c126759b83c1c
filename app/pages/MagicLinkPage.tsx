import { useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Card, CardContent } from '@/components/ui/card';
import { TwoFactorStep } from '@/features/auth/TwoFactorStep';
import { CURRENT_USER_KEY, useAuth } from '@/features/auth/useAuth';
import {
  ExpiredInvitation,
  InvitationPreviewPage,
  InvitedTripCard,
  TripFact,
} from '@/features/members/InvitationCards';
import { useConsumeMagicLink, useMagicLinkPreview } from '@/features/members/useMembers';
import { tripKeys } from '@/features/trips/tripKeys';
import { toast } from '@/hooks/useToast';
import { errorCode, errorMessage } from '@/lib/apiError';
import { usePageMeta } from '@/lib/pageMeta';
import { useLocation, useParams } from '@/lib/router';
import { tripPath } from '../../shared/clientRoutes';
import type { CurrentUser } from '../../shared/contracts/account';
import { MAGIC_LINK_MESSAGES, type MagicLinkPreview } from '../../shared/contracts/members';

/**
 * `/magic/:token` (issue #7): where a magic-link invitation leads. It shows the trip and whom the
 * link is for; joining signs that address in (the server decides whom, whoever was signed in
 * here before) and opens the trip, after the second factor when the account has one. A used or
 * expired link gets a plain page saying so, never an error screen.
 */
export default function MagicLinkPage() {
  const { token = '' } = useParams();
  const preview = useMagicLinkPreview(token);
  const trip = preview.data?.trip;
  usePageMeta(
    trip ? `Join ${trip.name}` : 'Join a trip',
    'You have been invited to plan a trip together on Tripmates.',
  );

  return (
    <InvitationPreviewPage
      query={preview}
      expiredTitle={EXPIRED_TITLE}
      expiredCode="magic_link_invalid"
      expiredMessage={MAGIC_LINK_MESSAGES.invalid}
    >
      {(data) => <MagicInvitation token={token} preview={data} />}
    </InvitationPreviewPage>
  );
}

const EXPIRED_TITLE = 'This magic link has expired';

type Step =
  | { kind: 'invitation' }
  | { kind: 'secondFactor'; tripId: string }
  /** The link was used up (or ran out) between the preview and the click. */
  | { kind: 'expired'; message: string };

function MagicInvitation({ token, preview }: { token: string; preview: MagicLinkPreview }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const consume = useConsumeMagicLink(token);
  const [step, setStep] = useState<Step>({ kind: 'invitation' });
  const [error, setError] = useState<string | null>(null);
  const { trip } = preview;

  function openTrip(signedIn: CurrentUser, tripId: string) {
    // Like useFinishSignIn: the answer is the user now. Trips cached for whoever was signed in
    // before are not theirs, and the list lacks the new trip, so the dashboard loads it afresh.
    queryClient.removeQueries({ queryKey: tripKeys.all });
    queryClient.setQueryData(CURRENT_USER_KEY, signedIn);
    toast({ title: `Welcome to ${trip.name}` });
    // Replace: the link is used up, so Back must not lead to it.
    navigate(tripPath(tripId), { replace: true });
  }

  function handleJoin() {
    setError(null);
    consume.mutate(undefined, {
      onSuccess: (result) => {
        if ('requiresTwoFactor' in result) {
          // The server ended whatever session this browser had; only a pending one is left.
          queryClient.setQueryData(CURRENT_USER_KEY, null);
          setStep({ kind: 'secondFactor', tripId: result.tripId });
        } else {
          openTrip(result.user, result.tripId);
        }
      },
      onError: (failure) => {
        const message = errorMessage(failure, 'Could not join the trip. Please try again.');
        // A full trip says why in the server's words, and the link stays usable.
        if (errorCode(failure) === 'magic_link_invalid') setStep({ kind: 'expired', message });
        else setError(message);
      },
    });
  }

  if (step.kind === 'expired') {
    return <ExpiredInvitation title={EXPIRED_TITLE} message={step.message} />;
  }

  if (step.kind === 'secondFactor') {
    const { tripId } = step;
    return (
      <Card className="shadow-xl shadow-black/5">
        <CardContent>
          <TwoFactorStep
            onSignedIn={(signedIn) => openTrip(signedIn, tripId)}
            // The link is spent and the account is on the trip: signing in with the password
            // leads there too.
            onCancel={() =>
              navigate(`/auth?${new URLSearchParams({ next: tripPath(tripId) })}`, {
                replace: true,
              })
            }
          />
        </CardContent>
      </Card>
    );
  }

  const otherAccount = user !== null && user.email?.toLowerCase() !== preview.email.toLowerCase();

  return (
    <InvitedTripCard trip={trip} facts={<TripFact icon={Mail}>for {preview.email}</TripFact>}>
      {otherAccount && (
        <p className="text-sm text-muted-foreground">
          You're signed in as <span className="break-all">{user.email ?? user.username}</span>.
          Joining signs you in as <span className="break-all">{preview.email}</span> instead.
        </p>
      )}
      <FormError message={error} />
      <PendingButton
        size="lg"
        className="h-auto min-h-10 whitespace-normal break-words"
        pending={consume.isPending}
        onClick={handleJoin}
      >
        Join {trip.name}
      </PendingButton>
      <p className="text-center text-xs text-muted-foreground">
        No password needed: the link works once.
      </p>
    </InvitedTripCard>
  );
}
