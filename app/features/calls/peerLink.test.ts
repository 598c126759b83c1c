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
  getTransceivers() {
    return [];
  }
  getSenders() {
    return [];
  }
  addTrack() {}
  addTransceiver() {}
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
});
