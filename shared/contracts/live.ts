import { z } from 'zod';
import { CLIENT_ID_PATTERN } from '../clientId';
import { canonicalId } from '../ids';
import { widget } from './board';
import type { CallClientEvents, CallServerEvents } from './calls';
import { comment } from './comments';
import { FEATURE_LISTS } from './features';
import { text } from './text';
import { trip } from './trips';
import type { WhiteboardClientEvents, WhiteboardServerEvents } from './whiteboard';

/**
 * The live protocol between a tab and the server (architecture §6), over one Socket.IO
 * connection per tab. The client names the version it speaks in the handshake; a server that
 * speaks another refuses the connection with `PROTOCOL_MISMATCH`, and the client asks for a
 * reload instead of misreading events. Bump it whenever an event's name or shape changes.
 *
 * Every event a client sends is checked against the schemas below on the server; anything else
 * is dropped and counted. Presence and cursors are never stored; data changes are broadcast only
 * after the database has them.
 */
export const LIVE_PROTOCOL_VERSION = 8;
export const LIVE_PATH = '/socket.io';

/** Handshake refusals (the `connect_error` message the client sees). */
export const HANDSHAKE_ERRORS = {
  signedOut: 'SIGNED_OUT',
  protocolMismatch: 'PROTOCOL_MISMATCH',
  origin: 'FORBIDDEN_ORIGIN',
  /** The server could not check the session just now (its database, say): try again later. */
  unavailable: 'UNAVAILABLE',
  /** The person has MAX_SOCKETS_PER_USER live tabs on this server already: try again later. */
  tooManyConnections: 'TOO_MANY_CONNECTIONS',
} as const;

/** How many live connections (tabs) one person may hold on one server. */
export const MAX_SOCKETS_PER_USER = 20;

/** Live cursors are sent at most this often (~30 Hz); a socket may send at most this many a second. */
export const CURSOR_SEND_INTERVAL_MS = 33;
/**
 * The server gathers a trip's cursor moves and sends them as one message this often: one frame
 * per tab per tick instead of one per move of each member (nine times fewer for ten people),
 * which is what lets one process carry a thousand tabs (bench/live.ts).
 */
export const CURSOR_BATCH_MS = 33;
export const CURSOR_EVENTS_PER_SECOND = 60;

// Each tab's id (shared/clientId.ts), sent in its handshake and with its API calls, so the
// broadcast of a change can skip the tab that made it.
export { CLIENT_ID_HEADER } from '../clientId';
export const clientId = text().regex(CLIENT_ID_PATTERN);

// Board coordinates: pixels from the board's top-left corner, as widget positions are.
export const BOARD_COORDINATE = { min: -10_000, max: 100_000 } as const;
const boardCoordinate = z.number().finite().min(BOARD_COORDINATE.min).max(BOARD_COORDINATE.max);
// One spelling of a trip's id, whatever the tab sent (issue #34: a room joined as `trip:<ID>`
// outlived the member's removal from `trip:<id>`).
const tripId = text().min(1).max(100).overwrite(canonicalId);
const boardPoint = z.strictObject({ top: boardCoordinate, left: boardCoordinate });
export type BoardPoint = z.infer<typeof boardPoint>;

// ——— client → server ———

export const joinTripEvent = z.strictObject({ tripId });
export type JoinTripEvent = z.infer<typeof joinTripEvent>;

/** A member's pointer on the board, or null when it left the board or the tab was hidden. */
export const cursorMoveEvent = z.strictObject({ at: boardPoint.nullable() });
export type CursorMoveEvent = z.infer<typeof cursorMoveEvent>;

/**
 * Cursor moves are the one message every tab sends 30 times a second, so they travel as a short
 * text on the connection itself (an Engine.IO message beside Socket.IO's packets: `p` then
 * `top,left`, or `p` alone for null) rather than as a Socket.IO event: issue #18 measured the
 * event layer (decoding, middleware, two ticks of the event loop and the emits per event) at
 * about half of what the server spent per cursor. Same connection, same order, same checks.
 */
export const CURSOR_MESSAGE_PREFIX = 'p';
const CURSOR_MESSAGE_MAX_LENGTH = 64;

export function encodeCursorMove({ at }: CursorMoveEvent): string {
  return at ? `${CURSOR_MESSAGE_PREFIX}${at.top},${at.left}` : CURSOR_MESSAGE_PREFIX;
}

function coordinate(text: string): number | null {
  if (text.length === 0) return null; // Number('') is 0
  const value = Number(text);
  return Number.isFinite(value) && value >= BOARD_COORDINATE.min && value <= BOARD_COORDINATE.max
    ? value
    : null;
}

/** The move a cursor message carries, or null when it is not one `cursorMoveEvent` accepts. */
export function decodeCursorMove(message: string): CursorMoveEvent | null {
  if (!message.startsWith(CURSOR_MESSAGE_PREFIX) || message.length > CURSOR_MESSAGE_MAX_LENGTH) {
    return null;
  }
  if (message.length === CURSOR_MESSAGE_PREFIX.length) return { at: null };
  const comma = message.indexOf(',');
  if (comma < 0) return null;
  const top = coordinate(message.slice(CURSOR_MESSAGE_PREFIX.length, comma));
  const left = coordinate(message.slice(comma + 1));
  return top === null || left === null ? null : { at: { top, left } };
}

/** A widget being dragged: where it is shown now, or null when the drag ended or was cancelled. */
export const widgetDragEvent = z.strictObject({
  widgetId: text().min(1).max(100),
  at: boardPoint.nullable(),
});
export type WidgetDragEvent = z.infer<typeof widgetDragEvent>;

// ——— server → client ———

export const presenceMember = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  colour: z.string(),
});
export type PresenceMember = z.infer<typeof presenceMember>;

/** A member's pointer moved to `at` (null: it left the board). */
export type CursorMove = { userId: string; at: BoardPoint | null };

/** `at`: the server's clock when the list was read, so a late, older list never wins. */
export type PresenceMessage = { tripId: string; members: PresenceMember[]; at: number };
export type JoinAck =
  /** `seq`: the trip's last change number, as of the join. */
  | { ok: true; members: PresenceMember[]; at: number; seq: number }
  /** not-member: no such trip, or not theirs (any more); error: try again later. */
  | { ok: false; reason: 'not-member' | 'error'; message: string }
  /** A later join from the same tab was answered instead: nothing to do. */
  | { ok: false; reason: 'superseded'; message: string };

/** Trip settings as every member sees them (the caller's role is not part of it). */
export const liveTripSettings = trip.omit({ role: true, createdAt: true });
export type LiveTripSettings = z.infer<typeof liveTripSettings>;

/**
 * Every list of a trip's things, by the name in its API paths, with its item's shape: the board's
 * widgets and the comments (the platform's), then each feature's (shared/contracts/features.ts).
 * A change to any of them travels as the same two messages (issue #37, protocol 8), so a new
 * list adds nothing to this file.
 */
export const TRIP_LISTS = { widgets: widget, comments: comment, ...FEATURE_LISTS };
export type TripListName = keyof typeof TRIP_LISTS;
export type TripListItem<L extends TripListName> = z.infer<(typeof TRIP_LISTS)[L]>;
export const TRIP_LIST_NAMES = Object.keys(TRIP_LISTS) as [TripListName, ...TripListName[]];

/** An item of `list` added or changed: the item as everyone sees it now. */
export type ItemSaved<L extends TripListName = TripListName> = {
  [K in L]: { type: 'item:saved'; list: K; item: TripListItem<K> };
}[L];
/** The item `id` of `list` is gone. */
export type ItemRemoved<L extends TripListName = TripListName> = {
  [K in L]: { type: 'item:removed'; list: K; id: string };
}[L];

export const itemSaved = <L extends TripListName>(list: L, item: TripListItem<L>) =>
  ({ type: 'item:saved', list, item }) as ItemSaved<L>;
export const itemRemoved = <L extends TripListName>(list: L, id: string) =>
  ({ type: 'item:removed', list, id }) as ItemRemoved<L>;

/** What changed on a trip, after the database has it. */
export type TripChange =
  | ItemSaved
  | ItemRemoved
  | { type: 'trip:saved'; trip: LiveTripSettings }
  | { type: 'trip:deleted' }
  // Member lists differ per viewer (`isCurrentUser`), so members refetch their own.
  | { type: 'members:changed' };

/**
 * A change as the wire carries it, checked loosely: the items' own schemas are their lists'
 * (`TRIP_LISTS`), and only the server writes changes.
 */
export const tripChange = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('item:saved'),
    list: z.enum(TRIP_LIST_NAMES),
    item: z.looseObject({}),
  }),
  z.object({ type: z.literal('item:removed'), list: z.enum(TRIP_LIST_NAMES), id: z.string() }),
  z.object({ type: z.literal('trip:saved'), trip: liveTripSettings }),
  z.object({ type: z.literal('trip:deleted') }),
  z.object({ type: z.literal('members:changed') }),
]);

/**
 * Sent to every tab on the trip except the one whose API call made the change. `seq`: the
 * change's number in the trip's sequence (issue #37), for a change saved with the trip's data; a
 * tab that sees a number skipped asks for what it missed (`GET /api/trips/{tripId}/changes`).
 * A change without one (a member's new name) stands alone.
 */
export type TripChangeMessage = { tripId: string; change: TripChange; seq?: number };

/** Told to the tab whose API call made change `seq`: it has it already, but counts it. */
export type ChangeSeenMessage = { tripId: string; seq: number };

/** How long a trip's changes are kept for tabs catching up; a tab away longer refetches. */
export const CHANGE_LOG_KEEP_MS = 3 * 24 * 60 * 60 * 1000;
/** More changes than this since a tab's last: it fetches what it shows instead of replaying. */
export const MAX_CHANGES_CAUGHT_UP = 500;

export const tripChangesSinceQuery = z.object({
  since: z
    .string({ error: 'since must be a change number' })
    .regex(/^\d{1,15}$/, { error: 'since must be a change number' })
    .transform(Number),
});

/**
 * `GET /api/trips/{tripId}/changes?since=N`: the trip's changes after N, oldest first, and its
 * last number; `changes` null when they are not all kept any more (or are too many): fetch anew.
 */
export const tripChangesSince = z.object({
  seq: z.number().int(),
  changes: z.array(z.object({ seq: z.number().int(), change: tripChange })).nullable(),
});
export type TripChangesSince = {
  seq: number;
  changes: { seq: number; change: TripChange }[] | null;
};

// The live features' own events (the audio room, issue #19; the whiteboards, issue #22) are in
// their contracts.
export type ServerToClientEvents = CallServerEvents &
  WhiteboardServerEvents & {
    presence: (message: PresenceMessage) => void;
    /** The trip's cursor moves since the last batch, oldest first (mine included: skip them). */
    cursors: (message: { tripId: string; moves: CursorMove[] }) => void;
    'widget:drag': (message: {
      tripId: string;
      userId: string;
      widgetId: string;
      at: BoardPoint | null;
    }) => void;
    change: (message: TripChangeMessage) => void;
    'change:seen': (message: ChangeSeenMessage) => void;
    /** This user is no longer a member of the trip (removed, left in another tab, or it was deleted). */
    'trip:gone': (message: { tripId: string; message: string }) => void;
    /** This user's notifications changed (a new one, or read in another tab): read them again. */
    'notifications:changed': () => void;
    /**
     * Live events may have been lost (an instance lost Redis, and has it back): catch up, as after
     * a reconnect (issue #35, protocol 7).
     */
    resync: () => void;
  };

export type ClientToServerEvents = CallClientEvents &
  WhiteboardClientEvents & {
    'trip:join': (event: JoinTripEvent, ack: (answer: JoinAck) => void) => void;
    'trip:leave': () => void;
    // Cursor moves are cursor messages, not events: encodeCursorMove.
    'widget:drag': (event: WidgetDragEvent) => void;
  };

/** What a tab is told when its user is no longer on the trip it shows. */
export const MEMBER_GONE = {
  removed: 'You were removed from this trip by its owner.',
  left: 'You left this trip.',
  deleted: 'This trip was deleted by its owner.',
  /** A join refused: removed, left or deleted while this tab was away. */
  unavailable: 'This trip is no longer available to you.',
} as const;

// Presence colours: distinct on the dark board and in the light theme, with white text on top.
export const PRESENCE_COLOURS = [
  '#e11d48',
  '#2563eb',
  '#16a34a',
  '#d97706',
  '#9333ea',
  '#0891b2',
  '#db2777',
  '#4f46e5',
  '#65a30d',
  '#c2410c',
] as const;

/** A member's colour: the same on every screen and every visit, from their user id. */
export function presenceColour(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) | 0;
  return PRESENCE_COLOURS[Math.abs(hash) % PRESENCE_COLOURS.length]!;
}
