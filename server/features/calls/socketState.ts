// What the audio room keeps on a connection and says between instances, merged into the live
// core's types (declaration merging): the core itself names no feature.

declare module '../live/core' {
  interface SocketData {
    /** The tab's place in its trip's audio room, while it is in the call. */
    call?: {
      tripId: string;
      peerId: string;
      muted: boolean;
      camera: boolean;
      screen: boolean;
    } | null;
  }
  interface InterServerEvents {
    /** A call began in the trip's audio room: every instance keeps its time. */
    'call:started': (tripId: string) => void;
    /** The person's tabs that are no longer in the trip's room leave its audio room too. */
    'call:leftTrip': (tripId: string, userId: string) => void;
    /** The person joined the trip's call from this socket: their other tabs leave it. */
    'call:joinedElsewhere': (tripId: string, userId: string, socketId: string) => void;
  }
}

export {};
