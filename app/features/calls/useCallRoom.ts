import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '@/hooks/useToast';
import type {
  CallEndedMessage,
  CallState,
  CallWarningMessage,
} from '../../../shared/contracts/calls';
import type { LiveSocket } from '../live/useLiveSocket';
import type { LiveStatus } from '../live/useLiveTrip';
import type { CallMedia, MediaSnapshot, MicState, VideoProblem } from './callMedia';
import { MeshCall } from './meshCall';

export type CallPhase = 'idle' | 'joining' | 'joined';

export type CallRoom = {
  /** Who is in the trip's audio room, and the call going on; null until the server has said. */
  state: CallState | null;
  phase: CallPhase;
  /** My media while I am in the call. */
  media: MediaSnapshot | null;
  join(): void;
  leave(): void;
  toggleMute(): void;
  setMicrophone(deviceId: string): Promise<void>;
  setSpeaker(deviceId: string): Promise<void>;
  setVolume(peerId: string, volume: number): void;
  /** Start video / Stop video, and Share screen / Stop sharing (issue #20). */
  toggleCamera(): void;
  toggleScreen(): void;
  switchCamera(): void;
  /** The media of my call, for the video panel's tiles; null when not in a call. */
  call: CallMedia | null;
};

/** What a person is told when their microphone cannot be used: they can still listen. */
export const MIC_MESSAGES: Record<Exclude<MicState, 'on'>, string> = {
  denied:
    'Your browser blocked the microphone. To talk, allow it for this site (the icon at the left of the address bar), then leave and join again. You can listen meanwhile.',
  missing: 'No microphone was found. Plug one in to talk; you can listen meanwhile.',
  unavailable:
    'The microphone could not be started (another app may be using it). You can listen meanwhile.',
};

/** What a person is told when their camera cannot be used: the call goes on with audio. */
export const CAMERA_MESSAGES: Record<VideoProblem, string> = {
  denied:
    'Your browser blocked the camera. To be seen, allow it for this site (the icon at the left of the address bar), then start video again. The call goes on with audio.',
  missing: 'No camera was found. The call goes on with audio.',
  unavailable:
    'The camera could not be started (another app may be using it). The call goes on with audio.',
};

export const SCREEN_MESSAGES: Record<VideoProblem, string> = {
  denied: 'Your browser did not allow sharing the screen.',
  missing: 'There is no screen to share.',
  unavailable: 'This browser cannot share a screen.',
};

const noSnapshot = () => null;
const noSubscribe = () => () => {};

/**
 * The trip's audio room for the dashboard (issue #19): the room's state from the server for
 * everyone on the trip, and my place in the call through a CallMedia (the WebRTC mesh). A call
 * lasts through anything on the board; the live connection dropping and coming back rejoins it.
 */
export function useCallRoom(
  socket: LiveSocket | null,
  tripId: string | null,
  status: LiveStatus,
): CallRoom {
  const [state, setState] = useState<CallState | null>(null);
  const [phase, setPhase] = useState<CallPhase>('idle');
  const [media, setMedia] = useState<CallMedia | null>(null);
  const mediaRef = useRef<CallMedia | null>(null);
  const mutedRef = useRef(false);
  /** My camera was on: a rejoin after the connection came back turns it on again. */
  const cameraRef = useRef(false);
  /** The server's time of the newest room state seen (states carry when they were read). */
  const newest = useRef(0);
  const snapshot = useSyncExternalStore(
    media ? media.subscribe : noSubscribe,
    media ? media.getSnapshot : noSnapshot,
  );

  const stop = useCallback(() => {
    mediaRef.current?.leave();
    mediaRef.current = null;
    setMedia(null);
    setPhase('idle');
  }, []);

  const start = useCallback(
    async (muted: boolean) => {
      if (!socket || !tripId) return;
      mediaRef.current?.leave();
      const call = new MeshCall(socket, tripId);
      mediaRef.current = call;
      setMedia(call);
      setPhase('joining');
      const answer = await call.join(muted);
      if (mediaRef.current !== call) return; // left (or rejoined) meanwhile
      if (!answer.ok) {
        stop();
        toast({ title: 'Audio room', description: answer.message, variant: 'destructive' });
        return;
      }
      setPhase('joined');
      if (answer.state.at >= newest.current) {
        newest.current = answer.state.at;
        setState(answer.state);
      }
      const { mic } = call.getSnapshot();
      if (mic !== 'on') {
        toast({ title: 'Listening only', description: MIC_MESSAGES[mic], variant: 'destructive' });
      }
      if (cameraRef.current) void turnCamera(call, true);
    },
    [socket, tripId, stop],
  );

  // The room's state, the warnings and the end, for the trip on screen.
  useEffect(() => {
    if (!socket || !tripId) return;
    const onState = (next: CallState) => {
      if (next.tripId !== tripId) return;
      // A late, older state would take away a person who has just joined (and their connection).
      if (next.at < newest.current) return;
      newest.current = next.at;
      setState(next);
      mediaRef.current?.update(next.participants);
    };
    const onWarning = (message: CallWarningMessage) => {
      if (message.tripId === tripId)
        toast({ title: 'Call ending soon', description: message.message });
    };
    const onEnded = (message: CallEndedMessage) => {
      if (message.tripId !== tripId) return;
      stop();
      toast({ title: 'You left the call', description: message.message });
    };
    socket.on('call:state', onState);
    socket.on('call:warning', onWarning);
    socket.on('call:ended', onEnded);
    return () => {
      socket.off('call:state', onState);
      socket.off('call:warning', onWarning);
      socket.off('call:ended', onEnded);
      setState(null);
      newest.current = 0;
    };
  }, [socket, tripId, stop]);

  // Another trip, or the dashboard closing: out of the call.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trip changing is the point
  useEffect(() => () => stop(), [tripId, stop]);

  // The live connection came back: the server let go of this tab's place meanwhile, so it joins
  // again (the others connect to its new place) with the microphone as it was.
  const wasLive = useRef(status === 'live');
  useEffect(() => {
    const live = status === 'live';
    if (live && !wasLive.current && mediaRef.current) void start(mutedRef.current);
    wasLive.current = live;
  }, [status, start]);

  const join = useCallback(() => {
    mutedRef.current = false;
    cameraRef.current = false;
    void start(false);
  }, [start]);

  const toggleCamera = useCallback(() => {
    const call = mediaRef.current;
    if (!call) return;
    const on = call.getSnapshot().camera === 'off';
    cameraRef.current = on;
    void turnCamera(call, on);
  }, []);

  const toggleScreen = useCallback(() => {
    const call = mediaRef.current;
    if (!call) return;
    void call.setScreen(call.getSnapshot().screen === 'off').then((problem) => {
      if (problem) {
        toast({
          title: 'Screen not shared',
          description: SCREEN_MESSAGES[problem],
          variant: 'destructive',
        });
      }
    });
  }, []);

  const toggleMute = useCallback(() => {
    const call = mediaRef.current;
    if (!call) return;
    const muted = !call.getSnapshot().muted;
    mutedRef.current = muted;
    call.setMuted(muted);
  }, []);

  return {
    state,
    phase,
    media: snapshot,
    join,
    leave: stop,
    toggleMute,
    setMicrophone: async (deviceId) => mediaRef.current?.setMicrophone(deviceId),
    setSpeaker: async (deviceId) => mediaRef.current?.setSpeaker(deviceId),
    setVolume: (peerId, volume) => mediaRef.current?.setVolume(peerId, volume),
    toggleCamera,
    toggleScreen,
    switchCamera: () => void mediaRef.current?.switchCamera(),
    call: phase === 'joined' ? media : null,
  };
}

async function turnCamera(call: CallMedia, on: boolean) {
  const problem = await call.setCamera(on);
  if (problem) {
    toast({ title: 'Camera off', description: CAMERA_MESSAGES[problem], variant: 'destructive' });
  }
}
