import { CircleCheck, LinkIcon, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useConfirmEmail } from '@/features/account/useAccount';
import { AuthShell } from '@/features/auth/AuthShell';
import { errorMessage } from '@/lib/apiError';
import { usePageMeta } from '@/lib/pageMeta';

const INCOMPLETE = 'This confirmation link is incomplete. Open the whole link from the e-mail.';

/**
 * `/confirm-email?token=…`: where the link sent to a new e-mail address leads. Opening it is the
 * confirmation (it works in any browser: the token is the proof), so the page confirms at once
 * and says what happened.
 */
export default function ConfirmEmailPage() {
  usePageMeta('Confirm your e-mail address', 'Confirm the new e-mail address of your account.');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once: the link is single-use, and React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const failed = !token || confirm.isError;
  const Icon = confirm.isSuccess ? CircleCheck : failed ? LinkIcon : Loader2;
  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/5">
        <CardHeader className="items-center text-center">
          <span className="mb-2 grid size-12 place-items-center rounded-2xl bg-primary/15 text-primary">
            <Icon
              aria-hidden
              className={failed || confirm.isSuccess ? 'size-6' : 'size-6 animate-spin'}
            />
          </span>
          <CardTitle as="h1" className="text-2xl">
            {confirm.isSuccess ? 'E-mail Confirmed' : failed ? 'Link Not Valid' : 'Confirming…'}
          </CardTitle>
          {!failed && !confirm.isSuccess && (
            <CardDescription>One moment while we confirm your new address.</CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-6">
          {confirm.isSuccess && (
            <output className="rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-4 text-center text-sm">
              Your account's e-mail address is now <strong>{confirm.data.email}</strong>.
            </output>
          )}
          {failed && (
            <p role="alert" className="text-center text-sm text-muted-foreground">
              {token
                ? errorMessage(confirm.error, 'Could not confirm the address. Please try again.')
                : INCOMPLETE}
            </p>
          )}
          {(failed || confirm.isSuccess) && (
            <Button asChild size="lg" className="w-full">
              <Link to="/profile">Go to your profile</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
