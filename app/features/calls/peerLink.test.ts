import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeerLink } from './peerLink';

/**
 * Just enough of RTCPeerConnection to follow the order of what a link does: setting a remote
 * description takes a moment, and a candidate before it is refused, as browsers do.
 */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  candidates: RTCIceCandidateInit[] = [];
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate = null;
  onconnectionstatechange = null;
  ontrack = null;
  constructor(readonly configuration: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async setLocalDescription() {
    this.localDescription = { type: 'answer', sdp: 'v=0 answer' };
    this.signalingState = 'stable';
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription)
      throw new DOMException('no remote description', 'InvalidStateError');
    this.candidates.push(candidate);
  }
  getTransceivers(): unknown[] {
    return [];
  }
  getSenders() {
    return [];
  }
  addTrack() {}
  addTransceiver(..._args: unknown[]): unknown {
    return undefined;
  }
  close() {}
}

describe('PeerLink', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('applies an offer and the candidates right behind it in order, and answers', async () => {
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal(
      'Audio',
      class {
        autoplay = false;
        srcObject = null;
      },
    );
    const sent: unknown[] = [];
    // The polite side (it waits for the other's offer).
    const link = new PeerLink(
      'peer-b',
      true,
      [],
      'relay',
      { audio: null, camera: null, screen: null },
      (s) => sent.push(s),
      () => {},
    );
    const pc = FakePeerConnection.made.at(-1)!;
    expect(pc.configuration.iceTransportPolicy).toBe('relay');
    void link.receive({ description: { type: 'offer', sdp: 'v=0 offer' } });
    void link.receive({
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' },
    });
    await link.receive({
      candidate: { candidate: 'candidate:2 1 udp 1 127.0.0.1 5001 typ host', sdpMid: '0' },
    });
    expect(pc.candidates).toHaveLength(2);
    expect(sent).toEqual([{ description: { type: 'answer', sdp: 'v=0 answer' } }]);
    link.close();
  });

  it('makes audio, camera and screen transceivers in that order, and sends only what is viewed', async () => {
    type Encoding = RTCRtpEncodingParameters;
    class FakeSender {
      track: unknown = null;
      parameters: { encodings: Encoding[] } = { encodings: [{}] };
      async replaceTrack(track: unknown) {
        this.track = track;
      }
      getParameters() {
        return structuredClone(this.parameters);
      }
      async setParameters(parameters: { encodings: Encoding[] }) {
        this.parameters = parameters;
      }
    }
    class Transceiver {
      sender = new FakeSender();
      currentDirection = null;
      constructor(
        readonly kind: string,
        public direction: string,
      ) {}
    }
    const transceivers: Transceiver[] = [];
    vi.stubGlobal(
      'RTCPeerConnection',
      class extends FakePeerConnection {
        override addTransceiver(what: string | { kind: string }, init: { direction: string }) {
          const transceiver = new Transceiver(
            typeof what === 'string' ? what : what.kind,
            init.direction,
          );
          if (typeof what !== 'string') transceiver.sender.track = what;
          transceivers.push(transceiver);
          return transceiver;
        }
        override getTransceivers() {
          return transceivers;
        }
      },
    );
    vi.stubGlobal('Audio', class {});
    const mic = { kind: 'audio' };
    // The impolite side: it makes the transceivers.
    const link = new PeerLink(
      'peer-b',
      false,
      [],
      'all',
      { audio: mic as MediaStreamTrack, camera: null, screen: null },
      () => {},
      () => {},
    );
    expect(transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'recvonly'],
      ['video', 'recvonly'],
    ]);
    const camera = { kind: 'video', getSettings: () => ({ height: 720 }) } as MediaStreamTrack;
    await link.setTrack('camera', camera);
    await link.setCaps('camera', { maxBitrate: 450_000, maxFramerate: 24, maxHeight: 360 });
    const cameraSender = transceivers[1]!.sender;
    expect(transceivers[1]!.direction).toBe('sendrecv');
    expect(cameraSender.track).toBe(camera);
    expect(cameraSender.parameters.encodings[0]).toEqual({
      active: true,
      maxBitrate: 450_000,
      maxFramerate: 24,
      scaleResolutionDownBy: 2,
    });
    // The other person collapses their panel: my camera is no longer sent to them.
    await link.receive({ viewing: { camera: false, screen: false } });
    expect(cameraSender.parameters.encodings[0]?.active).toBe(false);
    await link.setTrack('camera', null);
    expect(transceivers[1]!.direction).toBe('recvonly');
    expect(transceivers[2]!.direction).toBe('recvonly');
    link.close();
  });
});
