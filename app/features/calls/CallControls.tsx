import { useMediaQuery } from '@/hooks/useMediaQuery';
import { useNow } from '@/hooks/useNow';
import { cn } from '@/lib/utils';
import type { CallParticipant } from '../../../shared/contracts/calls';
import { listNames } from '../../../shared/text';
import { AudioSettings } from './AudioSettings';
import {
  canShareScreen,
  JoinButton,
  LeaveButton,
  MuteButton,
  ScreenButton,
  VideoButton,
} from './CallButtons';
import { CallFaces, personState } from './CallFaces';
import type { CallRoom } from './useCallRoom';
import { useMuteShortcut } from './useMuteShortcut';

// Tailwind's sm: below it (phones) the bar has room for Join alone; in the call, a row of its own.
const WIDE_QUERY = '(min-width: 640px)';

function minutesLeft(endsAt: string | null, now: number) {
  if (!endsAt) return null;
  const seconds = Math.max(0, Math.round((new Date(endsAt).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The trip's audio room in the top bar (issue #19): who is in it (a ring on whoever speaks, a
 * crossed-out microphone on whoever is muted), Join audio room, and once in, Mute / Unmute (or
 * the M key), the devices and each person's volume, and Leave audio room. On phones, in the call,
 * the controls are a row under the top bar (issue #38: in the bar they crowded out the trip's
 * name); the faces, devices, volumes and Leave are in one panel behind a single button, beside Mute.
 */
export function CallControls({ room, myUserId }: { room: CallRoom; myUserId: string }) {
  const participants = room.state?.participants ?? [];
  const call = room.state?.call ?? null;
  const joined = room.phase === 'joined';
  const media = joined ? room.media : null;
  const wide = useMediaQuery(WIDE_QUERY);
  // Ticks once a second, and only while a time-limited call is joined.
  const now = useNow(1000, Boolean(joined && call?.endsAt));
  const left = joined ? minutesLeft(call?.endsAt ?? null, now.getTime()) : null;

  useMuteShortcut(joined, room.toggleMute);

  const others = participants.filter((person) => person.userId !== myUserId);
  const summary =
    participants.length === 0
      ? 'The audio room is empty'
      : joined
        ? others.length === 0
          ? 'You are in the audio room, waiting for others'
          : `In the call with ${listNames(others.map((person) => person.name))}`
        : `In the audio room: ${listNames(participants.map((person) => person.name))}`;
  const stateOf = (person: CallParticipant) => personState(person, myUserId, media);

  if (!wide && joined) {
    // Phones in the call: a row of its own under the top bar (the page puts it there), saying who
    // is in it, with Mute, the camera and the call's panel (which has Leave).
    return (
      <div className="flex w-full min-w-0 items-center gap-1">
        {/* The panel's button says it to screen readers. */}
        <p
          aria-hidden
          className="flex min-w-0 flex-1 items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-300"
        >
          <span className="size-2 shrink-0 animate-pulse rounded-full bg-emerald-500" />
          <span className="truncate">{others.length === 0 ? 'Waiting for others' : summary}</span>
        </p>
        <MuteButton room={room} />
        <VideoButton room={room} />
        <AudioSettings
          room={room}
          participants={others}
          panel={{ everyone: participants, myUserId, stateOf, left, summary }}
        />
      </div>
    );
  }

  if (!wide) {
    // Phones outside the call: Join, with how many are in the room.
    return (
      <span className="relative">
        <JoinButton room={room} callGoingOn={Boolean(call)} waiting={participants.length > 0} />
        {participants.length > 0 && (
          <span
            className={cn(
              'pointer-events-none absolute -top-1 -right-1 grid size-4 place-items-center rounded-full text-[10px] font-bold text-white ring-2 ring-background',
              call ? 'bg-emerald-500' : 'bg-muted-foreground',
            )}
            aria-hidden
          >
            {participants.length}
          </span>
        )}
        <span className="sr-only" aria-live="polite">
          {summary}
        </span>
      </span>
    );
  }

  // Computers and tablets: everything in the bar.
  return (
    <div
      className={cn(
        'flex items-center gap-1.5 rounded-full',
        (participants.length > 0 || joined) && 'border p-0.5 pl-1',
        joined
          ? 'border-emerald-500/50 bg-emerald-500/10'
          : call
            ? 'border-emerald-500/50 bg-emerald-500/15'
            : 'border-white/10 bg-background/40',
      )}
    >
      {call && !joined && (
        <span className="ml-1 flex items-center gap-1.5 text-xs font-medium text-emerald-700 dark:text-emerald-300">
          <span className="size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden />
          <span className="hidden md:inline">Call</span>
        </span>
      )}
      <CallFaces
        summary={summary}
        participants={participants}
        myUserId={myUserId}
        stateOf={stateOf}
      />
      {left && (
        <span
          className="mx-1 hidden font-mono text-xs tabular-nums text-muted-foreground lg:inline"
          title={`This trip's plan allows ${call?.limitMinutes}-minute calls`}
        >
          {left} left
        </span>
      )}
      {joined ? (
        <>
          <MuteButton room={room} />
          <VideoButton room={room} />
          {canShareScreen && <ScreenButton room={room} />}
          <AudioSettings room={room} participants={others} />
          <LeaveButton room={room} />
        </>
      ) : (
        <JoinButton room={room} callGoingOn={Boolean(call)} waiting={participants.length > 0} />
      )}
    </div>
  );
}
