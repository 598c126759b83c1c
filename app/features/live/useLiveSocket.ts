import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { TAB_ID } from '@/lib/tabId';
import {
  type ClientToServerEvents,
  LIVE_PATH,
  LIVE_PROTOCOL_VERSION,
  type ServerToClientEvents,
} from '../../../shared/contracts/live';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One Socket.IO connection while the dashboard is open (null until it is made). */
export function useLiveSocket(): LiveSocket | null {
  const [socket, setSocket] = useState<LiveSocket | null>(null);
  useEffect(() => {
    const live: LiveSocket = io({
      path: LIVE_PATH,
      auth: { v: LIVE_PROTOCOL_VERSION, tab: TAB_ID },
      // WebSocket first (no long-polling round trips); polling if a proxy refuses WebSockets.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      // Backoff from half a second to 4 s, randomised by half so a restarted server is not met
      // by every tab at the same instant.
      reconnectionDelay: 500,
      reconnectionDelayMax: 4000,
      randomizationFactor: 0.5,
    });
    setSocket(live);
    return () => {
      live.close();
    };
  }, []);
  return socket;
}
