import type {
  CallIceCandidate,
  CallSessionDescription,
  IceServer,
} from '../../../shared/contracts/calls';

export type PeerConnectionState = 'connecting' | 'connected' | 'reconnecting';

export type Signal =
  | { description: CallSessionDescription }
  | { candidate: CallIceCandidate | null };

/**
 * One WebRTC connection to one other person in the call, negotiated with the "perfect
 * negotiation" pattern (W3C WebRTC 1.0 §10.7): either side may renegotiate at any time (a
 * microphone switched on, video later), and when both offer at once the polite side gives way.
 * Who is polite is decided by the two peer ids, so both sides agree without asking.
 *
 * To avoid that collision on the first connection at all, the impolite side offers and the
 * polite side answers with its microphone on the transceiver the offer made: one audio
 * m-line per pair, one round trip.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly audio: HTMLAudioElement;
  state: PeerConnectionState = 'connecting';
  /** The other person's audio level, 0-1, from the last statistics read. */
  level = 0;
  private makingOffer = false;
  private signals: Promise<void> = Promise.resolve();
  private ignoreOffer = false;
  private closed = false;

  constructor(
    readonly peerId: string,
    readonly polite: boolean,
    iceServers: IceServer[],
    iceTransportPolicy: RTCIceTransportPolicy,
    private localTrack: MediaStreamTrack | null,
    private readonly send: (signal: Signal) => void,
    private readonly changed: () => void,
  ) {
    this.pc = new RTCPeerConnection({ iceServers, iceTransportPolicy });
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
    this.pc.ontrack = ({ track, streams }) => {
      this.audio.srcObject = streams[0] ?? new MediaStream([track]);
      this.audio.play().catch(() => {
        // Played once the page has been interacted with; joining is a click, so it rarely waits.
      });
    };

    // The impolite side starts the first negotiation; the polite one answers (see above).
    if (!polite) {
      if (localTrack) this.pc.addTrack(localTrack, new MediaStream([localTrack]));
      else this.pc.addTransceiver('audio', { direction: 'recvonly' });
    }
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
      if ('description' in signal) {
        const { description } = signal;
        const collision =
          description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
        this.ignoreOffer = !this.polite && collision;
        if (this.ignoreOffer) return;
        await this.pc.setRemoteDescription(description);
        if (description.type === 'offer') {
          this.attachTrackToOffer();
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

  /** The polite side's microphone goes on the audio transceiver the first offer made. */
  private attachTrackToOffer() {
    if (!this.localTrack) return;
    if (this.pc.getSenders().some((sender) => sender.track === this.localTrack)) return;
    const transceiver = this.pc
      .getTransceivers()
      .find(
        (t) =>
          t.receiver.track.kind === 'audio' && !t.sender.track && t.currentDirection !== 'stopped',
      );
    if (!transceiver) {
      this.pc.addTrack(this.localTrack, new MediaStream([this.localTrack]));
      return;
    }
    transceiver.direction = 'sendrecv';
    void transceiver.sender.replaceTrack(this.localTrack);
    transceiver.sender.setStreams?.(new MediaStream([this.localTrack]));
  }

  /** Another microphone (or one at last, after a refusal): on the same sender when there is one. */
  async setTrack(track: MediaStreamTrack | null) {
    this.localTrack = track;
    const sender = this.pc.getSenders().find((s) => s.track?.kind === 'audio' || s.track === null);
    if (sender && sender.track !== null) {
      await sender.replaceTrack(track);
      return;
    }
    if (!track) return;
    const transceiver = this.pc
      .getTransceivers()
      .find((t) => t.receiver.track.kind === 'audio' && t.currentDirection !== 'stopped');
    if (transceiver) {
      // Renegotiates (negotiationneeded): now sending too.
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(track);
    } else {
      this.pc.addTrack(track, new MediaStream([track]));
    }
  }

  /** The other person's audio level now (0-1), from the connection's statistics. */
  async readLevel() {
    if (this.closed) return 0;
    const stats = await this.pc.getStats();
    let level = 0;
    stats.forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') {
        level = Math.max(level, report.audioLevel ?? 0);
      }
    });
    this.level = level;
    return level;
  }

  close() {
    this.closed = true;
    this.pc.close();
    this.audio.srcObject = null;
  }
}
