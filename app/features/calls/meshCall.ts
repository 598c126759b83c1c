import type {
  CallJoinAck,
  CallParticipant,
  CallSignalMessage,
  IceServer,
  VideoViewing,
} from '../../../shared/contracts/calls';
import type { LiveSocket } from '../realtime/useLiveSocket';
import {
  type LocalTracks,
  type PeerConnectionState,
  PeerLink,
  type Signal,
  type VideoSlot,
} from './peerLink';
import { videoCaps } from './videoCaps';

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

// Above this audio level (0-1, about -30 dBov) someone counts as speaking.
const SPEAKING_LEVEL = 0.03;
const LEVEL_EVERY_MS = 250;
// ICE servers (TURN credentials) older than this are asked for afresh before a new connection.
const ICE_FRESH_MS = 60_000;

function problemOf(error: unknown): Exclude<MicState, 'on'> {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'unavailable';
}

async function openCamera(facing: Facing | null) {
  return navigator.mediaDevices.getUserMedia({
    video: {
      // The most any call sends (videoCaps.ts); smaller calls scale it down on the way out.
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 30, max: 30 },
      ...(facing ? { facingMode: { exact: facing } } : {}),
    },
  });
}

async function openMicrophone(deviceId: string | null) {
  return navigator.mediaDevices.getUserMedia({
    audio: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
    },
  });
}

/**
 * A WebRTC mesh (architecture §8): one PeerLink to each other person in the call, signalled over
 * the live connection (`call:signal`, relayed by the server only within the call).
 */
export class MeshCall implements CallMedia {
  private links = new Map<string, PeerLink>();
  private myPeerId: string | null = null;
  private local: MediaStream | null = null;
  private video: Record<VideoSlot, MediaStream | null> = { camera: null, screen: null };
  /** What I last told each person I show of theirs (a new connection starts with both). */
  private viewingSent = new Map<string, VideoViewing>();
  /** People in the call, me included, as the server last said: the video caps follow it. */
  private people = 1;
  private iceServers: IceServer[] = [];
  private iceTransportPolicy: RTCIceTransportPolicy = 'all';
  private iceAt = 0;
  private listeners = new Set<() => void>();
  private levelTimer: ReturnType<typeof setInterval> | undefined;
  private analyser: { context: AudioContext; node: AnalyserNode } | null = null;
  private volumes = new Map<string, number>();
  private left = false;
  private snapshot: MediaSnapshot = {
    muted: false,
    mic: 'on',
    speaking: false,
    camera: 'off',
    screen: 'off',
    facing: null,
    peers: {},
    microphoneId: null,
    speakerId: null,
  };

  constructor(
    private readonly socket: LiveSocket,
    private readonly tripId: string,
  ) {
    this.socket.on('call:signal', this.onSignal);
  }

  private onSignal = (message: CallSignalMessage) => {
    if (message.tripId !== this.tripId || this.left || !this.myPeerId) return;
    // The server relays only within the call, so the sender is in it, even when its offer
    // overtakes the room's state that names it (the newcomer's side may offer first).
    let link = this.links.get(message.from);
    if (!link) {
      link = this.linkTo(message.from);
      this.publishPeers();
    }
    const { tripId: _trip, from: _from, ...signal } = message;
    void link.receive(signal as Signal);
  };

  async join(muted: boolean): Promise<CallJoinAck> {
    let mic: MicState = 'on';
    try {
      this.local = await openMicrophone(null);
    } catch (error) {
      mic = problemOf(error);
    }
    const track = this.local?.getAudioTracks()[0] ?? null;
    if (track) track.enabled = !muted;
    this.publish({
      muted,
      mic,
      microphoneId: track?.getSettings().deviceId ?? null,
    });
    const answer: CallJoinAck = await this.socket
      .timeout(10_000)
      .emitWithAck('call:join', { muted })
      .catch(() => ({ ok: false, reason: 'error', message: 'The audio room did not answer.' }));
    if (!answer.ok || this.left) {
      this.stopLocal();
      return answer;
    }
    this.myPeerId = answer.peerId;
    this.iceServers = answer.iceServers;
    this.iceTransportPolicy = answer.iceTransportPolicy;
    this.iceAt = Date.now();
    this.startLevels();
    this.update(answer.state.participants);
    return answer;
  }

  leave() {
    if (this.left) return;
    this.left = true;
    this.socket.off('call:signal', this.onSignal);
    if (this.socket.connected && this.myPeerId) this.socket.emit('call:leave');
    for (const link of this.links.values()) link.close();
    this.links.clear();
    clearInterval(this.levelTimer);
    void this.analyser?.context.close();
    this.analyser = null;
    this.stopLocal();
    this.listeners.clear();
  }

  private stopLocal() {
    for (const stream of [this.local, this.video.camera, this.video.screen]) {
      for (const track of stream?.getTracks() ?? []) track.stop();
    }
    this.local = null;
    this.video = { camera: null, screen: null };
  }

  private localTracks(): LocalTracks {
    return {
      audio: this.local?.getAudioTracks()[0] ?? null,
      camera: this.video.camera?.getVideoTracks()[0] ?? null,
      screen: this.video.screen?.getVideoTracks()[0] ?? null,
    };
  }

  update(participants: CallParticipant[]) {
    if (this.left || !this.myPeerId) return;
    const me = this.myPeerId;
    const present = new Set(participants.map((person) => person.peerId));
    for (const [peerId, link] of this.links) {
      if (!present.has(peerId)) {
        link.close();
        this.links.delete(peerId);
        this.viewingSent.delete(peerId);
      }
    }
    const newcomers = participants.filter(
      (person) => person.peerId !== me && !this.links.has(person.peerId),
    );
    if (newcomers.length > 0) void this.connect(newcomers.map((person) => person.peerId));
    // Caps follow the size of the call: the people the server counts, whether or not connected.
    this.people = Math.max(1, participants.length);
    this.applyCaps();
    this.publishPeers();
  }

  /** Each connection's video caps, by the size of the call and that connection's network. */
  private applyCaps(only?: PeerLink) {
    for (const link of only ? [only] : this.links.values()) {
      for (const slot of ['camera', 'screen'] as const) {
        void link.setCaps(slot, videoCaps(slot, this.people, link.quality));
      }
    }
  }

  private async connect(peerIds: string[]) {
    if (Date.now() - this.iceAt > ICE_FRESH_MS) {
      const answer = await this.socket
        .timeout(5000)
        .emitWithAck('call:ice')
        .catch(() => null);
      if (answer?.ok) {
        this.iceServers = answer.iceServers;
        this.iceAt = Date.now();
      }
    }
    if (this.left || !this.myPeerId) return;
    for (const peerId of peerIds) if (!this.links.has(peerId)) this.linkTo(peerId);
    this.publishPeers();
  }

  /** A new connection to the person at `peerId`. */
  private linkTo(peerId: string) {
    const link = new PeerLink(
      peerId,
      (this.myPeerId ?? '') < peerId,
      this.iceServers,
      this.iceTransportPolicy,
      this.localTracks(),
      (signal) => this.socket.emit('call:signal', { to: peerId, ...signal }),
      () => this.publishPeers(),
    );
    link.audio.volume = this.volumes.get(peerId) ?? 1;
    if (this.snapshot.speakerId) void this.applySpeaker(link.audio, this.snapshot.speakerId);
    this.links.set(peerId, link);
    this.applyCaps(link);
    return link;
  }

  setMuted(muted: boolean) {
    const track = this.local?.getAudioTracks()[0];
    if (track) track.enabled = !muted;
    this.publish({ muted, speaking: muted ? false : this.snapshot.speaking });
    if (this.socket.connected) this.socket.emit('call:mute', { muted });
  }

  async setMicrophone(deviceId: string) {
    const next = await openMicrophone(deviceId);
    const track = next.getAudioTracks()[0] ?? null;
    if (track) track.enabled = !this.snapshot.muted;
    this.stopLocal();
    this.local = next;
    for (const link of this.links.values()) await link.setTrack('audio', track);
    this.watchLocalLevel();
    this.publish({ mic: 'on', microphoneId: track?.getSettings().deviceId ?? deviceId });
  }

  /** My camera or screen is now `stream` (or none): on every connection, and told to the room. */
  private async changeVideo(slot: VideoSlot, stream: MediaStream | null) {
    for (const track of this.video[slot]?.getTracks() ?? []) {
      if (!stream?.getTracks().includes(track)) track.stop();
    }
    this.video[slot] = stream;
    const track = stream?.getVideoTracks()[0] ?? null;
    if (track) {
      // A screen is read (text, detail); a camera is watched (motion).
      track.contentHint = slot === 'screen' ? 'detail' : 'motion';
      // The browser's own "Stop sharing", or a camera unplugged.
      track.addEventListener('ended', () => {
        if (this.video[slot] === stream) void this.changeVideo(slot, null);
      });
    }
    const facing = slot === 'camera' ? track?.getSettings().facingMode : undefined;
    this.publish({
      [slot]: track ? 'on' : 'off',
      ...(slot === 'camera'
        ? { facing: facing === 'user' || facing === 'environment' ? facing : null }
        : {}),
    });
    this.tellVideo();
    await Promise.all([...this.links.values()].map((link) => link.setTrack(slot, track)));
  }

  private tellVideo() {
    if (!this.socket.connected || !this.myPeerId) return;
    this.socket.emit('call:video', {
      camera: this.snapshot.camera === 'on',
      screen: this.snapshot.screen === 'on',
    });
  }

  async setCamera(on: boolean): Promise<VideoProblem | null> {
    if (this.left) return null;
    if (!on) {
      await this.changeVideo('camera', null);
      return null;
    }
    if (this.snapshot.camera !== 'off') return null;
    this.publish({ camera: 'starting' });
    try {
      const stream = await openCamera(null);
      if (this.left) {
        for (const track of stream.getTracks()) track.stop();
        return null;
      }
      await this.changeVideo('camera', stream);
      return null;
    } catch (error) {
      this.publish({ camera: 'off' });
      return problemOf(error);
    }
  }

  async switchCamera() {
    if (this.snapshot.camera !== 'on') return;
    const next: Facing = this.snapshot.facing === 'environment' ? 'user' : 'environment';
    // A phone opens one camera at a time: the one in use stops first.
    for (const track of this.video.camera?.getTracks() ?? []) track.stop();
    try {
      await this.changeVideo('camera', await openCamera(next));
    } catch {
      await this.changeVideo('camera', await openCamera(this.snapshot.facing).catch(() => null));
    }
  }

  async setScreen(on: boolean): Promise<VideoProblem | null> {
    if (this.left) return null;
    if (!on) {
      await this.changeVideo('screen', null);
      return null;
    }
    if (this.snapshot.screen !== 'off') return null;
    if (!navigator.mediaDevices?.getDisplayMedia) return 'unavailable';
    this.publish({ screen: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({
        video: { frameRate: { ideal: 15, max: 15 } },
        audio: false,
      });
      if (this.left) {
        for (const track of stream.getTracks()) track.stop();
        return null;
      }
      await this.changeVideo('screen', stream);
      return null;
    } catch (error) {
      this.publish({ screen: 'off' });
      // Closing the browser's picker is a choice, not a problem.
      const name = error instanceof DOMException ? error.name : '';
      return name === 'NotAllowedError' || name === 'AbortError' ? null : problemOf(error);
    }
  }

  setViewing(peerId: string, viewing: VideoViewing) {
    const before = this.viewingSent.get(peerId) ?? { camera: true, screen: true };
    if (before.camera === viewing.camera && before.screen === viewing.screen) return;
    if (!this.links.has(peerId) || !this.socket.connected) return;
    this.viewingSent.set(peerId, viewing);
    this.socket.emit('call:signal', { to: peerId, viewing });
  }

  remoteStream(peerId: string, slot: VideoSlot) {
    return this.links.get(peerId)?.streamOf(slot) ?? null;
  }

  localStream(slot: VideoSlot) {
    return this.video[slot];
  }

  private async applySpeaker(audio: HTMLAudioElement, deviceId: string) {
    const sinkable = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };
    await sinkable.setSinkId?.(deviceId);
  }

  async setSpeaker(deviceId: string) {
    for (const link of this.links.values()) await this.applySpeaker(link.audio, deviceId);
    this.publish({ speakerId: deviceId });
  }

  setVolume(peerId: string, volume: number) {
    const clamped = Math.min(1, Math.max(0, volume));
    this.volumes.set(peerId, clamped);
    const link = this.links.get(peerId);
    if (link) link.audio.volume = clamped;
    this.publishPeers();
  }

  /** My microphone's level through Web Audio (it may have no connection to read it from). */
  private watchLocalLevel() {
    void this.analyser?.context.close();
    this.analyser = null;
    if (!this.local || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const node = context.createAnalyser();
    node.fftSize = 512;
    context.createMediaStreamSource(this.local).connect(node);
    this.analyser = { context, node };
  }

  private localLevel() {
    if (!this.analyser) return 0;
    const samples = new Float32Array(this.analyser.node.fftSize);
    this.analyser.node.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    return Math.sqrt(sum / samples.length);
  }

  private startLevels() {
    this.watchLocalLevel();
    this.levelTimer = setInterval(() => {
      void (async () => {
        await Promise.all(
          [...this.links.values()].map(async (link) => {
            // A connection whose network got worse (or better) gets new caps at once.
            if (await link.readStats().catch(() => false)) this.applyCaps(link);
          }),
        );
        if (this.left) return;
        const speaking = !this.snapshot.muted && this.localLevel() > SPEAKING_LEVEL;
        const before = JSON.stringify(this.peerStates());
        if (speaking !== this.snapshot.speaking) this.publish({ speaking });
        if (JSON.stringify(this.peerStates()) !== before) this.publishPeers();
        else if (this.peersChanged()) this.publishPeers();
      })();
    }, LEVEL_EVERY_MS);
  }

  private peerStates(): MediaSnapshot['peers'] {
    const peers: MediaSnapshot['peers'] = {};
    for (const [peerId, link] of this.links) {
      peers[peerId] = {
        state: link.state,
        speaking: link.level > SPEAKING_LEVEL,
        volume: this.volumes.get(peerId) ?? 1,
        receiving: { ...link.receiving },
      };
    }
    return peers;
  }

  private peersChanged() {
    return JSON.stringify(this.peerStates()) !== JSON.stringify(this.snapshot.peers);
  }

  private publishPeers() {
    this.publish({ peers: this.peerStates() });
  }

  private publish(change: Partial<MediaSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  // Arrow functions: React's useSyncExternalStore is handed them as they are.
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;
}
