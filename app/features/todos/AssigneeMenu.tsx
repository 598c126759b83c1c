import { Check, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '@/lib/utils';
import type { Todo } from '../../../shared/contracts/todos';
import type { TripMember } from '../../../shared/contracts/trips';
import { nameInitials } from './todoDates';

type Assignee = Todo['assignedTo'];

const UNASSIGNED = '';

const itemClass = cn(
  'relative flex cursor-default select-none items-center gap-2 rounded-sm py-1.5 pr-2 pl-7 text-sm outline-none',
  'data-highlighted:bg-accent data-highlighted:text-accent-foreground data-disabled:opacity-50',
);

/** "Ana Lima (you)" for the person using the app, so they find themselves in the list. */
export function memberLabel(member: Pick<TripMember, 'name' | 'isCurrentUser'>) {
  return member.isCurrentUser ? `${member.name} (you)` : member.name;
}

/** The assignee's initials in a small circle; a dashed outline with an icon for nobody. */
function AssigneeAvatar({ assignee }: { assignee: Assignee }) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-7 shrink-0 place-items-center rounded-full text-[11px] font-semibold',
        assignee
          ? 'bg-primary/15 text-primary'
          : 'border border-dashed border-muted-foreground/60 text-muted-foreground',
      )}
    >
      {assignee ? nameInitials(assignee.name) : <UserRound className="size-3.5" />}
    </span>
  );
}

/**
 * Who does a task: the assignee's initials (and name, when there is room) on a button that
 * opens the list of the trip's members to pick another, or nobody.
 */
export function AssigneeMenu({
  taskText,
  assignee,
  members,
  membersFailed,
  showName,
  onAssign,
}: {
  taskText: string;
  assignee: Assignee;
  /** undefined while the members are loading. */
  members: TripMember[] | undefined;
  membersFailed: boolean;
  showName: boolean;
  onAssign: (assignee: Assignee) => void;
}) {
  const current = assignee?.id ?? UNASSIGNED;
  // Someone who has left the trip keeps their tasks: still listed, so the menu shows the truth.
  const formerMember =
    assignee && members && !members.some((member) => member.id === assignee.id) ? assignee : null;

  function choose(id: string) {
    if (id === current) return;
    const member = members?.find((candidate) => candidate.id === id);
    onAssign(member ? { id: member.id, name: member.name } : null);
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Assignee for ${taskText}: ${assignee?.name ?? 'Unassigned'}`}
        title={assignee?.name ?? 'Unassigned'}
        className={cn(
          'flex max-w-40 shrink-0 items-center gap-1.5 rounded-full text-xs text-muted-foreground outline-none',
          'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          // The name only where the list is wide (issue #17: on a phone it squeezed the task's
          // text to a word a line).
          showName && '@md:py-0.5 @md:pr-2 @md:pl-0.5 @md:hover:bg-accent/60',
        )}
      >
        <AssigneeAvatar assignee={assignee} />
        {showName && (
          <span className="hidden truncate @md:inline">{assignee?.name ?? 'Unassigned'}</span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-[1000] max-h-72 min-w-48 max-w-72 overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            Assign to
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current} onValueChange={choose}>
            <DropdownMenu.RadioItem value={UNASSIGNED} className={itemClass}>
              <MenuCheck />
              Unassigned
            </DropdownMenu.RadioItem>
            {members?.map((member) => (
              <DropdownMenu.RadioItem key={member.id} value={member.id} className={itemClass}>
                <MenuCheck />
                <span className="truncate">{memberLabel(member)}</span>
              </DropdownMenu.RadioItem>
            ))}
            {formerMember && (
              <DropdownMenu.RadioItem value={formerMember.id} disabled className={itemClass}>
                <MenuCheck />
                <span className="truncate">{formerMember.name}</span>
              </DropdownMenu.RadioItem>
            )}
          </DropdownMenu.RadioGroup>
          {!members && (
            <p className="px-2 py-1.5 text-xs text-muted-foreground">
              {membersFailed ? 'Could not load the trip’s members' : 'Loading members…'}
            </p>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MenuCheck() {
  return (
    <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
      <Check aria-hidden className="size-4" />
    </DropdownMenu.ItemIndicator>
  );
}
