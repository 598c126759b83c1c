import { useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Spinner } from '@/components/Spinner';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { nameInitials } from '../../../shared/initials';
import { useRemoveMember } from './useMembers';

/**
 * The people on a trip (spec §2 Invite Friends, §3 Trip member): avatar, name, role badge, the
 * current user marked. The owner can remove anyone else, after a confirmation naming them.
 */
export function MemberList({ trip }: { trip: Trip }) {
  const members = useTripMembers(trip.id);
  const [removing, setRemoving] = useState<TripMember | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const isOwner = trip.role === 'owner';

  // Kept after all: focus goes back to that member's Remove button, not to the top of the page.
  function keep(member: TripMember) {
    setRemoving(null);
    listRef.current
      ?.querySelector<HTMLButtonElement>(`[data-member-id="${CSS.escape(member.id)}"]`)
      ?.focus();
  }

  if (members.isPending) {
    return (
      <div className="grid place-items-center py-4">
        <Spinner className="size-6 text-primary" label="Loading members" />
      </div>
    );
  }
  if (members.isError) {
    return (
      <div className="grid gap-2">
        <FormError message={errorMessage(members.error, 'Could not load the members.')} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => void members.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }

  return (
    <ul ref={listRef} aria-label="Members" className="grid gap-1">
      {members.data.map((member) => (
        <li key={member.id} className="grid gap-2 rounded-lg px-1 py-1.5">
          <div className="flex items-center gap-3">
            <Avatar className="size-9 text-sm">
              {member.image && <AvatarImage src={member.image} alt="" />}
              <AvatarFallback delayMs={member.image ? 600 : undefined}>
                {nameInitials(member.name)}
              </AvatarFallback>
            </Avatar>
            <p className="min-w-0 flex-1 truncate text-sm font-medium">
              {member.name}
              {member.isCurrentUser && (
                <span className="font-normal text-muted-foreground"> (you)</span>
              )}
            </p>
            <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>{member.role}</Badge>
            {isOwner && !member.isCurrentUser && member.role !== 'owner' && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                aria-label={`Remove ${member.name}`}
                aria-expanded={removing?.id === member.id}
                data-member-id={member.id}
                onClick={() => setRemoving(member)}
              >
                Remove
              </Button>
            )}
          </div>
          {removing?.id === member.id && (
            <ConfirmRemove
              trip={trip}
              member={member}
              onKeep={() => keep(member)}
              onRemoved={() => setRemoving(null)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function ConfirmRemove({
  trip,
  member,
  onKeep,
  onRemoved,
}: {
  trip: Trip;
  member: TripMember;
  onKeep: () => void;
  onRemoved: () => void;
}) {
  const remove = useRemoveMember(trip.id);
  const [error, setError] = useState<string | null>(null);

  function handleRemove() {
    setError(null);
    remove.mutate(member.id, {
      onSuccess: () => {
        toast({
          title: 'Member removed',
          description: `${member.name} is no longer on ${trip.name}.`,
        });
        onRemoved();
      },
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not remove the member. Please try again.')),
    });
  }

  return (
    <fieldset
      aria-label={`Remove ${member.name}`}
      className="grid min-w-0 gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3"
    >
      <p className="text-sm font-medium break-words">
        Remove {member.name} from {trip.name}?
      </p>
      <p className="text-xs text-muted-foreground">
        Their to-dos and flights on this trip are unassigned. They can join again with a new link.
      </p>
      <FormError message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        {/* Focus starts on the safe choice, so a stray Enter keeps the member. */}
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onKeep}
          disabled={remove.isPending}
          autoFocus
        >
          Keep
        </Button>
        <PendingButton
          type="button"
          variant="destructive"
          size="sm"
          pending={remove.isPending}
          onClick={handleRemove}
        >
          Remove
        </PendingButton>
      </div>
    </fieldset>
  );
}
