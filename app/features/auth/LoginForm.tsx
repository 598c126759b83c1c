import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PasswordInput } from '@/components/PasswordInput';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasskeySignIn } from '@/features/passkeys/PasskeySignIn';
import { Link } from '@/lib/router';
import type { CurrentUser } from '../../../shared/contracts/account';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members';
import { checkSignIn, type LoginField, type SignInError, signInFailure } from './signInError';
import { TwoFactorStep } from './TwoFactorStep';
import { useLogin } from './useLogin';

/**
 * Sign in with a username (or e-mail) and password (spec §2 Sign-in page, §4 Login). When the
 * account has two-factor on, the answer asks for a code and the form gives way to that step.
 * Issue #38: a failure shows in the form, as sign-up's do — under the field to fix, which takes
 * the cursor, or above Sign In when no field can fix it — and goes as soon as the person edits.
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
  const [values, setValues] = useState({ username: '', password: '' });
  const [error, setError] = useState<SignInError | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const login = useLogin();
  const refs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const leftForCode = useRef(false);

  // The focused control disappears when one step replaces another; put focus where work goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusOnMount applies on mount only
  useEffect(() => {
    if (needsCode) {
      leftForCode.current = true;
    } else if (leftForCode.current) {
      refs.password.current?.focus();
    } else if (focusOnMount) {
      refs.username.current?.focus();
    }
  }, [needsCode]);

  /** Shows a failure, with the cursor in the field it is about (its text selected, to retype). */
  function fail(failure: SignInError) {
    setError(failure);
    if (failure.at === 'form') return;
    const field = refs[failure.at].current;
    field?.focus();
    field?.select();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkSignIn(values);
    if (!checked.ok) return fail(checked.error);
    setError(null);
    login.mutate(checked.data, {
      onSuccess: (result) => {
        if ('requiresTwoFactor' in result) {
          // The password has done its job; the pending session (a cookie) carries on from here.
          setValues((current) => ({ ...current, password: '' }));
          setNeedsCode(true);
        } else {
          onSignedIn(result.user);
        }
      },
      onError: (failure) => fail(signInFailure(failure)),
    });
  }

  /** Back from the code step; `message` says why when it ended the sign-in (too many codes…). */
  function handleCodeStepEnd(message?: string) {
    setError(message ? { message, at: 'form', invalid: [] } : null);
    setNeedsCode(false);
  }

  if (needsCode) {
    return <TwoFactorStep onSignedIn={onSignedIn} onCancel={handleCodeStepEnd} />;
  }

  const errorId = `${id}-error`;
  const fieldError = (name: LoginField) =>
    error?.at === name ? <FormError id={errorId} message={error.message} /> : null;
  function field(name: LoginField) {
    const invalid = error?.invalid.includes(name) ?? false;
    const described = error && (invalid || error.at === name || error.at === 'form');
    return {
      ref: refs[name],
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.target;
        setValues((current) => ({ ...current, [name]: value }));
        setError(null);
      },
      'aria-invalid': invalid || undefined,
      'aria-describedby': described ? errorId : undefined,
    };
  }

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-label="Sign in">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="Username or email"
            {...field('username')}
          />
          {fieldError('username')}
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
          <PasswordInput autoComplete="current-password" {...field('password')} />
          {fieldError('password')}
        </div>
        {error?.at === 'form' && <FormError id={errorId} message={error.message} />}
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
