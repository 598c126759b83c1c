import type { IceServer } from '../../../shared/contracts/calls';
import type { LiveSocket } from '../live/useLiveSocket';

// ICE servers (TURN credentials) older than this are asked for afresh before a new connection.
const ICE_FRESH_MS = 60_000;

/** The ICE servers (TURN credentials expire) and the transport policy new connections get. */
export class IceConfig {
  servers: IceServer[] = [];
  policy: RTCIceTransportPolicy = 'all';
  private at = 0;

  /** As the server gave them when I joined. */
  set(servers: IceServer[], policy: RTCIceTransportPolicy) {
    this.servers = servers;
    this.policy = policy;
    this.at = Date.now();
  }

  get stale() {
    return Date.now() - this.at > ICE_FRESH_MS;
  }

  /** Asks the server for fresh ones; keeps those I have when it does not answer. */
  async refresh(socket: LiveSocket) {
    const answer = await socket
      .timeout(5000)
      .emitWithAck('call:ice')
      .catch(() => null);
    if (answer?.ok) {
      this.servers = answer.iceServers;
      this.at = Date.now();
    }
  }
}
