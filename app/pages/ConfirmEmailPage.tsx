import { CircleCheck, LinkIcon, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useConfirmEmail } from '@/features/account/useAccount';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { useAuth } from '@/features/auth/useAuth';
import { errorMessage } from '@/lib/apiError';
import { usePageMeta } from '@/lib/pageMeta';
import { Link, useSearchParams } from '@/lib/router';

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
  const { user } = useAuth();
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
        <AuthCardHeader
          icon={
            <Icon
              aria-hidden
              className={failed || confirm.isSuccess ? undefined : 'animate-spin'}
            />
          }
          title={confirm.isSuccess ? 'E-mail Confirmed' : failed ? 'Link Not Valid' : 'Confirming…'}
          description={!failed && !confirm.isSuccess && 'One moment while we confirm your address.'}
        />
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
          {/* Issue #38: someone who signed up from an invitation goes on to their trip. */}
          {confirm.isSuccess && user && (
            <Button asChild size="lg" className="w-full">
              <Link to="/dashboard">Open your trips</Link>
            </Button>
          )}
          {(failed || confirm.isSuccess) && (
            <Button
              asChild
              size="lg"
              variant={confirm.isSuccess && user ? 'outline' : 'default'}
              className="w-full"
            >
              <Link to="/profile">Go to your profile</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
