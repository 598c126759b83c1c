import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { useForgotPassword } from '@/features/auth/usePasswordReset';
import { toast } from '@/hooks/useToast';
import { Link } from '@/lib/router';
import { parseForm } from '@/lib/validation';
import { forgotPasswordBody } from '../../shared/contracts/auth';

function BackToLogin() {
  return (
    <Link
      to="/auth"
      className="inline-flex items-center justify-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Back to Login
    </Link>
  );
}

/** `/forgot-password` (spec §2, §4, §5, §8): ask for a reset link by e-mail. */
export default function ForgotPasswordPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useForgotPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(forgotPasswordBody, { email });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    forgot.mutate(parsed.data.email, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
        toast({
          title: 'Check your email',
          description: 'If your email is registered, you will receive a password reset link',
        });
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to send password reset email. Please try again.',
        });
      },
    });
  }

  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/5">
        <AuthCardHeader
          icon={sentTo ? <MailCheck aria-hidden /> : <KeyRound aria-hidden />}
          title="Reset Your Password"
          description={
            !sentTo &&
            "Enter the email address of your account and we'll send you a link to choose a new password."
          }
        />
        <CardContent className="grid gap-6">
          {sentTo ? (
            <output className="grid gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-4 text-center text-sm">
              <span className="font-semibold">Reset link sent</span>
              <span className="text-muted-foreground">
                If <strong className="font-medium text-foreground">{sentTo}</strong> belongs to an
                account, we've sent it a link to reset your password. Check your inbox (and the spam
                folder).
              </span>
            </output>
          ) : (
            <form noValidate onSubmit={handleSubmit} className="grid gap-4">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-email`}>Email</Label>
                <Input
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  spellCheck={false}
                  placeholder="you@example.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              </div>
              <FormError id={`${id}-error`} message={error} />
              <PendingButton type="submit" size="lg" className="w-full" pending={forgot.isPending}>
                Send Reset Link
              </PendingButton>
            </form>
          )}
          <BackToLogin />
        </CardContent>
      </Card>
    </AuthShell>
  );
}
