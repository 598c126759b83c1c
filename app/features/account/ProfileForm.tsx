import { MailWarning } from 'lucide-react';
import type { FormEvent } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { useFormFields } from '@/lib/useFormFields';
import { parseForm } from '@/lib/validation';
import { type CurrentUser, updateUserBody } from '../../../shared/contracts/account';
import { shownEmail } from './ProfileHeader';
import { useConfirmationDelivery, useUpdateProfile } from './useAccount';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  homeAirport: string;
};

const valuesOf = (user: CurrentUser): Values => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: shownEmail(user),
  homeAirport: user.homeAirport ?? '',
});

/**
 * A new address takes effect from the link sent to it (the server answers alike whether or not
 * another account has it), so saving one is told as a link on its way.
 */
const linkSent = (address: string) => ({
  title: 'Check your inbox',
  description: `We sent a link to ${address}. Your e-mail address changes when you open it.`,
});

/**
 * Edit name, e-mail and home airport (`PATCH /api/user`). The picture is uploaded beside the
 * avatar (ProfilePictureControl.tsx): the page shows pictures from this site only, so an address
 * of one elsewhere would never show.
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { id, values, setValues, error, setError, field } = useFormFields(() => valuesOf(user));
  const update = useUpdateProfile();
  const saved = valuesOf(user);
  const changed = (Object.keys(values) as (keyof Values)[]).some(
    (key) => values[key].trim() !== saved[key],
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(updateUserBody, values);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    // The address goes only when it changed: each one sent is e-mailed a new link.
    const { email, ...rest } = parsed.data;
    const newEmail = email && email.toLowerCase() !== saved.email.toLowerCase() ? email : null;
    update.mutate(newEmail ? { ...rest, email: newEmail } : rest, {
      onSuccess: (next) => {
        setValues(valuesOf(next));
        toast(
          newEmail
            ? linkSent(newEmail)
            : { title: 'Profile updated', description: 'Your changes have been saved.' },
        );
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not save your profile. Please try again.')),
    });
  }

  function resendLink(address: string) {
    update.mutate(
      { email: address },
      {
        onSuccess: () => toast(linkSent(address)),
        onError: (failure) =>
          setError(errorMessage(failure, 'Could not send the link. Please try again.')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile details</CardTitle>
        <CardDescription>How you appear to the people you travel with.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit}
          className="grid gap-4"
          aria-label="Profile details"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-firstName`}>First name</Label>
              <Input autoComplete="given-name" {...field('firstName')} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-lastName`}>Last name</Label>
              <Input autoComplete="family-name" {...field('lastName')} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input type="email" autoComplete="email" spellCheck={false} {...field('email')} />
            {user.pendingEmail && (
              <div className="flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm">
                <MailWarning aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-500" />
                <div className="grid min-w-0 justify-items-start gap-1">
                  <p className="[overflow-wrap:anywhere]">
                    Waiting for you to confirm <strong>{user.pendingEmail}</strong>: open the link
                    we sent to it.
                  </p>
                  <LinkDelivery />
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto p-0"
                    disabled={update.isPending}
                    onClick={() => resendLink(user.pendingEmail!)}
                  >
                    Send the link again
                  </Button>
                </div>
              </div>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-homeAirport`}>Home airport</Label>
            <Input
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={3}
              placeholder="SIN"
              className="uppercase sm:max-w-32"
              {...field('homeAirport')}
              aria-describedby={[`${id}-homeAirport-hint`, error && `${id}-error`]
                .filter(Boolean)
                .join(' ')}
            />
            <p id={`${id}-homeAirport-hint`} className="text-xs text-muted-foreground">
              The 3-letter code your flights leave from: trip flight searches start there, and show
              the group’s search from it.
            </p>
          </div>
          <FormError id={`${id}-error`} message={error} />
          <div className="flex justify-end">
            <PendingButton
              type="submit"
              pending={update.isPending}
              disabled={!changed}
              className="w-full sm:w-auto"
            >
              Save Changes
            </PendingButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * Says when the link to the pending address has not arrived (issue #35): the mail server is
 * failing for now (the outbox keeps trying), or refused it — a mistyped address, most likely.
 */
function LinkDelivery() {
  const delivery = useConfirmationDelivery({ enabled: true });
  const state = delivery.data?.state;
  if (state === 'retrying') {
    return (
      <p className="text-muted-foreground">
        The link has not gone out yet: our mail server is not answering. We keep trying for a day.
      </p>
    );
  }
  if (state === 'not_delivered') {
    return (
      <p role="status" className="font-medium text-destructive [overflow-wrap:anywhere]">
        The link could not be delivered: the address was refused. Check it, or enter another one.
      </p>
    );
  }
  return null;
}
