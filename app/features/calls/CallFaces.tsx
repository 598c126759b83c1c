import { MicOff } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { CallParticipant } from '../../../shared/contracts/calls';
import { PersonAvatar } from '../live/PersonAvatar';
import type { MediaSnapshot } from './meshCall';

// Faces shown in the bar; the rest are "+N".
const SHOWN = 3;

export type PersonState = {
  speaking: boolean;
  connection: 'connecting' | 'connected' | 'reconnecting';
};

export function personState(
  person: CallParticipant,
  myUserId: string,
  media: MediaSnapshot | null,
): PersonState | null {
  if (!media) return null; // not in the call: no media to read
  if (person.userId === myUserId) return { speaking: media.speaking, connection: 'connected' };
  const peer = media.peers[person.peerId];
  return { speaking: peer?.speaking ?? false, connection: peer?.state ?? 'connecting' };
}

export function describe(person: CallParticipant, state: PersonState | null, me: boolean) {
  const parts = [me ? `${person.name} (you)` : person.name];
  if (state?.connection === 'connecting') parts.push('connecting');
  else if (state?.connection === 'reconnecting') parts.push('reconnecting');
  else if (state) parts.push('connected');
  if (person.muted) parts.push('muted');
  if (state?.speaking && !person.muted) parts.push('speaking');
  return parts.join(', ');
}

export function CallFace({
  person,
  state,
  me,
  className,
}: {
  person: CallParticipant;
  state: PersonState | null;
  me: boolean;
  className?: string;
}) {
  const waiting = state && state.connection !== 'connected';
  return (
    <li
      data-testid="call-participant"
      data-user-id={person.userId}
      data-speaking={state?.speaking && !person.muted ? 'true' : undefined}
      data-muted={person.muted ? 'true' : undefined}
      data-connection={state?.connection}
      title={describe(person, state, me)}
      className={cn('relative rounded-full ring-2 ring-background', className)}
    >
      <PersonAvatar
        name={person.name}
        image={person.image}
        colour={person.colour}
        className={cn(
          'transition-shadow',
          waiting && 'opacity-60',
          state?.speaking && !person.muted && 'shadow-[0_0_0_3px_rgb(52_211_153)]',
        )}
      />
      {person.muted && (
        <span className="absolute -right-1 -bottom-1 grid size-4 place-items-center rounded-full bg-background text-destructive">
          <MicOff className="size-3" aria-hidden />
        </span>
      )}
      {waiting && (
        <span className="absolute -top-0.5 -right-0.5 size-2.5 animate-pulse rounded-full bg-amber-400 ring-2 ring-background" />
      )}
    </li>
  );
}

export function CallFaces({
  summary,
  participants,
  myUserId,
  stateOf,
}: {
  summary: string;
  participants: CallParticipant[];
  myUserId: string;
  stateOf: (person: CallParticipant) => PersonState | null;
}) {
  const hidden = participants.length - SHOWN;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of faces, not a fieldset
    <div role="group" aria-label={summary} className="flex items-center">
      {participants.length > 0 && (
        <ul className="flex items-center -space-x-2" aria-hidden>
          {participants.map((person, index) => (
            <CallFace
              key={person.userId}
              person={person}
              me={person.userId === myUserId}
              state={stateOf(person)}
              className={cn(index >= SHOWN && 'hidden')}
            />
          ))}
          {hidden > 0 && (
            <li className="grid size-8 place-items-center rounded-full bg-muted text-xs font-semibold ring-2 ring-background">
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
