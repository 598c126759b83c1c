import { Sparkles } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAuth } from '@/features/auth/useAuth';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { Link } from '@/lib/router';
import { parseForm } from '@/lib/validation';
import {
  MAGIC_LINK_DAYS,
  MAGIC_LINK_MESSAGES,
  MEMBER_MESSAGES,
  magicLinkBody,
} from '../../../shared/contracts/members';
import { isEmail } from '../../../shared/email';
import { PLAN_LIMITS } from '../../../shared/plans';
import { useSendMagicLink } from './useMembers';

/** What a Free owner reads instead of the form. */
export const MAGIC_LINK_UPGRADE_NOTE = 'Magic-link invitations come with Premium and Pro.';

/** The landing page's pricing section (PricingSection's `id`). */
const PLANS_URL = '/plans';

/**
 * Invite Friends' magic link (owner only): an e-mailed, single-use link that signs the friend in
 * — making an account from the address and name when they have none — and joins them to the
 * trip. Only the owner's plan counts, and the owner is the current user in this view; a Free
 * owner sees the option disabled with the way to upgrade.
 */
export function MagicLinkForm({ tripId }: { tripId: string }) {
  const id = useId();
  const { user } = useAuth();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Which field the error is about (the name's length is checked here; the rest is the address).
  const [invalidField, setInvalidField] = useState<'email' | 'name'>('email');
  const send = useSendMagicLink(tripId);
  const allowed = user !== null && PLAN_LIMITS[user.plan].magicLinkInvites;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!allowed || send.isPending) return;
    // The server's own rule, checked here in full: each send counts against an hourly limit, so a
    // typo should not spend one. spec §5, §8: exactly this toast, as for invite by e-mail.
    if (!isEmail(email)) {
      toast({
        variant: 'destructive',
        title: 'Invalid email',
        description: MAGIC_LINK_MESSAGES.invalidEmail,
      });
      return;
    }
    const parsed = parseForm(magicLinkBody, { email: email.trim(), name });
    if (!parsed.ok) {
      setInvalidField('name');
      setError(parsed.message);
      return;
    }
    setError(null);
    const address = parsed.data.email;
    send.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: `Magic link sent to ${address}` });
        setEmail('');
        setName('');
      },
      onError: (failure) => {
        setInvalidField('email');
        setError(errorMessage(failure, MEMBER_MESSAGES.mailFailed));
      },
    });
  }

  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const describedBy = [noteId, error ? errorId : null].filter(Boolean).join(' ');
  const clearError = () => setError(null);

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby={`${id}-title`}
      aria-describedby={noteId}
      className="grid gap-3 rounded-lg border border-border p-3 sm:p-4"
    >
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-medium">
          <Sparkles aria-hidden className="size-4 shrink-0 text-primary" />
          Magic link
        </h3>
        {allowed ? (
          <p id={noteId} className="text-xs text-muted-foreground">
            Signs your friend in and adds them to the trip, no password needed. It works once,
            within {MAGIC_LINK_DAYS} days.
          </p>
        ) : (
          <p id={noteId} className="text-xs text-muted-foreground">
            {MAGIC_LINK_UPGRADE_NOTE}{' '}
            <Link to={PLANS_URL} className="rounded-sm font-medium text-primary hover:underline">
              See the plans
            </Link>
          </p>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-email`}>Friend's email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="friend@example.com"
            value={email}
            disabled={!allowed}
            onChange={(event) => {
              setEmail(event.target.value);
              clearError();
            }}
            aria-invalid={error && invalidField === 'email' ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor={`${id}-name`}>Name (optional)</Label>
          <Input
            id={`${id}-name`}
            autoComplete="off"
            placeholder="Bo"
            value={name}
            disabled={!allowed}
            onChange={(event) => {
              setName(event.target.value);
              clearError();
            }}
            aria-invalid={error && invalidField === 'name' ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      <FormError id={errorId} message={error} />
      <PendingButton
        type="submit"
        variant={allowed ? 'default' : 'outline'}
        pending={send.isPending}
        disabled={!allowed}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        Send magic link
      </PendingButton>
    </form>
  );
}
