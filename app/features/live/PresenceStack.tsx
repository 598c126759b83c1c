import { cn } from '@/lib/utils';
import type { PresenceMember } from '../../../shared/contracts/live';
import { listNames } from '../../../shared/text';
import { PersonAvatar } from './PersonAvatar';

// More faces than this and the rest become "+N" (fewer on phones, where the bar is narrow).
const SHOWN = 4;
const SHOWN_ON_PHONES = 1;

/**
 * Who else has the trip open now (spec §1 presence): a stack of avatars in each person's colour
 * — the colour of their cursor on the board. I am not in it: my own avatar is the account menu
 * beside it. Screen readers hear who comes and goes.
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
  const others = members.filter((member) => member.userId !== myUserId);
  const summary =
    others.length === 0
      ? 'Only you have this trip open'
      : `Here now: ${listNames(others.map((member) => member.name))}, and you`;
  const hidden = others.length - SHOWN;
  const hiddenOnPhones = others.length - SHOWN_ON_PHONES;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of faces, not a form fieldset
    <div
      role="group"
      aria-label={summary}
      // Nobody else: nothing to see, and no room taken in the top bar (a phone's is full).
      className={cn('flex items-center', others.length === 0 && 'sr-only', className)}
    >
      {others.length > 0 && (
        <ul className="flex items-center -space-x-2" aria-hidden>
          {others.map((member, index) => (
            <li
              key={member.userId}
              data-testid="presence-member"
              data-user-id={member.userId}
              title={member.name}
              className={cn(
                'relative rounded-full ring-2 ring-background',
                index >= SHOWN_ON_PHONES && 'hidden sm:block',
                index >= SHOWN && 'sm:hidden',
              )}
            >
              <PersonAvatar name={member.name} image={member.image} colour={member.colour} />
              {/* Phones: how many more, on the one face (a face of its own left the trip's
                  name no room in the bar). */}
              {index === 0 && hiddenOnPhones > 0 && (
                <span className="absolute -right-1.5 -bottom-1 grid h-4 min-w-4 place-items-center rounded-full bg-muted px-0.5 text-[10px] font-bold text-foreground ring-2 ring-background sm:hidden">
                  +{hiddenOnPhones}
                </span>
              )}
            </li>
          ))}
          {hidden > 0 && (
            <li className="hidden size-8 place-items-center rounded-full bg-muted text-xs font-semibold ring-2 ring-background sm:grid">
              +{hidden}
            </li>
          )}
        </ul>
      )}
      <span className="sr-only" aria-live="polite">
        {summary}
      </span>
    </div>
  );
}
