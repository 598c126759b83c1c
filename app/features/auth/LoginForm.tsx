import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PasswordInput } from '@/components/PasswordInput';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasskeySignIn } from '@/features/passkeys/PasskeySignIn';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { Link } from '@/lib/router';
import { parseForm } from '@/lib/validation';
import type { CurrentUser } from '../../../shared/contracts/account';
import { loginBody, MESSAGES } from '../../../shared/contracts/auth';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members';
import { TwoFactorStep } from './TwoFactorStep';
import { useLogin } from './useLogin';

/**
 * Sign in with a username (or e-mail) and password (spec §2 Sign-in page, §4 Login). When the
 * account has two-factor on, the answer asks for a code and the form gives way to that step.
 */
export function LoginForm({
  onSignedIn,
  onCreateAccount,
  focusOnMount = false,
  inviteOnly = false,
}: {
  onSignedIn: (user: CurrentUser, message?: string) => void;
  onCreateAccount: () => void;
  /** Sign-up is by invitation only and the visitor has none: say so instead of offering it. */
  inviteOnly?: boolean;
  /** Put the cursor in Username at once (when the form replaces another one). */
  focusOnMount?: boolean;
}) {
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const login = useLogin();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const leftForCode = useRef(false);

  // The focused control disappears when one step replaces another; put focus where work goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusOnMount applies on mount only
  useEffect(() => {
    if (needsCode) {
      leftForCode.current = true;
    } else if (leftForCode.current) {
      passwordRef.current?.focus();
    } else if (focusOnMount) {
      usernameRef.current?.focus();
    }
  }, [needsCode]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(loginBody, { username, password });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    login.mutate(parsed.data, {
      onSuccess: (result) => {
        if ('requiresTwoFactor' in result) {
          // The password has done its job; the pending session (a cookie) carries on from here.
          setPassword('');
          setNeedsCode(true);
        } else {
          onSignedIn(result.user);
        }
      },
      onError: (failure) => {
        toast({
          variant: 'destructive',
          title: 'Login Failed',
          description: errorMessage(failure, MESSAGES.invalidCredentials),
        });
      },
    });
  }

  if (needsCode) {
    return <TwoFactorStep onSignedIn={onSignedIn} onCancel={() => setNeedsCode(false)} />;
  }

  const errorId = `${id}-error`;
  const invalid = (value: string) => (error && !value.trim() ? true : undefined);

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-label="Sign in">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            ref={usernameRef}
            id={`${id}-username`}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="Username or email"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            aria-invalid={invalid(username)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <Link
              to="/forgot-password"
              className="rounded-sm text-sm font-medium text-primary hover:underline"
            >
              Forgot password?
            </Link>
          </div>
          <PasswordInput
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={invalid(password)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <FormError id={errorId} message={error} />
        <PendingButton type="submit" size="lg" className="mt-1 w-full" pending={login.isPending}>
          Sign In
        </PendingButton>
      </form>
      <PasskeySignIn onSignedIn={onSignedIn} />
      {inviteOnly ? (
        <p className="text-center text-sm text-muted-foreground">{MEMBER_MESSAGES.inviteOnly}</p>
      ) : (
        <p className="text-center text-sm text-muted-foreground">
          New to Tripmates?{' '}
          <button
            type="button"
            onClick={onCreateAccount}
            className="rounded-sm font-medium text-primary hover:underline"
          >
            Create an account
          </button>
        </p>
      )}
    </div>
  );
}
