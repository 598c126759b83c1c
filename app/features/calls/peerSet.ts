import type { CallParticipant, VideoViewing } from '../../../shared/contracts/calls';
import type { MediaSnapshot } from './callMedia';
import { SPEAKING_LEVEL } from './micLevel';
import type { PeerLink } from './peerLink';
import { videoCaps } from './videoCaps';

/**
 * The connections of a mesh call, one PeerLink to each other person, and what is kept about each
 * person beside it: the volume I set, what of their video I last said I show, and the video caps,
 * which follow the size of the call and each connection's network.
 */
export class PeerSet {
  private links = new Map<string, PeerLink>();
  private volumes = new Map<string, number>();
  /** What I last told each person I show of theirs (a new connection starts with both). */
  private viewingSent = new Map<string, VideoViewing>();
  /** People in the call, me included, as the server last said: the video caps follow it. */
  private people = 1;

  get(peerId: string) {
    return this.links.get(peerId);
  }

  has(peerId: string) {
    return this.links.has(peerId);
  }

  /** The connections, live: one added while a caller awaits is still visited. */
  values() {
    return this.links.values();
  }

  /** A new connection: at the volume I set for the person, with the caps of the call. */
  add(peerId: string, link: PeerLink) {
    link.audio.volume = this.volumes.get(peerId) ?? 1;
    this.links.set(peerId, link);
    this.applyCaps(link);
  }

  /** Lets go of the people no longer in the call; returns the peer ids not connected to yet. */
  follow(participants: CallParticipant[], me: string) {
    const present = new Set(participants.map((person) => person.peerId));
    for (const [peerId, link] of this.links) {
      if (!present.has(peerId)) {
        link.close();
        this.links.delete(peerId);
        this.viewingSent.delete(peerId);
      }
    }
    return participants
      .filter((person) => person.peerId !== me && !this.links.has(person.peerId))
      .map((person) => person.peerId);
  }

  /** The people the server counts in the call, whether or not connected: the caps follow it. */
  resize(people: number) {
    this.people = Math.max(1, people);
    this.applyCaps();
  }

  /** Each connection's video caps, by the size of the call and that connection's network. */
  applyCaps(only?: PeerLink) {
    for (const link of only ? [only] : this.links.values()) {
      for (const slot of ['camera', 'screen'] as const) {
        void link.setCaps(slot, videoCaps(slot, this.people, link.quality));
      }
    }
  }

  setVolume(peerId: string, volume: number) {
    const clamped = Math.min(1, Math.max(0, volume));
    this.volumes.set(peerId, clamped);
    const link = this.links.get(peerId);
    if (link) link.audio.volume = clamped;
  }

  /** Notes what I show of the person's video: false when they know it already or are not here. */
  markViewing(peerId: string, viewing: VideoViewing) {
    const before = this.viewingSent.get(peerId) ?? { camera: true, screen: true };
    if (before.camera === viewing.camera && before.screen === viewing.screen) return false;
    if (!this.links.has(peerId)) return false;
    this.viewingSent.set(peerId, viewing);
    return true;
  }

  states(): MediaSnapshot['peers'] {
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

  closeAll() {
    for (const link of this.links.values()) link.close();
    this.links.clear();
  }
}
