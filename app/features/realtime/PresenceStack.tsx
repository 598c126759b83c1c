import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { nameInitials } from '../../../shared/initials';
import type { PresenceMember } from '../../../shared/realtime';

// More faces than this and the rest become "+N" (fewer on phones, where the bar is narrow).
const SHOWN = 4;
const SHOWN_ON_PHONES = 2;

/** "Ana", "Ana and Bruno", "Ana, Bruno and Carla". */
function listNames(names: string[]) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Who has the trip open now (spec §1 presence): a stack of avatars ringed in each person's
 * colour — the colour of their cursor on the board — me first, as "You".
 */
export function PresenceStack({
  members,
  myUserId,
  className,
}: {
  members: PresenceMember[];
  myUserId: string;
  className?: string;
}) {
  if (members.length === 0) return null;
  const ordered = [
    ...members.filter((member) => member.userId === myUserId),
    ...members.filter((member) => member.userId !== myUserId),
  ];
  const nameOf = (member: PresenceMember) =>
    member.userId === myUserId ? `${member.name} (you)` : member.name;
  const others = ordered.filter((member) => member.userId !== myUserId).map((m) => m.name);
  const summary =
    others.length === 0
      ? 'Only you have this trip open'
      : `Here now: ${listNames(others)}, and you`;
  const hidden = ordered.length - SHOWN;
  const hiddenOnPhones = ordered.length - SHOWN_ON_PHONES;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a live region listing people, not a form group
    <div role="group" aria-label={summary} className={cn('flex items-center', className)}>
      <ul className="flex items-center -space-x-2" aria-hidden>
        {ordered.map((member, index) => (
          <li
            key={member.userId}
            data-testid="presence-member"
            data-user-id={member.userId}
            title={nameOf(member)}
            className={cn(
              'rounded-full ring-2 ring-background',
              index >= SHOWN_ON_PHONES && 'hidden sm:block',
              index >= SHOWN && 'sm:hidden',
            )}
          >
            <Avatar className="size-8 border-2 text-xs" style={{ borderColor: member.colour }}>
              {member.image && <AvatarImage src={member.image} alt="" />}
              <AvatarFallback
                delayMs={member.image ? 600 : undefined}
                className="text-white"
                style={{ backgroundColor: member.colour }}
              >
                {nameInitials(member.name)}
              </AvatarFallback>
            </Avatar>
          </li>
        ))}
        {hiddenOnPhones > 0 && (
          <li
            className={cn(
              'grid size-8 place-items-center rounded-full bg-muted text-xs font-semibold ring-2 ring-background',
              hidden > 0 ? '' : 'sm:hidden',
            )}
          >
            <span className="sm:hidden">+{hiddenOnPhones}</span>
            {hidden > 0 && <span className="hidden sm:inline">+{hidden}</span>}
          </li>
        )}
      </ul>
      <span className="sr-only" aria-live="polite">
        {summary}
      </span>
    </div>
  );
}
