import { CircleCheck, Loader2, Plane } from 'lucide-react';
import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { LoginForm } from '@/features/auth/LoginForm';
import { RegisterForm } from '@/features/auth/RegisterForm';
import { useAuth } from '@/features/auth/useAuth';
import { useFinishSignIn } from '@/features/auth/useLogin';
import { useSiteConfig } from '@/features/site/useSiteConfig';
import { Redirect, useSearchParams } from '@/lib/router';

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

/** `/auth` (spec §2): sign-in, labelled Admin Login, and sign-up; signed-in users go on. */
export default function AuthPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const destination = safeNext(searchParams.get('next'));
  const invitation = invitationIn(destination);
  const { signedIn, finish } = useFinishSignIn(destination);
  const site = useSiteConfig();
  // Issue #7: with sign-up by invitation only, it is offered only to someone holding one.
  const canRegister = site.data?.registration !== 'invite' || invitation !== undefined;
  const [mode, setMode] = useState<'signIn' | 'register'>(() =>
    searchParams.get('mode') === 'register' ? 'register' : 'signIn',
  );
  const [switched, setSwitched] = useState(false);

  // Someone who arrives signed in goes straight on; someone who just signed in here sees the
  // confirmation for a moment first (useFinishSignIn navigates).
  if (user && !signedIn) return <Redirect to={destination} replace />;

  return (
    <AuthShell>
      <Card className="gap-6 shadow-xl shadow-black/5">
        <AuthCardHeader
          icon={<Plane aria-hidden />}
          title="Admin Login"
          description={
            mode === 'signIn' || !canRegister
              ? 'Sign in to plan your next trip with your group.'
              : 'Create your account to start planning together.'
          }
        />
        <CardContent>
          {signedIn ? (
            <output className="flex flex-col items-center gap-3 py-6 text-center">
              <CircleCheck aria-hidden className="size-10 text-emerald-500" />
              <span className="font-medium">You're signed in</span>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 aria-hidden className="size-4 animate-spin" />
                {destination === DEFAULT_DESTINATION
                  ? 'Opening your dashboard…'
                  : 'Taking you back…'}
              </span>
            </output>
          ) : mode === 'signIn' || !canRegister ? (
            <LoginForm
              inviteOnly={!canRegister}
              onSignedIn={finish}
              onCreateAccount={() => {
                setSwitched(true);
                setMode('register');
              }}
              focusOnMount={switched}
            />
          ) : (
            <RegisterForm
              onSignedIn={finish}
              onSignIn={() => setMode('signIn')}
              invitation={invitation}
            />
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
