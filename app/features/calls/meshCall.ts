import type {
  CallJoinAck,
  CallParticipant,
  CallSignalMessage,
  IceServer,
} from '../../../shared/contracts/calls';
import type { LiveSocket } from '../realtime/useLiveSocket';
import { type PeerConnectionState, PeerLink, type Signal } from './peerLink';

/** Whether the microphone works: on; refused by the person or the browser; none there. */
export type MicState = 'on' | 'denied' | 'missing' | 'unavailable';

export type MediaSnapshot = {
  muted: boolean;
  mic: MicState;
  /** My own level is above the speaking threshold (and I am not muted). */
  speaking: boolean;
  /** Each other person in the call, by peer id. */
  peers: Record<string, { state: PeerConnectionState; speaking: boolean; volume: number }>;
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

function micStateOf(error: unknown): MicState {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'unavailable';
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
      mic = micStateOf(error);
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
    for (const track of this.local?.getTracks() ?? []) track.stop();
    this.local = null;
  }

  update(participants: CallParticipant[]) {
    if (this.left || !this.myPeerId) return;
    const me = this.myPeerId;
    const present = new Set(participants.map((person) => person.peerId));
    for (const [peerId, link] of this.links) {
      if (!present.has(peerId)) {
        link.close();
        this.links.delete(peerId);
      }
    }
    const newcomers = participants.filter(
      (person) => person.peerId !== me && !this.links.has(person.peerId),
    );
    if (newcomers.length > 0) void this.connect(newcomers.map((person) => person.peerId));
    this.publishPeers();
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
      this.local?.getAudioTracks()[0] ?? null,
      (signal) => this.socket.emit('call:signal', { to: peerId, ...signal }),
      () => this.publishPeers(),
    );
    link.audio.volume = this.volumes.get(peerId) ?? 1;
    if (this.snapshot.speakerId) void this.applySpeaker(link.audio, this.snapshot.speakerId);
    this.links.set(peerId, link);
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
    for (const link of this.links.values()) await link.setTrack(track);
    this.watchLocalLevel();
    this.publish({ mic: 'on', microphoneId: track?.getSettings().deviceId ?? deviceId });
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
        await Promise.all([...this.links.values()].map((link) => link.readLevel().catch(() => 0)));
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
