import { LinkIcon, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { leaveDeleted } from '@/features/account/DeleteAccountCard';
import { useDeleteAccountByLink } from '@/features/account/useAccount';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { SecondFactorField } from '@/features/twofactor/SecondFactorField';
import { useSecondFactor } from '@/features/twofactor/useSecondFactor';
import { errorCode, errorMessage } from '@/lib/apiError';
import { usePageMeta } from '@/lib/pageMeta';
import { Link, useSearchParams } from '@/lib/router';

const INCOMPLETE = 'This link is incomplete. Open the whole link from the e-mail.';

/**
 * `/delete-account?token=…`: where the link that confirms deleting an account without a password
 * leads (issue #16). Opening it deletes nothing — mail scanners open links too — a click does.
 * When two-factor is on, the server asks for a code and the field appears.
 */
export default function DeleteAccountPage() {
  usePageMeta('Delete your account', 'Confirm deleting your Tripmates account.');
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const factor = useSecondFactor();
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccountByLink();
  const linkInvalid = errorCode(remove.error) === 'deletion_link_invalid';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const second = askCode ? factor.parse() : null;
    if (second && !second.ok) {
      setError(second.message);
      return;
    }
    setError(null);
    remove.mutate(
      second?.ok ? { confirmation: token, token: second.data } : { confirmation: token },
      {
        onSuccess: leaveDeleted,
        onError: (failure) => {
          if (errorCode(failure) === 'invalid_code') setAskCode(true);
          setError(errorMessage(failure, 'Could not delete your account. Please try again.'));
        },
      },
    );
  }

  if (!token || linkInvalid) {
    return (
      <AuthShell>
        <Card className="shadow-xl shadow-black/5">
          <AuthCardHeader icon={<LinkIcon aria-hidden />} title="Link Not Valid" />
          <CardContent className="grid gap-6">
            <p role="alert" className="text-center text-sm text-muted-foreground">
              {token ? error : INCOMPLETE}
            </p>
            <Button asChild size="lg" className="w-full">
              <Link to="/security">Go to your security page</Link>
            </Button>
          </CardContent>
        </Card>
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/5">
        <AuthCardHeader
          tone="destructive"
          icon={<Trash2 aria-hidden />}
          title="Delete Your Account"
          description="This permanently deletes the Tripmates account this link was sent for: its sign-in history and its place in every trip. It cannot be undone."
        />
        <CardContent>
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            {askCode && (
              <SecondFactorField
                id={`${id}-code`}
                factor={factor}
                autoFocus
                describedBy={error ? `${id}-error` : undefined}
              />
            )}
            <FormError id={`${id}-error`} message={error} />
            <PendingButton
              type="submit"
              size="lg"
              variant="destructive"
              className="w-full"
              pending={remove.isPending}
            >
              Delete my account
            </PendingButton>
            <Button asChild variant="ghost" className="w-full">
              <Link to="/">Keep my account</Link>
            </Button>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
