import { CircleCheck, Loader2, Plane } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { LoginForm } from '@/features/auth/LoginForm';
import { RegisterForm } from '@/features/auth/RegisterForm';
import { useAuth } from '@/features/auth/useAuth';
import { useFinishSignIn } from '@/features/auth/useLogin';
import { useJoinPreview, useJoinTrip } from '@/features/members/useMembers';
import { useSiteConfig } from '@/features/site/useSiteConfig';
import { Redirect, useSearchParams } from '@/lib/router';
import { tripPath } from '../../shared/clientRoutes';
import type { CurrentUser } from '../../shared/contracts/account';

const DEFAULT_DESTINATION = '/dashboard';

/**
 * Where to go after signing in: `next` when it is a path of this site ("/…"), else the
 * dashboard. "//host", "/\\host" or a path with a tab in it can be another site to a browser, so
 * the path is resolved the way a browser would and kept only when it stays here: a link must not
 * be able to send someone elsewhere through the sign-in page.
 */
function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return DEFAULT_DESTINATION;
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin !== window.location.origin) return DEFAULT_DESTINATION;
    return url.pathname + url.search + url.hash;
  } catch {
    return DEFAULT_DESTINATION;
  }
}

/** The join code of a `/join/<code>` destination: the invitation a new account comes with. */
function invitationIn(destination: string): string | undefined {
  const match = /^\/join\/([^/?#]+)/.exec(destination);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined; // A malformed escape: no invitation rather than a crash.
  }
}

/**
 * `/auth` (spec §2): sign-in, labelled Admin Login, and sign-up; signed-in users go on. Issue #38:
 * someone who came from a join link is told which trip they are joining, and lands on it joined
 * — sign-up joins it on the server, a sign-in here joins it next (POST /api/join, which checks
 * the invitation again); when the join cannot happen the join page says why.
 */
export default function AuthPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const destination = safeNext(searchParams.get('next'));
  const invitation = invitationIn(destination);
  const { signedIn, finish } = useFinishSignIn(destination);
  const site = useSiteConfig();
  const invited = useJoinPreview(invitation ?? '', { enabled: invitation !== undefined });
  const join = useJoinTrip(invitation ?? '');
  const tripName = invitation ? invited.data?.trip.name : undefined;
  // Issue #7: with sign-up by invitation only, it is offered only to someone holding one.
  const canRegister = site.data?.registration !== 'invite' || invitation !== undefined;
  const [mode, setMode] = useState<'signIn' | 'register'>(() =>
    searchParams.get('mode') === 'register' ? 'register' : 'signIn',
  );
  const [switched, setSwitched] = useState(false);

  // Someone who arrives signed in goes straight on; someone who just signed in here sees the
  // confirmation for a moment first (useFinishSignIn navigates).
  if (user && !signedIn) return <Redirect to={destination} replace />;

  /** Signed in to an account that already existed: an invitation's trip is joined now. */
  function handleSignedIn(signedInAs: CurrentUser, message?: string) {
    if (!invitation) return finish(signedInAs, message);
    const joined = join
      .mutateAsync()
      .then(({ tripId }) => tripPath(tripId))
      // Expired, reset, or the trip is full: the join page shows the reason.
      .catch(() => destination);
    finish(signedInAs, message, joined);
  }

  /** A new account: with an invitation the server has joined its trip already (`tripId`). */
  function handleRegistered(newUser: CurrentUser, message: string, tripId: string | null) {
    finish(newUser, message, tripId ? tripPath(tripId) : destination);
  }

  const registering = mode === 'register' && canRegister;
  let description: ReactNode = registering
    ? 'Create your account to start planning together.'
    : 'Sign in to plan your next trip with your group.';
  if (tripName) {
    description = (
      <>
        {registering ? 'Create an account to join ' : 'Sign in to join '}
        <strong className="font-semibold text-foreground">{tripName}</strong>.
      </>
    );
  }

  return (
    <AuthShell>
      <Card className="gap-6 shadow-xl shadow-black/5">
        <AuthCardHeader
          icon={<Plane aria-hidden />}
          title="Admin Login"
          description={description}
        />
        <CardContent>
          {signedIn ? (
            <output className="flex flex-col items-center gap-3 py-6 text-center">
              <CircleCheck aria-hidden className="size-10 text-emerald-500" />
              <span className="font-medium">You're signed in</span>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 aria-hidden className="size-4 animate-spin" />
                {tripName
                  ? `Taking you to ${tripName}…`
                  : destination === DEFAULT_DESTINATION
                    ? 'Opening your dashboard…'
                    : 'Taking you back…'}
              </span>
            </output>
          ) : registering ? (
            <RegisterForm
              onSignedIn={handleRegistered}
              onSignIn={() => setMode('signIn')}
              invitation={invitation}
              tripName={tripName}
            />
          ) : (
            <LoginForm
              inviteOnly={!canRegister}
              onSignedIn={handleSignedIn}
              onCreateAccount={() => {
                setSwitched(true);
                setMode('register');
              }}
              focusOnMount={switched}
            />
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
