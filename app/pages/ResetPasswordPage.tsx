import { ArrowLeft, CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PasswordInput } from '@/components/PasswordInput';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { useResetPassword } from '@/features/auth/usePasswordReset';
import { toast } from '@/hooks/useToast';
import { errorCode, errorMessage } from '@/lib/apiError';
import { Link, useSearchParams } from '@/lib/router';
import { PASSWORDS_DIFFER, parseForm } from '@/lib/validation';
import { PASSWORD_MIN } from '../../shared/contracts/account';
import { resetPasswordBody } from '../../shared/contracts/auth';

const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';

type State = { kind: 'form' } | { kind: 'done' } | { kind: 'invalid'; message: string };

/**
 * `/reset-password?token=…`: the page the reset e-mail links to. A missing, expired, used or
 * unknown token ends on a message with a way to ask for a new link.
 */
export default function ResetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<State>(
    token ? { kind: 'form' } : { kind: 'invalid', message: INVALID_LINK },
  );
  const reset = useResetPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(resetPasswordBody, { token, password });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    if (password !== confirm) {
      setError(PASSWORDS_DIFFER);
      return;
    }
    setError(null);
    reset.mutate(parsed.data, {
      onSuccess: () => {
        setState({ kind: 'done' });
        toast({
          title: 'Password reset',
          description: 'You can now sign in with your new password.',
        });
      },
      onError: (failure) => {
        const message = errorMessage(failure, 'Could not reset your password. Please try again.');
        // A refused password (a common one, say) is the form's business; a used, expired or
        // unknown link ends the form.
        if (errorCode(failure) === 'reset_link_invalid') {
          setState({ kind: 'invalid', message });
        } else {
          setError(message);
        }
      },
    });
  }

  const Icon = state.kind === 'done' ? CircleCheck : state.kind === 'invalid' ? LinkIcon : KeyRound;

  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/5">
        <AuthCardHeader
          icon={<Icon aria-hidden />}
          title={
            state.kind === 'done'
              ? 'Password Reset'
              : state.kind === 'invalid'
                ? 'Link Not Valid'
                : 'Choose a New Password'
          }
          description={
            state.kind === 'form' &&
            "Pick a password you don't use anywhere else. Afterwards you'll be signed out on every device."
          }
        />
        <CardContent className="grid gap-6">
          {state.kind === 'done' && (
            <>
              <output className="rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-4 text-center text-sm">
                Your password has been reset. Sign in with your new password.
              </output>
              <Button asChild size="lg" className="w-full">
                <Link to="/auth">Go to Login</Link>
              </Button>
            </>
          )}
          {state.kind === 'invalid' && (
            <>
              <p role="alert" className="text-center text-sm text-muted-foreground">
                {state.message}
              </p>
              <Button asChild size="lg" className="w-full">
                <Link to="/forgot-password">Request a new link</Link>
              </Button>
            </>
          )}
          {state.kind === 'form' && (
            <form noValidate onSubmit={handleSubmit} className="grid gap-4">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-password`}>New password</Label>
                <PasswordInput
                  id={`${id}-password`}
                  name="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                />
                <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                  At least {PASSWORD_MIN} characters.
                </p>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-confirm`}>Confirm new password</Label>
                <PasswordInput
                  id={`${id}-confirm`}
                  name="confirm"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(event) => setConfirm(event.target.value)}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              </div>
              <FormError id={`${id}-error`} message={error} />
              <PendingButton type="submit" size="lg" className="w-full" pending={reset.isPending}>
                Reset Password
              </PendingButton>
            </form>
          )}
          {state.kind !== 'done' && (
            <Link
              to="/auth"
              className="inline-flex items-center justify-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
            >
              <ArrowLeft aria-hidden className="size-4" />
              Back to Login
            </Link>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
