import {
  Headphones,
  Mic,
  MicOff,
  MonitorUp,
  MonitorX,
  PhoneOff,
  Video,
  VideoOff,
} from 'lucide-react';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { type CallRoom, MIC_MESSAGES } from './useCallRoom';

export function JoinButton({
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
      // A round icon on phones, whose top bar is narrow; with its words on wide screens.
      className="h-8 rounded-full px-2 sm:px-2.5 xl:px-3"
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

export function MuteButton({ room }: { room: CallRoom }) {
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
export const canShareScreen =
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/** Start video / Stop video: the camera, part of the same call (issue #20). */
export function VideoButton({ room }: { room: CallRoom }) {
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
export function ScreenButton({ room, wide = false }: { room: CallRoom; wide?: boolean }) {
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

export function LeaveButton({ room, wide = false }: { room: CallRoom; wide?: boolean }) {
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
