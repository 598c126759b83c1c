import { CURSOR_EVENTS_PER_SECOND } from '../../../shared/contracts/live';
import {
  WHITEBOARD_MESSAGES,
  type WhiteboardUpdateAck,
  whiteboardPointerEvent,
  whiteboardUpdateEvent,
} from '../../../shared/contracts/whiteboard';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import {
  createRateLimit,
  decoderOf,
  joinedTrip,
  type LiveCore,
  type LivePiece,
  messageBytesOf,
  tripRoom,
} from '../live/piece';
import { createSaveGroups, SaveBusy } from './saveGroups';
import { saveEdits, type WhiteboardRef } from './service';
import { createTurns } from './turns';

// A tab sends its edits at most every WHITEBOARD_SEND_INTERVAL_MS (20 a second); twice that
// leaves room for a reconnect's catching up, and a flood loses what goes over.
const UPDATES_PER_SECOND = 40;
const KNOWN_REFUSALS = new Set(['plan_required', 'item_limit', 'body_too_large', 'not_found']);
// Checking updates and saving groups, at most one long stroke's worth a turn of the event loop
// (turns.ts); a few strokes of a few KB go as they come.
const TURNS = { bytesPerTurn: 64 * 1024, smallBytes: 16 * 1024 };

/**
 * The trip's whiteboards, live (issue #22): a member's edits are saved (reconciled with what is
 * saved, service.ts; grouped with the others' that arrive meanwhile, saveGroups.ts) and the
 * copies that won go to the others in the trip's room, through the
 * Redis adapter to other instances like every live event. Pointers are relayed, never stored.
 * Membership is the room's: a socket out of the trip's room is not heard.
 */
export function whiteboardLive(live: LiveCore, { db }: { db: Db }): LivePiece {
  const turn = createTurns(TURNS);
  const save = createSaveGroups<WhiteboardRef>(
    ({ tripId, widgetId }) => `${tripId}/${widgetId}`,
    (ref, edits) => saveEdits(db, ref, edits),
    turn,
  );
  const decodePointer = decoderOf(whiteboardPointerEvent);

  return {
    name: 'whiteboard',
    clientEvents: ['whiteboard:update', 'whiteboard:pointer'],
    // An update of WHITEBOARD_MAX_UPDATE_BYTES holds tens of thousands of numbers (a stroke's
    // points); the message size (core.ts) bounds it too.
    payloadValues: { 'whiteboard:update': 100_000 },
    // Over its account's or trip's budget (socketGuard.ts): the send queue sends it again later.
    overBudget: { 'whiteboard:update': refusal('unavailable', WHITEBOARD_MESSAGES.unavailable) },
    connected(socket) {
      const userId = socket.data.user.id;
      const allowUpdate = createRateLimit(UPDATES_PER_SECOND);
      const allowPointer = createRateLimit(CURSOR_EVENTS_PER_SECOND);

      socket.on('whiteboard:update', async (payload, ack) => {
        const answer = typeof ack === 'function' ? ack : () => {};
        const tripId = joinedTrip(socket);
        if (!tripId) return answer(refusal('not_found', WHITEBOARD_MESSAGES.noSuchWhiteboard));
        if (!allowUpdate()) {
          live.drop(socket, 'rateLimited');
          return answer(refusal('unavailable', WHITEBOARD_MESSAGES.unavailable));
        }
        const bytes = messageBytesOf(payload) ?? 0;
        await turn(bytes);
        // Still in the trip's room: a member removed meanwhile is not heard.
        if (joinedTrip(socket) !== tripId) {
          return answer(refusal('not_found', WHITEBOARD_MESSAGES.noSuchWhiteboard));
        }
        const parsed = whiteboardUpdateEvent.safeParse(payload);
        if (!parsed.success) {
          // A stroke too long to share is a person's doing, not a broken client's.
          const tooLong = parsed.error.issues.some(
            (issue) => issue.message === WHITEBOARD_MESSAGES.elementTooLarge,
          );
          if (!tooLong) live.drop(socket, 'malformed');
          return answer(
            refusal(
              'body_too_large',
              tooLong ? WHITEBOARD_MESSAGES.elementTooLarge : WHITEBOARD_MESSAGES.badElement,
            ),
          );
        }
        const update = parsed.data;
        try {
          const ref = { tripId, widgetId: update.widgetId };
          const saved = await save(
            ref,
            { userId, elements: update.elements },
            { source: socket.id, bytes },
          );
          if (saved.length > 0) {
            socket.to(tripRoom(tripId)).emit('whiteboard:update', {
              tripId,
              widgetId: update.widgetId,
              userId,
              elements: saved,
            });
          }
          answer({ ok: true });
        } catch (error) {
          // Too much waits for this whiteboard's saves: not this tab's fault, and sent again later.
          if (error instanceof SaveBusy) {
            return answer(refusal('unavailable', WHITEBOARD_MESSAGES.unavailable));
          }
          if (error instanceof HttpError && KNOWN_REFUSALS.has(error.code)) {
            return answer(refusal(error.code as Refusal['code'], error.message));
          }
          live.log.error({ err: error }, 'whiteboard update failed');
          answer(refusal('unavailable', WHITEBOARD_MESSAGES.unavailable));
        }
      });

      socket.on('whiteboard:pointer', (payload) => {
        const tripId = joinedTrip(socket);
        if (!tripId) return;
        if (!allowPointer()) return live.drop(socket, 'rateLimited');
        const pointer = decodePointer(payload);
        if (!pointer) return live.drop(socket, 'malformed');
        socket.to(tripRoom(tripId)).emit('whiteboard:pointer', { ...pointer, tripId, userId });
      });
    },
  };
}

type Refusal = Extract<WhiteboardUpdateAck, { ok: false }>;
const refusal = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message });
