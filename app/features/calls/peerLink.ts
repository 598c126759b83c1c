import type {
  CallIceCandidate,
  CallSessionDescription,
  IceServer,
  VideoViewing,
} from '../../../shared/contracts/calls';
import {
  type EncodingCaps,
  encodingFor,
  type LinkQuality,
  nextQuality,
  readLinkSample,
} from './videoCaps';

export type PeerConnectionState = 'connecting' | 'connected' | 'reconnecting';

export type Signal =
  | { description: CallSessionDescription }
  | { candidate: CallIceCandidate | null }
  | { viewing: VideoViewing };

/** What a person sends on a connection: their voice, their camera, a shared screen. */
export type MediaSlot = 'audio' | 'camera' | 'screen';
export type VideoSlot = Exclude<MediaSlot, 'audio'>;
/** The order of the transceivers (and m-lines) on every connection, the same on both sides. */
export const MEDIA_SLOTS: readonly MediaSlot[] = ['audio', 'camera', 'screen'];
const KIND: Record<MediaSlot, 'audio' | 'video'> = {
  audio: 'audio',
  camera: 'video',
  screen: 'video',
};

export type LocalTracks = Record<MediaSlot, MediaStreamTrack | null>;

const CAPS_RETRY_MS = 500;

// Every browser encodes and decodes these; offering only them keeps each video m-line a tenth of
// the size of Chromium's full list (VP9 profiles, H.264 variants, AV1, each with RTX), which
// every offer and answer of every pair carries and parses.
const VIDEO_CODECS = new Set(['video/vp8', 'video/h264', 'video/rtx']);

function preferVideoCodecs(transceiver: RTCRtpTransceiver) {
  const codecs = globalThis.RTCRtpReceiver?.getCapabilities?.('video')?.codecs;
  if (!codecs || !transceiver.setCodecPreferences) return;
  const chosen = codecs.filter(
    (codec) =>
      VIDEO_CODECS.has(codec.mimeType.toLowerCase()) &&
      // H.264 once: the constrained baseline every browser decodes (packetization mode 1).
      (codec.mimeType.toLowerCase() !== 'video/h264' ||
        (/profile-level-id=42e01f/.test(codec.sdpFmtpLine ?? '') &&
          /packetization-mode=1/.test(codec.sdpFmtpLine ?? ''))),
  );
  try {
    if (chosen.some((codec) => codec.mimeType.toLowerCase() === 'video/vp8')) {
      transceiver.setCodecPreferences(chosen);
    }
  } catch {
    // A browser that refuses the list offers its own: larger, as good.
  }
}

/**
 * One WebRTC connection to one other person in the call, negotiated with the "perfect
 * negotiation" pattern (W3C WebRTC 1.0 §10.7): either side may renegotiate at any time (a
 * microphone switched on, a camera, a shared screen), and when both offer at once the polite side
 * gives way. Who is polite is decided by the two peer ids, so both sides agree without asking.
 *
 * Every connection has the same three transceivers in the same order — audio, camera, screen —
 * made by the impolite side's first offer: the polite side answers with its microphone (and any
 * video it has on) on the transceivers the offer made, so a pair needs one round trip, and each
 * side knows which video is which by its place. Turning a camera or a screen on or off sets that
 * transceiver's track and direction, which renegotiates the same connection.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly audio: HTMLAudioElement;
  state: PeerConnectionState = 'connecting';
  /** The other person's audio level, 0-1, from the last statistics read. */
  level = 0;
  /** Whether frames of the other person's camera and screen come in now. */
  receiving: Record<VideoSlot, boolean> = { camera: false, screen: false };
  /** Which of my videos the other person shows (they say so); unseen ones are not sent. */
  viewing: VideoViewing = { camera: true, screen: true };
  /** The network towards the other person, for my video's caps (videoCaps.ts). */
  private network: { quality: LinkQuality; troubleAt: number } = { quality: 'good', troubleAt: 0 };
  private caps: Record<VideoSlot, EncodingCaps | null> = { camera: null, screen: null };
  private streams = new Map<VideoSlot, MediaStream>();
  private makingOffer = false;
  private signals: Promise<void> = Promise.resolve();
  private ignoreOffer = false;
  private closed = false;

  constructor(
    readonly peerId: string,
    readonly polite: boolean,
    iceServers: IceServer[],
    iceTransportPolicy: RTCIceTransportPolicy,
    private local: LocalTracks,
    private readonly send: (signal: Signal) => void,
    private readonly changed: () => void,
  ) {
    // One transport for the three m-lines: 'balanced' would gather candidates for audio and for
    // video apart until the answer comes, twice the candidates and the signalling for nothing.
    this.pc = new RTCPeerConnection({ iceServers, iceTransportPolicy, bundlePolicy: 'max-bundle' });
    this.audio = new Audio();
    this.audio.autoplay = true;

    this.pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await this.pc.setLocalDescription();
        this.sendDescription();
      } catch (error) {
        console.warn('call: could not make an offer', error);
      } finally {
        this.makingOffer = false;
      }
    };
    this.pc.onicecandidate = ({ candidate }) => {
      if (candidate) this.send({ candidate: candidate.toJSON() as CallIceCandidate });
    };
    this.pc.onconnectionstatechange = () => this.onConnectionState();
    this.pc.onsignalingstatechange = () => {
      // Encodings exist once a sending direction is negotiated: the caps go on then.
      if (this.pc.signalingState === 'stable') void this.applyCaps();
    };
    this.pc.ontrack = ({ track, transceiver }) => {
      const slot = this.slotOf(transceiver);
      if (slot === 'audio') {
        this.audio.srcObject = new MediaStream([track]);
        this.audio.play().catch(() => {
          // Played once the page has been interacted with; joining is a click, so it rarely waits.
        });
        return;
      }
      if (!slot) return;
      // Frames come, or stop (the other side's camera off, or not sent because I do not show it).
      const update = () => {
        this.receiving[slot] = !track.muted;
        this.changed();
      };
      track.onmute = update;
      track.onunmute = update;
      update();
    };

    // The impolite side starts the first negotiation; the polite one answers (see above).
    if (!polite) {
      for (const slot of MEDIA_SLOTS) {
        const track = local[slot];
        const transceiver = this.pc.addTransceiver(track ?? KIND[slot], {
          direction: track ? 'sendrecv' : 'recvonly',
        });
        if (KIND[slot] === 'video') preferVideoCodecs(transceiver);
      }
    }
  }

  /** Which slot a transceiver carries: by its place, which both sides share. */
  private slotOf(transceiver: RTCRtpTransceiver): MediaSlot | null {
    return MEDIA_SLOTS[this.pc.getTransceivers().indexOf(transceiver)] ?? null;
  }

  private transceiverOf(slot: MediaSlot): RTCRtpTransceiver | null {
    return this.pc.getTransceivers()[MEDIA_SLOTS.indexOf(slot)] ?? null;
  }

  /** The other person's camera or screen, for a video element (it shows frames while receiving). */
  streamOf(slot: VideoSlot): MediaStream | null {
    const transceiver = this.transceiverOf(slot);
    if (!transceiver) return null;
    let stream = this.streams.get(slot);
    if (!stream || stream.getVideoTracks()[0] !== transceiver.receiver.track) {
      stream = new MediaStream([transceiver.receiver.track]);
      this.streams.set(slot, stream);
    }
    return stream;
  }

  private sendDescription() {
    const description = this.pc.localDescription;
    if (description) {
      this.send({ description: { type: description.type, sdp: description.sdp } });
    }
  }

  private onConnectionState() {
    const state = this.pc.connectionState;
    if (state === 'connected') this.state = 'connected';
    else if (state === 'disconnected' || state === 'failed') {
      this.state = 'reconnecting';
      // A path that failed (a network change, a NAT rebinding) gets new candidates.
      if (state === 'failed') this.pc.restartIce();
    } else if (state === 'new' || state === 'connecting') {
      if (this.state !== 'reconnecting') this.state = 'connecting';
    }
    this.changed();
  }

  /**
   * A signal from the other side, applied in the order they came: a candidate applied while the
   * offer before it is still being set would be refused (no remote description yet), and lost.
   */
  receive(signal: Signal) {
    this.signals = this.signals.then(() => this.apply(signal));
    return this.signals;
  }

  private async apply(signal: Signal) {
    if (this.closed) return;
    try {
      if ('viewing' in signal) {
        this.viewing = signal.viewing;
        await this.applyCaps();
      } else if ('description' in signal) {
        const { description } = signal;
        const collision =
          description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
        this.ignoreOffer = !this.polite && collision;
        if (this.ignoreOffer) return;
        await this.pc.setRemoteDescription(description);
        if (description.type === 'offer') {
          for (const slot of MEDIA_SLOTS) await this.attach(slot);
          await this.pc.setLocalDescription();
          this.sendDescription();
        }
      } else if (signal.candidate) {
        try {
          await this.pc.addIceCandidate(signal.candidate);
        } catch (error) {
          if (!this.ignoreOffer) throw error;
        }
      }
    } catch (error) {
      console.warn('call: a signal could not be applied', error);
    }
  }

  /**
   * Puts my track for the slot (or none) on its transceiver, sending only while there is one.
   * Before the first offer made the transceivers, the track waits for it (the polite side).
   */
  private async attach(slot: MediaSlot) {
    const transceiver = this.transceiverOf(slot);
    if (!transceiver || transceiver.currentDirection === 'stopped') return;
    const track = this.local[slot];
    if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
    // Audio keeps sending once it has: a changed microphone is a new track on the same sender.
    const direction = track || (slot === 'audio' && transceiver.direction === 'sendrecv');
    const wanted: RTCRtpTransceiverDirection = direction ? 'sendrecv' : 'recvonly';
    if (transceiver.direction !== wanted) transceiver.direction = wanted; // renegotiates
  }

  /** Another microphone, a camera or screen on or off: on the same connection. */
  async setTrack(slot: MediaSlot, track: MediaStreamTrack | null) {
    this.local = { ...this.local, [slot]: track };
    await this.attach(slot);
    if (slot !== 'audio') await this.applyCaps();
  }

  /** The most my video may use towards this person (a new size of the call, a new network). */
  async setCaps(slot: VideoSlot, caps: EncodingCaps | null) {
    this.caps[slot] = caps;
    await this.applyCaps(slot);
  }

  /**
   * Caps and whether to send at all (the other person shows it), on each video sender. One
   * change at a time: two setParameters in flight on one sender refuse each other.
   */
  private applyCaps(only?: VideoSlot): Promise<void> {
    this.capsChain = this.capsChain.then(() => this.applyCapsNow(only));
    return this.capsChain;
  }

  private capsChain: Promise<void> = Promise.resolve();

  private async applyCapsNow(only?: VideoSlot) {
    for (const slot of only ? [only] : (['camera', 'screen'] as const)) {
      const sender = this.transceiverOf(slot)?.sender;
      const track = this.local[slot];
      const caps = this.caps[slot];
      if (this.closed || !sender || !track || !caps) continue;
      const parameters = sender.getParameters();
      const [first] = parameters.encodings ?? [];
      if (!first) continue; // not negotiated yet: applied when it is
      const encoding = encodingFor(caps, track.getSettings().height ?? null, this.viewing[slot]);
      if (
        first.active === encoding.active &&
        first.maxBitrate === encoding.maxBitrate &&
        first.maxFramerate === encoding.maxFramerate &&
        first.scaleResolutionDownBy === encoding.scaleResolutionDownBy
      ) {
        continue;
      }
      parameters.encodings[0] = { ...first, ...encoding };
      try {
        await sender.setParameters(parameters);
      } catch (error) {
        // A renegotiation in between made the parameters stale: try again once it has settled.
        console.warn('call: video caps not applied, trying again', error);
        setTimeout(() => void this.applyCaps(slot), CAPS_RETRY_MS);
      }
    }
  }

  get quality(): LinkQuality {
    return this.network.quality;
  }

  /**
   * The other person's audio level and, while my video goes to them, how the network copes (loss
   * and round trip), from the connection's statistics. True when the network's quality changed.
   */
  async readStats(): Promise<boolean> {
    if (this.closed) return false;
    const stats = await this.pc.getStats();
    let level = 0;
    stats.forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') {
        level = Math.max(level, report.audioLevel ?? 0);
      }
    });
    this.level = level;
    const before = this.network.quality;
    this.network = nextQuality(this.network, readLinkSample(stats), Date.now());
    return this.network.quality !== before;
  }

  close() {
    this.closed = true;
    this.pc.close();
    this.audio.srcObject = null;
  }
}
