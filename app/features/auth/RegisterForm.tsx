import { type FormEvent, useEffect, useRef } from 'react';
import { FormError } from '@/components/FormError';
import { PasswordInput } from '@/components/PasswordInput';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/apiError';
import { useFormFields } from '@/lib/useFormFields';
import { parseForm } from '@/lib/validation';
import { type CurrentUser, PASSWORD_MIN } from '../../../shared/contracts/account';
import { registerBody } from '../../../shared/contracts/auth';
import { useRegister } from './useLogin';

const EMPTY = { username: '', email: '', password: '', firstName: '', lastName: '' };

/**
 * Create an account; on success it is signed in, like a login, and its e-mail address waits for
 * the link sent to it. `invitation`, the join code the person came with, goes along: it is what
 * lets them in when sign-up is by invitation only, and (issue #38) the server joins them to its
 * trip at once — `onSignedIn`'s `tripId`, null when it could not.
 */
export function RegisterForm({
  onSignedIn,
  onSignIn,
  invitation,
  tripName,
}: {
  onSignedIn: (user: CurrentUser, message: string, tripId: string | null) => void;
  onSignIn: () => void;
  invitation?: string;
  /** The invitation's trip, when known: the welcome names it. */
  tripName?: string;
}) {
  const { id, values, error, setError, field } = useFormFields(EMPTY);
  const register = useRegister();
  const firstField = useRef<HTMLInputElement>(null);

  // Shown in place of the sign-in form: start at its first field.
  useEffect(() => {
    firstField.current?.focus();
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(registerBody, invitation ? { ...values, invitation } : values);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    register.mutate(parsed.data, {
      // The address counts once its link is opened (the answer is the same if it is taken).
      onSuccess: (result) => {
        const joined = result.tripId && tripName ? ` You joined ${tripName}.` : '';
        onSignedIn(
          result.user,
          `Logged in successfully.${joined} We sent a link to ${parsed.data.email}: open it to confirm your e-mail address.`,
          result.tripId,
        );
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not create your account. Please try again.')),
    });
  }

  return (
    <div className="grid gap-6">
      <form
        noValidate
        onSubmit={handleSubmit}
        className="grid gap-4"
        aria-label="Create an account"
      >
        <div className="grid gap-2">
          <Label htmlFor={`${id}-username`}>Username</Label>
          <Input
            ref={firstField}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...field('username')}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input type="email" autoComplete="email" spellCheck={false} {...field('email')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <PasswordInput autoComplete="new-password" {...field('password')} />
          <p className="text-xs text-muted-foreground">At least {PASSWORD_MIN} characters.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-firstName`}>
              First name <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input autoComplete="given-name" {...field('firstName')} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-lastName`}>
              Last name <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input autoComplete="family-name" {...field('lastName')} />
          </div>
        </div>
        <FormError id={`${id}-error`} message={error} />
        <PendingButton type="submit" size="lg" className="mt-1 w-full" pending={register.isPending}>
          Create Account
        </PendingButton>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <button
          type="button"
          onClick={onSignIn}
          className="rounded-sm font-medium text-primary hover:underline"
        >
          Sign in
        </button>
      </p>
    </div>
  );
}
