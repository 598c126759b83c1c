import {
  Headphones,
  Mic,
  MicOff,
  MonitorUp,
  MonitorX,
  PhoneOff,
  Settings2,
  Users,
  Video,
  VideoOff,
} from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { cn } from '@/lib/utils';
import type { CallParticipant } from '../../../shared/contracts/calls';
import { listNames } from '../../../shared/text';
import { PersonAvatar } from '../realtime/PersonAvatar';
import type { MediaSnapshot } from './meshCall';
import { type CallRoom, MIC_MESSAGES } from './useCallRoom';

// Faces shown in the bar; the rest are "+N".
const SHOWN = 3;
// Tailwind's sm: below it (phones) the bar has room for two buttons of the call's, not more.
const WIDE_QUERY = '(min-width: 640px)';

type PersonState = { speaking: boolean; connection: 'connecting' | 'connected' | 'reconnecting' };

function personState(
  person: CallParticipant,
  myUserId: string,
  media: MediaSnapshot | null,
): PersonState | null {
  if (!media) return null; // not in the call: no media to read
  if (person.userId === myUserId) return { speaking: media.speaking, connection: 'connected' };
  const peer = media.peers[person.peerId];
  return { speaking: peer?.speaking ?? false, connection: peer?.state ?? 'connecting' };
}

function describe(person: CallParticipant, state: PersonState | null, me: boolean) {
  const parts = [me ? `${person.name} (you)` : person.name];
  if (state?.connection === 'connecting') parts.push('connecting');
  else if (state?.connection === 'reconnecting') parts.push('reconnecting');
  else if (state) parts.push('connected');
  if (person.muted) parts.push('muted');
  if (state?.speaking && !person.muted) parts.push('speaking');
  return parts.join(', ');
}

function CallFace({
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

function minutesLeft(endsAt: string | null, now: number) {
  if (!endsAt) return null;
  const seconds = Math.max(0, Math.round((new Date(endsAt).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A clock that ticks once a second while `on`. */
function useNow(on: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/** Whether a key press belongs to a text field (where M types an M). */
function typing(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="textbox"]') !== null
  );
}

/**
 * The trip's audio room in the top bar (issue #19): who is in it (a ring on whoever speaks, a
 * crossed-out microphone on whoever is muted), Join audio room, and once in, Mute / Unmute (or
 * the M key), the devices and each person's volume, and Leave audio room. On phones the faces,
 * devices, volumes and Leave are in one panel behind a single button, beside Mute.
 */
export function CallControls({ room, myUserId }: { room: CallRoom; myUserId: string }) {
  const participants = room.state?.participants ?? [];
  const call = room.state?.call ?? null;
  const joined = room.phase === 'joined';
  const media = joined ? room.media : null;
  const wide = useMediaQuery(WIDE_QUERY);
  const now = useNow(Boolean(joined && call?.endsAt));
  const left = joined ? minutesLeft(call?.endsAt ?? null, now) : null;

  useEffect(() => {
    if (!joined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'm' && event.key !== 'M') return;
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      room.toggleMute();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [joined, room.toggleMute]);

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

  if (!wide) {
    // Phones: Join, or Mute and the call's panel.
    return (
      <div className="flex items-center gap-1">
        {joined ? (
          <>
            <MuteButton room={room} />
            <VideoButton room={room} />
            <AudioSettings
              room={room}
              participants={others}
              panel={{ everyone: participants, myUserId, stateOf, left, summary }}
            />
          </>
        ) : (
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
        )}
      </div>
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

function CallFaces({
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

function JoinButton({
  room,
  callGoingOn,
  waiting,
}: {
  room: CallRoom;
  callGoingOn: boolean;
  waiting: boolean;
}) {
  return (
    <Button
      size="sm"
      variant={callGoingOn ? 'default' : 'outline'}
      className="h-8 rounded-full px-2.5 xl:px-3"
      aria-label="Join audio room"
      title="Join audio room"
      disabled={room.phase === 'joining'}
      onClick={room.join}
    >
      {room.phase === 'joining' ? (
        <Spinner className="size-4" label="Joining the audio room" />
      ) : (
        <Headphones aria-hidden />
      )}
      <span className="hidden xl:inline">
        {callGoingOn ? 'Join call' : waiting ? 'Join' : 'Audio room'}
      </span>
    </Button>
  );
}

function MuteButton({ room }: { room: CallRoom }) {
  const media = room.media;
  const muted = media?.muted ?? false;
  const micOff = media ? media.mic !== 'on' : false;
  return (
    <Button
      size="icon"
      variant={muted || micOff ? 'destructive' : 'secondary'}
      className="size-8 rounded-full"
      aria-label={muted ? 'Unmute' : 'Mute'}
      title={
        micOff && media && media.mic !== 'on'
          ? MIC_MESSAGES[media.mic]
          : `${muted ? 'Unmute' : 'Mute'} (M)`
      }
      disabled={micOff}
      onClick={room.toggleMute}
    >
      {muted || micOff ? <MicOff aria-hidden /> : <Mic aria-hidden />}
    </Button>
  );
}

// Phones and tablets have no screen sharing in their browsers; computers do.
const canShareScreen =
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/** Start video / Stop video: the camera, part of the same call (issue #20). */
function VideoButton({ room }: { room: CallRoom }) {
  const camera = room.media?.camera ?? 'off';
  const on = camera !== 'off';
  return (
    <Button
      size="icon"
      variant={on ? 'default' : 'secondary'}
      className="size-8 rounded-full"
      aria-label={on ? 'Stop video' : 'Start video'}
      title={on ? 'Stop video' : 'Start video'}
      disabled={camera === 'starting'}
      onClick={room.toggleCamera}
    >
      {camera === 'starting' ? (
        <Spinner className="size-4" label="Starting the camera" />
      ) : on ? (
        <Video aria-hidden />
      ) : (
        <VideoOff aria-hidden />
      )}
    </Button>
  );
}

/** Share screen / Stop sharing: a screen, a window or a tab, to everyone in the call. */
function ScreenButton({ room, wide = false }: { room: CallRoom; wide?: boolean }) {
  const screen = room.media?.screen ?? 'off';
  const on = screen !== 'off';
  return (
    <Button
      size={wide ? 'sm' : 'icon'}
      variant={on ? 'default' : 'secondary'}
      className={wide ? 'w-full' : 'size-8 rounded-full'}
      aria-label={on ? 'Stop sharing' : 'Share screen'}
      title={on ? 'Stop sharing' : 'Share screen'}
      disabled={screen === 'starting'}
      onClick={room.toggleScreen}
    >
      {on ? <MonitorX aria-hidden /> : <MonitorUp aria-hidden />}
      {wide && (on ? 'Stop sharing' : 'Share screen')}
    </Button>
  );
}

function LeaveButton({ room, wide = false }: { room: CallRoom; wide?: boolean }) {
  return (
    <Button
      size={wide ? 'sm' : 'icon'}
      variant="destructive"
      className={wide ? 'w-full' : 'size-8 rounded-full'}
      aria-label="Leave audio room"
      title="Leave audio room"
      onClick={room.leave}
    >
      <PhoneOff aria-hidden />
      {wide && 'Leave audio room'}
    </Button>
  );
}

type Device = { deviceId: string; label: string };

function useDevices(open: boolean) {
  const [devices, setDevices] = useState<{ inputs: Device[]; outputs: Device[] }>({
    inputs: [],
    outputs: [],
  });
  useEffect(() => {
    if (!open || !navigator.mediaDevices?.enumerateDevices) return;
    let current = true;
    void navigator.mediaDevices.enumerateDevices().then((all) => {
      if (!current) return;
      const named = (kind: MediaDeviceKind, fallback: string) =>
        all
          .filter((device) => device.kind === kind && device.deviceId)
          .map((device, index) => ({
            deviceId: device.deviceId,
            label: device.label || `${fallback} ${index + 1}`,
          }));
      setDevices({
        inputs: named('audioinput', 'Microphone'),
        outputs: named('audiooutput', 'Speaker'),
      });
    });
    return () => {
      current = false;
    };
  }, [open]);
  return devices;
}

// Chrome and Edge let a page choose where audio plays; Firefox and Safari play it on the default.
const canChooseSpeaker =
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

type Panel = {
  everyone: CallParticipant[];
  myUserId: string;
  stateOf: (person: CallParticipant) => PersonState | null;
  left: string | null;
  summary: string;
};

/**
 * The devices and each person's volume (and, as the phone's call panel, who is in the call with
 * their state, the time left, and Leave audio room).
 */
function AudioSettings({
  room,
  participants,
  panel,
}: {
  room: CallRoom;
  participants: CallParticipant[];
  panel?: Panel;
}) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { inputs, outputs } = useDevices(open);
  const micId = useId();
  const speakerId = useId();
  const media = room.media;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        {panel ? (
          <Button
            size="sm"
            variant="secondary"
            className="h-8 gap-1 rounded-full border border-emerald-500/50 bg-emerald-500/15 px-2"
            aria-label={`Audio room: ${panel.summary}`}
          >
            <Users className="size-4" aria-hidden />
            <span className="text-xs font-semibold tabular-nums">{panel.everyone.length}</span>
          </Button>
        ) : (
          <Button
            size="icon"
            variant="secondary"
            className="size-8 rounded-full"
            aria-label="Audio settings"
            title="Audio settings"
          >
            <Settings2 aria-hidden />
          </Button>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(20rem,calc(100vw-1rem))] space-y-4 rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg"
        >
          {panel ? (
            <>
              <div className="flex items-baseline justify-between gap-2">
                <h2 className="text-sm font-semibold">Audio room</h2>
                {panel.left && (
                  <span className="font-mono text-xs tabular-nums text-muted-foreground">
                    {panel.left} left
                  </span>
                )}
              </div>
              <ul className="space-y-2" aria-label="In the call">
                {panel.everyone.map((person) => {
                  const state = panel.stateOf(person);
                  return (
                    <li key={person.userId} className="flex items-center gap-2 text-sm">
                      <ul aria-hidden className="contents">
                        <CallFace
                          person={person}
                          state={state}
                          me={person.userId === panel.myUserId}
                        />
                      </ul>
                      <span className="min-w-0 flex-1 truncate">
                        {describe(person, state, person.userId === panel.myUserId)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <h2 className="text-sm font-semibold">Audio settings</h2>
          )}
          {media && media.mic !== 'on' && (
            <p className="rounded-md bg-destructive/10 p-2 text-xs text-destructive">
              {MIC_MESSAGES[media.mic]}
            </p>
          )}
          <div className="space-y-1.5">
            <label htmlFor={micId} className="text-xs font-medium text-muted-foreground">
              Microphone
            </label>
            <select
              id={micId}
              className={selectClass}
              value={media?.microphoneId ?? ''}
              disabled={inputs.length === 0}
              onChange={(event) => {
                setProblem(null);
                room.setMicrophone(event.target.value).catch(() => {
                  setProblem('That microphone could not be started. Try another one.');
                });
              }}
            >
              {inputs.length === 0 && <option value="">No microphone found</option>}
              {inputs.map((device) => (
                <option key={device.deviceId} value={device.deviceId}>
                  {device.label}
                </option>
              ))}
            </select>
          </div>
          {canChooseSpeaker && (
            <div className="space-y-1.5">
              <label htmlFor={speakerId} className="text-xs font-medium text-muted-foreground">
                Speaker
              </label>
              <select
                id={speakerId}
                className={selectClass}
                value={media?.speakerId ?? 'default'}
                disabled={outputs.length === 0}
                onChange={(event) => {
                  setProblem(null);
                  room.setSpeaker(event.target.value).catch(() => {
                    setProblem('Audio could not be sent to that speaker.');
                  });
                }}
              >
                {outputs.length === 0 && <option value="default">System default</option>}
                {outputs.map((device) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {device.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {problem && (
            <p role="alert" className="text-xs text-destructive">
              {problem}
            </p>
          )}
          {participants.length > 0 && (
            <fieldset className="space-y-2">
              <legend className="text-xs font-medium text-muted-foreground">
                Volume (only for you)
              </legend>
              {participants.map((person) => {
                const volume = media?.peers[person.peerId]?.volume ?? 1;
                return (
                  <label key={person.peerId} className="flex items-center gap-3 text-sm">
                    <span className="w-24 truncate">{person.name}</span>
                    <input
                      type="range"
                      min={0}
                      max={100}
                      step={5}
                      value={Math.round(volume * 100)}
                      aria-label={`Volume of ${person.name}`}
                      aria-valuetext={`${Math.round(volume * 100)} %`}
                      className="flex-1 accent-primary"
                      onChange={(event) =>
                        room.setVolume(person.peerId, Number(event.target.value) / 100)
                      }
                    />
                  </label>
                );
              })}
            </fieldset>
          )}
          {panel ? (
            <div className="space-y-2">
              {canShareScreen && <ScreenButton room={room} wide />}
              <LeaveButton room={room} wide />
            </div>
          ) : (
            <p className="text-xs text-muted-foreground">Press M to mute or unmute.</p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
