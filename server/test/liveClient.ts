import { io, type Socket } from 'socket.io-client';
import {
  type ClientToServerEvents,
  type CursorMove,
  type JoinAck,
  REALTIME_PATH,
  REALTIME_PROTOCOL_VERSION,
  type ServerToClientEvents,
} from '../../shared/realtime';
import { SESSION_COOKIE } from '../platform/sessions';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type EventOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * A real Socket.IO client as a tab would open it: this site's Origin, the session cookie, the
 * protocol version. Resolves once connected; rejects with the server's refusal.
 */
export function connectLive(
  baseUrl: string,
  cookie: string | null,
  options: { version?: number; origin?: string; tab?: string } = {},
): Promise<LiveClient> {
  const socket: LiveClient = io(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { v: options.version ?? REALTIME_PROTOCOL_VERSION, tab: options.tab },
    extraHeaders: {
      origin: options.origin ?? baseUrl,
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
    },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export function joinTrip(socket: LiveClient, tripId: string): Promise<JoinAck> {
  return socket.timeout(5000).emitWithAck('trip:join', { tripId });
}

/** The next `event` matching `match`, or a rejection after `ms`. */
export function nextEvent<E extends EventName>(
  socket: LiveClient,
  event: E,
  match: (message: EventOf<E>) => boolean = () => true,
  ms = 5000,
): Promise<EventOf<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no matching "${event}" within ${ms} ms`));
    }, ms);
    function listener(message: EventOf<E>) {
      if (!match(message)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(message);
    }
    socket.on(event, listener as never);
  });
}

/** Every `event` the socket receives from now on (for "this never arrives" checks). */
export function collect<E extends EventName>(socket: LiveClient, event: E): EventOf<E>[] {
  const seen: EventOf<E>[] = [];
  socket.on(event, ((message: EventOf<E>) => seen.push(message)) as never);
  return seen;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TripCursorMove = CursorMove & { tripId: string };

/** Every cursor move the socket receives from now on, the batches flattened, oldest first. */
export function collectCursors(socket: LiveClient): TripCursorMove[] {
  const seen: TripCursorMove[] = [];
  socket.on('cursors', ({ tripId, moves }) => {
    for (const move of moves) seen.push({ tripId, ...move });
  });
  return seen;
}

/** The next cursor move (from whichever batch carries it) matching `match`. */
export function nextCursor(
  socket: LiveClient,
  match: (move: TripCursorMove) => boolean = () => true,
  ms = 5000,
): Promise<TripCursorMove> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('cursors', listener);
      reject(new Error(`no matching cursor move within ${ms} ms`));
    }, ms);
    function listener({ tripId, moves }: { tripId: string; moves: CursorMove[] }) {
      const found = moves.map((move) => ({ tripId, ...move })).find(match);
      if (!found) return;
      clearTimeout(timer);
      socket.off('cursors', listener);
      resolve(found);
    }
    socket.on('cursors', listener);
  });
}
