import { CircleAlert, CircleCheck, Clock, Loader2, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '../../../shared/calendar';
import type { DeliveryState } from '../../../shared/contracts/mail';
import type { SentInvitations } from '../../../shared/contracts/members';
import { useSentInvitations } from './useMembers';

type Invitation = SentInvitations['invitations'][number];

/** Each delivery state in words, as a badge (issue #35). */
const STATES: Record<
  DeliveryState,
  { label: string; Icon: LucideIcon; variant: 'secondary' | 'success' | 'warning' | 'destructive' }
> = {
  sending: { label: 'Sending…', Icon: Loader2, variant: 'secondary' },
  retrying: { label: 'Trying again', Icon: Clock, variant: 'warning' },
  sent: { label: 'Sent', Icon: CircleCheck, variant: 'success' },
  not_delivered: { label: 'Not delivered', Icon: CircleAlert, variant: 'destructive' },
};

/** What the owner reads under an invitation that has not gone (yet). */
function explanation(invitation: Invitation) {
  if (invitation.state === 'retrying') {
    return 'The mail server could not take it yet; Tripmates keeps trying for a day.';
  }
  if (invitation.state === 'not_delivered') {
    return 'The mail server refused it. Check the address, or share the link another way.';
  }
  return null;
}

/**
 * The owner's e-mailed invitations and how each fared (issue #35): the outbox sends them after
 * the owner's "Send", so this is where a refused address shows. Nothing when none were sent.
 */
export function SentInvitationList({ tripId }: { tripId: string }) {
  const headingId = useId();
  const sent = useSentInvitations(tripId);
  const invitations = sent.data?.invitations ?? [];
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-medium">
        Sent invitations
      </h3>
      <ul className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto pr-1">
        {invitations.map((invitation) => {
          const state = STATES[invitation.state];
          const why = explanation(invitation);
          const whyId = `${headingId}-${invitation.id}`;
          return (
            <li
              key={invitation.id}
              className="grid grid-cols-1 gap-1 rounded-lg px-1 py-1.5"
              aria-describedby={why ? whyId : undefined}
            >
              <div className="flex items-center gap-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm" title={invitation.email}>
                    {invitation.email}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {invitation.kind === 'magic_link' ? 'Magic link · ' : ''}
                    {formatDateTime(invitation.createdAt)}
                  </p>
                </div>
                <Badge variant={state.variant}>
                  <state.Icon
                    aria-hidden
                    className={invitation.state === 'sending' ? 'animate-spin' : undefined}
                  />
                  {state.label}
                </Badge>
              </div>
              {why && (
                <p id={whyId} className="text-xs text-muted-foreground">
                  {why}
                  {invitation.reason && (
                    <span className="block break-words font-mono text-[0.7rem]">
                      {invitation.reason}
                    </span>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
