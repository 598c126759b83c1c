import type { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import {
  type BoardPoint,
  type ClientToServerEvents,
  type CursorMove,
  encodeCursorMove,
  type JoinAck,
  LIVE_PATH,
  LIVE_PROTOCOL_VERSION,
  type ServerToClientEvents,
  type TripChangeMessage,
  type TripListName,
} from '../../shared/contracts/live';
import type { LiveServer } from '../features/live/piece';
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
    path: LIVE_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { v: options.version ?? LIVE_PROTOCOL_VERSION, tab: options.tab },
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

/** Moves the tab's pointer as the app does: a cursor message on the connection itself. */
export function moveCursor(socket: LiveClient, at: BoardPoint | null) {
  socket.io.engine.send(encodeCursorMove({ at }));
}

/** Sends a cursor message as it is written, well formed or not. */
export function sendCursorMessage(socket: LiveClient, message: string) {
  socket.io.engine.send(message);
}

export function joinTrip(socket: LiveClient, tripId: string): Promise<JoinAck> {
  return socket.timeout(5000).emitWithAck('trip:join', { tripId });
}

/**
 * The first `event` the socket receives for which `pick` gives a value (not undefined), or a
 * rejection after `ms`: every wait in the live tests is for something to arrive, bounded.
 */
function first<T>(
  socket: LiveClient,
  event: string,
  pick: (message: unknown) => T | undefined,
  what: string,
  ms: number,
): Promise<T> {
  // The typed socket knows only the protocol's events; markers and 'disconnect' are not among them.
  const target = socket as unknown as Socket;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.off(event, listener);
      reject(new Error(`no ${what} within ${ms} ms`));
    }, ms);
    function listener(message: unknown) {
      const found = pick(message);
      if (found === undefined) return;
      clearTimeout(timer);
      target.off(event, listener);
      resolve(found);
    }
    target.on(event, listener);
  });
}

/** The next `event` matching `match`, or a rejection after `ms`. */
export function nextEvent<E extends EventName>(
  socket: LiveClient,
  event: E,
  match: (message: EventOf<E>) => boolean = () => true,
  ms = 5000,
): Promise<EventOf<E>> {
  return first(
    socket,
    event,
    (message) => (match(message as EventOf<E>) ? (message as EventOf<E>) : undefined),
    `matching "${event}"`,
    ms,
  );
}

/** A `change` message saving an item of `list` (for `nextEvent(tab, 'change', savedIn(…))`). */
export const savedIn =
  (list: TripListName) =>
  ({ change }: TripChangeMessage) =>
    change.type === 'item:saved' && change.list === list;

/** A `change` message removing an item of `list`. */
export const removedFrom =
  (list: TripListName) =>
  ({ change }: TripChangeMessage) =>
    change.type === 'item:removed' && change.list === list;

/** Every `event` the socket receives from now on (for "this never arrives" checks). */
export function collect<E extends EventName>(socket: LiveClient, event: E): EventOf<E>[] {
  const seen: EventOf<E>[] = [];
  socket.on(event, ((message: EventOf<E>) => seen.push(message)) as never);
  return seen;
}

const DRAINED = 'test:drained';
let drains = 0;

/**
 * Resolves once everything `server` has sent the tab so far has arrived: the server sends a
 * marker after it (through the Redis adapter when the tab is on another instance), and a tab
 * gets one server's messages in the order they were sent. For "X never arrives" checks, once
 * whatever would have sent X has run (an API call has answered, a later batch has arrived).
 */
export function drained(server: LiveServer, socket: LiveClient, ms = 5000): Promise<void> {
  const marker = ++drains;
  const arrived = first(socket, DRAINED, (n) => (n === marker ? true : undefined), 'marker', ms);
  (server as unknown as Server).to(socket.id ?? '').emit(DRAINED, marker);
  return arrived.then(() => {});
}

/** Why the server closed the tab's connection, once it has (or a rejection after `ms`). */
export function disconnected(socket: LiveClient, ms = 5000): Promise<string> {
  return first(socket, 'disconnect', (reason) => String(reason), 'disconnect', ms);
}

/**
 * Closes the tab and resolves once `server`, the instance it is connected to, has let it go (its
 * rooms left, its goodbyes sent).
 */
export function closeTab(server: LiveServer, socket: LiveClient, ms = 5000): Promise<void> {
  const onServer = server.of('/').sockets.get(socket.id ?? '');
  if (!onServer) throw new Error('the tab is not connected to this server');
  const gone = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tab still open after ${ms} ms`)), ms);
    onServer.once('disconnect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  socket.close();
  return gone;
}

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
  return first(
    socket,
    'cursors',
    (message) => {
      const { tripId, moves } = message as { tripId: string; moves: CursorMove[] };
      return moves.map((move) => ({ tripId, ...move })).find(match);
    },
    'matching cursor move',
    ms,
  );
}

/**
 * Live tabs of people signed in on the server at `url()` (read when a tab opens, so it may be
 * set in beforeAll), each closed by `closeAll()` (in afterEach).
 */
export function liveTabs(url: () => string) {
  const open: LiveClient[] = [];
  async function tab(who: { client: { cookie: string | null } }) {
    const socket = await connectLive(url(), who.client.cookie);
    open.push(socket);
    return socket;
  }
  return {
    tab,
    /** A tab of `who` in the trip's room (the join must succeed). */
    async tabOnTrip(who: { client: { cookie: string | null } }, tripId: string) {
      const socket = await tab(who);
      const ack = await joinTrip(socket, tripId);
      if (!ack.ok) throw new Error(`trip:join refused: ${ack.reason}`);
      return socket;
    },
    closeAll() {
      for (const socket of open.splice(0)) socket.close();
    },
  };
}
