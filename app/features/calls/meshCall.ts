import type {
  CallJoinAck,
  CallParticipant,
  CallSignalMessage,
  VideoViewing,
} from '../../../shared/contracts/calls';
import type { LiveSocket } from '../live/useLiveSocket';
import type { CallMedia, Facing, MediaSnapshot, MicState, VideoProblem } from './callMedia';
import { IceConfig } from './iceConfig';
import {
  openCamera,
  openMicrophone,
  openScreen,
  playOn,
  problemOf,
  screenProblemOf,
} from './localMedia';
import { MicLevel, SPEAKING_LEVEL } from './micLevel';
import { type LocalTracks, PeerLink, type Signal, type VideoSlot } from './peerLink';
import { PeerSet } from './peerSet';

// The call's controls (CallControls.tsx and the pieces split from it) take the snapshot's type
// from here, beside the class that makes it.
export type { MediaSnapshot } from './callMedia';

const LEVEL_EVERY_MS = 250;

/**
 * A WebRTC mesh (architecture §8): one PeerLink to each other person in the call, signalled over
 * the live connection (`call:signal`, relayed by the server only within the call).
 */
export class MeshCall implements CallMedia {
  private peers = new PeerSet();
  private myPeerId: string | null = null;
  private local: MediaStream | null = null;
  private video: Record<VideoSlot, MediaStream | null> = { camera: null, screen: null };
  private ice = new IceConfig();
  private listeners = new Set<() => void>();
  private levelTimer: ReturnType<typeof setInterval> | undefined;
  private micLevel = new MicLevel();
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
    let link = this.peers.get(message.from);
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
    this.ice.set(answer.iceServers, answer.iceTransportPolicy);
    this.startLevels();
    this.update(answer.state.participants);
    return answer;
  }

  leave() {
    if (this.left) return;
    this.left = true;
    this.socket.off('call:signal', this.onSignal);
    if (this.socket.connected && this.myPeerId) this.socket.emit('call:leave');
    this.peers.closeAll();
    clearInterval(this.levelTimer);
    this.micLevel.stop();
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
    const newcomers = this.peers.follow(participants, this.myPeerId);
    if (newcomers.length > 0) void this.connect(newcomers);
    this.peers.resize(participants.length);
    this.publishPeers();
  }

  private async connect(peerIds: string[]) {
    // Only a stale config waits: fresh, the connections start before update() goes on.
    if (this.ice.stale) await this.ice.refresh(this.socket);
    if (this.left || !this.myPeerId) return;
    for (const peerId of peerIds) if (!this.peers.has(peerId)) this.linkTo(peerId);
    this.publishPeers();
  }

  /** A new connection to the person at `peerId`. */
  private linkTo(peerId: string) {
    const link = new PeerLink(
      peerId,
      (this.myPeerId ?? '') < peerId,
      this.ice.servers,
      this.ice.policy,
      this.localTracks(),
      (signal) => this.socket.emit('call:signal', { to: peerId, ...signal }),
      () => this.publishPeers(),
    );
    if (this.snapshot.speakerId) void playOn(link.audio, this.snapshot.speakerId);
    this.peers.add(peerId, link);
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
    for (const link of this.peers.values()) await link.setTrack('audio', track);
    this.micLevel.watch(this.local);
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
    await Promise.all([...this.peers.values()].map((link) => link.setTrack(slot, track)));
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
      const stream = await openScreen();
      if (this.left) {
        for (const track of stream.getTracks()) track.stop();
        return null;
      }
      await this.changeVideo('screen', stream);
      return null;
    } catch (error) {
      this.publish({ screen: 'off' });
      return screenProblemOf(error);
    }
  }

  setViewing(peerId: string, viewing: VideoViewing) {
    if (!this.socket.connected || !this.peers.markViewing(peerId, viewing)) return;
    this.socket.emit('call:signal', { to: peerId, viewing });
  }

  remoteStream(peerId: string, slot: VideoSlot) {
    return this.peers.get(peerId)?.streamOf(slot) ?? null;
  }

  localStream(slot: VideoSlot) {
    return this.video[slot];
  }

  async setSpeaker(deviceId: string) {
    for (const link of this.peers.values()) await playOn(link.audio, deviceId);
    this.publish({ speakerId: deviceId });
  }

  setVolume(peerId: string, volume: number) {
    this.peers.setVolume(peerId, volume);
    this.publishPeers();
  }

  private startLevels() {
    this.micLevel.watch(this.local);
    this.levelTimer = setInterval(() => {
      void (async () => {
        await Promise.all(
          [...this.peers.values()].map(async (link) => {
            // A connection whose network got worse (or better) gets new caps at once.
            if (await link.readStats().catch(() => false)) this.peers.applyCaps(link);
          }),
        );
        if (this.left) return;
        const speaking = !this.snapshot.muted && this.micLevel.read() > SPEAKING_LEVEL;
        const before = JSON.stringify(this.peers.states());
        if (speaking !== this.snapshot.speaking) this.publish({ speaking });
        if (JSON.stringify(this.peers.states()) !== before) this.publishPeers();
        else if (this.peersChanged()) this.publishPeers();
      })();
    }, LEVEL_EVERY_MS);
  }

  private peersChanged() {
    return JSON.stringify(this.peers.states()) !== JSON.stringify(this.snapshot.peers);
  }

  private publishPeers() {
    this.publish({ peers: this.peers.states() });
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
