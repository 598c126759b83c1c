import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members';
import { useInviteByEmail } from './useMembers';

/**
 * spec §5: the client asks only for something with an @ in it; the server checks the address
 * properly and answers with the same message when it is not one.
 */
function looksLikeEmail(value: string) {
  return value.trim() !== '' && value.includes('@');
}

/** Invite by e-mail (owner only): the server sends the join link to the address. */
export function InviteByEmailForm({ tripId }: { tripId: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteByEmail(tripId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    if (!looksLikeEmail(email)) {
      // spec §5, §8: exactly this toast.
      toast({
        variant: 'destructive',
        title: 'Invalid email',
        description: MEMBER_MESSAGES.invalidEmail,
      });
      return;
    }
    setError(null);
    const address = email.trim();
    invite.mutate(
      { email: address },
      {
        onSuccess: () => {
          toast({ title: `Invitation sent to ${address}` });
          setEmail('');
        },
        onError: (failure) => setError(errorMessage(failure, MEMBER_MESSAGES.mailFailed)),
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-2">
      <Label htmlFor={`${id}-email`}>Invite by email</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="friend@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <PendingButton type="submit" pending={invite.isPending} className="shrink-0">
          {!invite.isPending && <Send aria-hidden />}
          Send
        </PendingButton>
      </div>
      <FormError id={`${id}-error`} message={error} />
    </form>
  );
}
