import type { CallJoinAck, CallParticipant, VideoViewing } from '../../../shared/contracts/calls';
import type { PeerConnectionState, VideoSlot } from './peerLink';

/** Whether the microphone works: on; refused by the person or the browser; none there. */
export type MicState = 'on' | 'denied' | 'missing' | 'unavailable';
/** Why a camera or a screen could not be started (a screen picker closed is not a problem). */
export type VideoProblem = 'denied' | 'missing' | 'unavailable';
export type VideoState = 'off' | 'starting' | 'on';
export type Facing = 'user' | 'environment';

export type PeerMedia = {
  state: PeerConnectionState;
  speaking: boolean;
  volume: number;
  /** Frames of their camera and of their screen come in now. */
  receiving: Record<VideoSlot, boolean>;
};

export type MediaSnapshot = {
  muted: boolean;
  mic: MicState;
  /** My own level is above the speaking threshold (and I am not muted). */
  speaking: boolean;
  /** My camera and my shared screen (issue #20). */
  camera: VideoState;
  screen: VideoState;
  /** Which way my camera looks, where the device says (phones); null otherwise. */
  facing: Facing | null;
  /** Each other person in the call, by peer id. */
  peers: Record<string, PeerMedia>;
  microphoneId: string | null;
  speakerId: string | null;
};

/**
 * What the call's controls need of the media, whatever carries it: this mesh of browser-to-
 * browser connections now, an SFU (LiveKit) when groups outgrow it (architecture §8). The UI
 * talks to this and to the server's call state, never to RTCPeerConnection.
 */
export interface CallMedia {
  /** Takes the microphone (listening only when refused) and joins the room on the server. */
  join(muted: boolean): Promise<CallJoinAck>;
  leave(): void;
  setMuted(muted: boolean): void;
  setMicrophone(deviceId: string): Promise<void>;
  setSpeaker(deviceId: string): Promise<void>;
  setVolume(peerId: string, volume: number): void;
  /** Camera on or off; resolves to why it could not start, or null. */
  setCamera(on: boolean): Promise<VideoProblem | null>;
  /** The other camera of a phone (front ↔ back). */
  switchCamera(): Promise<void>;
  /** Share a screen, a window or a tab, or stop; resolves to why it could not start, or null. */
  setScreen(on: boolean): Promise<VideoProblem | null>;
  /** Which of the person's videos I show now: what I do not show, they stop sending. */
  setViewing(peerId: string, viewing: VideoViewing): void;
  /** The person's camera or screen as a stream for a video element. */
  remoteStream(peerId: string, slot: VideoSlot): MediaStream | null;
  /** My own camera or screen, for my own tile. */
  localStream(slot: VideoSlot): MediaStream | null;
  /** The people in the call now (from the server): connect to the new, let go of those gone. */
  update(participants: CallParticipant[]): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): MediaSnapshot;
}
