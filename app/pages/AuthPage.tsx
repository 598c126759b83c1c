import { CircleCheck, Loader2, Plane } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthShell } from '@/features/auth/AuthShell';
import { LoginForm } from '@/features/auth/LoginForm';
import { RegisterForm } from '@/features/auth/RegisterForm';
import { useAuth } from '@/features/auth/useAuth';
import { useFinishSignIn } from '@/features/auth/useLogin';

/** `/auth` (spec §2): sign-in, labelled Admin Login, and sign-up; signed-in users go on. */
export default function AuthPage() {
  const { user } = useAuth();
  const { signedIn, finish } = useFinishSignIn();
  const [mode, setMode] = useState<'signIn' | 'register'>('signIn');
  const [switched, setSwitched] = useState(false);

  // Someone who arrives signed in goes straight on; someone who just signed in here sees the
  // confirmation for a moment first (useFinishSignIn navigates).
  if (user && !signedIn) return <Navigate to="/dashboard" replace />;

  return (
    <AuthShell>
      <Card className="gap-6 shadow-xl shadow-black/5">
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-2xl bg-primary/15 text-primary">
            <Plane aria-hidden className="size-6" />
          </span>
          <CardTitle as="h1" className="text-2xl">
            Admin Login
          </CardTitle>
          <CardDescription>
            {mode === 'signIn'
              ? 'Sign in to plan your next trip with your group.'
              : 'Create your account to start planning together.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {signedIn ? (
            <output className="flex flex-col items-center gap-3 py-6 text-center">
              <CircleCheck aria-hidden className="size-10 text-emerald-500" />
              <span className="font-medium">You're signed in</span>
              <span className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 aria-hidden className="size-4 animate-spin" />
                Opening your dashboard…
              </span>
            </output>
          ) : mode === 'signIn' ? (
            <LoginForm
              onSignedIn={finish}
              onCreateAccount={() => {
                setSwitched(true);
                setMode('register');
              }}
              focusOnMount={switched}
            />
          ) : (
            <RegisterForm onSignedIn={finish} onSignIn={() => setMode('signIn')} />
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
