import { useId } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Trip } from '../../../shared/contracts/trips';
import { InvitationLink } from './InvitationLink';
import { InviteByEmailForm } from './InviteByEmailForm';
import { MagicLinkForm } from './MagicLinkForm';
import { MemberList } from './MemberList';
import { SentInvitationList } from './SentInvitationList';
import { TravellerCount } from './TravellerCount';

export const MEMBER_VIEW_NOTE = 'Only the trip owner can invite people or manage members.';

/**
 * Invite Friends (spec §2): the trip's members; for the owner also invite by e-mail, a magic
 * link (Premium and Pro), the join link to copy or reset, and removing members. The server
 * enforces the same split (403 for a member), so a member sees the list with a line saying why
 * there is nothing more.
 */
export function InviteFriendsDialog({
  trip,
  open,
  onOpenChange,
}: {
  trip: Trip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const isOwner = trip.role === 'owner';
  const headingId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Invite Friends</DialogTitle>
          <DialogDescription>
            {isOwner
              ? `Plan ${trip.name} together: invite by email or share the link.`
              : MEMBER_VIEW_NOTE}
          </DialogDescription>
        </DialogHeader>
        {/* The content mounts only while open, so members and the link are fetched then. */}
        {isOwner && (
          <>
            <InviteByEmailForm tripId={trip.id} />
            <MagicLinkForm tripId={trip.id} />
            <InvitationLink tripId={trip.id} />
            <SentInvitationList tripId={trip.id} />
          </>
        )}
        <section aria-labelledby={headingId} className="grid gap-2">
          <h3 id={headingId} className="text-sm font-medium">
            Members
          </h3>
          <MemberList trip={trip} />
          {isOwner && <TravellerCount tripId={trip.id} />}
        </section>
      </DialogContent>
    </Dialog>
  );
}
