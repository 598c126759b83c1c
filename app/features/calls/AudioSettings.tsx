import { Settings2, Users } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CallParticipant } from '../../../shared/contracts/calls';
import { canShareScreen, LeaveButton, ScreenButton } from './CallButtons';
import { CallFace, describe, type PersonState } from './CallFaces';
import { type CallRoom, MIC_MESSAGES } from './useCallRoom';
import { useMediaDevices } from './useMediaDevices';

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
export function AudioSettings({
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
  const { inputs, outputs } = useMediaDevices(open);
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
