import type { FormEvent } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { useFormFields } from '@/lib/useFormFields';
import { parseForm } from '@/lib/validation';
import { type CurrentUser, updateUserBody } from '../../../shared/contracts/account';
import { useUpdateProfile } from './useAccount';

type Values = { firstName: string; lastName: string; email: string; profileImageUrl: string };

const valuesOf = (user: CurrentUser): Values => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  profileImageUrl: user.profileImageUrl ?? '',
});

/** Edit name, e-mail and picture (`PATCH /api/user`). */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { id, values, setValues, error, setError, field } = useFormFields(() => valuesOf(user));
  const update = useUpdateProfile();
  const saved = valuesOf(user);
  const changed = (Object.keys(values) as (keyof Values)[]).some(
    (key) => values[key].trim() !== saved[key],
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(updateUserBody, {
      ...values,
      // An empty picture field removes the picture.
      profileImageUrl: values.profileImageUrl.trim() || null,
    });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    const newEmail =
      parsed.data.email && parsed.data.email.toLowerCase() !== user.email.toLowerCase()
        ? parsed.data.email
        : null;
    update.mutate(parsed.data, {
      onSuccess: (next) => {
        setValues(valuesOf(next));
        // A new address takes effect from the link sent to it (the server answers alike
        // whether or not another account has it).
        toast(
          newEmail
            ? {
                title: 'Check your inbox',
                description: `We sent a link to ${newEmail}. Your e-mail address changes when you open it.`,
              }
            : { title: 'Profile updated', description: 'Your changes have been saved.' },
        );
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not save your profile. Please try again.')),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile details</CardTitle>
        <CardDescription>
          How your name and picture appear to the people you travel with.
        </CardDescription>
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
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-profileImageUrl`}>Profile image URL</Label>
            <Input
              type="url"
              inputMode="url"
              spellCheck={false}
              placeholder="https://…"
              {...field('profileImageUrl')}
            />
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
