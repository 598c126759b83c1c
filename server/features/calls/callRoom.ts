import { randomBytes } from 'node:crypto';
import {
  CALL_MAX_PEOPLE,
  CALL_MESSAGES,
  type CallInfo,
  type CallJoinAck,
  type CallParticipant,
  type CallState,
  callJoinEvent,
  callLimitReached,
  callMuteEvent,
  callSignalEvent,
  callVideoEvent,
  callWarning,
} from '../../../shared/contracts/calls';
import { presenceColour } from '../../../shared/contracts/live';
import { PLAN_LIMITS } from '../../../shared/plans';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { tellRoomStarted } from '../notifications/callNotices';
import './socketState';
import {
  createRateLimit,
  createSettler,
  decoderOf,
  joinedTrip,
  type LiveCore,
  type LivePiece,
  type LiveSocket,
  tripRoom,
} from '../live/piece';
import { ownerPlanOf } from '../trips/access';
import { callEndsAt, createCallClock } from './callClock';
import { callById, endCall, openCallOf, startCall, syncParticipants } from './callRecords';
import { iceServersFor } from './iceServers';
import type { CallRow } from './tables';

export const callRoomOf = (tripId: string) => `call:${tripId}`;
const peerRoom = (tripId: string, peerId: string) => `call:${tripId}:${peerId}`;

// Changes to the room close together are told once (as presence is).
const STATE_SETTLE_MS = 50;
// A join or an ICE request reads the room and mints credentials: a few a second is plenty.
const JOINS_PER_SECOND = 3;
// Mutes, and cameras and screens switched on or off.
const MUTES_PER_SECOND = 10;
// A new connection gathers a burst of candidates; with nine others that is a few hundred.
const SIGNALS_PER_SECOND = 150;
// TURN credentials of a person in a call with no limit (Pro) last a day.
const UNLIMITED_CREDENTIAL_SECONDS = 24 * 60 * 60;

/** One place per person, the first of their sockets, in name order. */
export function participantsOf(sockets: { data: Partial<LiveSocket['data']> }[]) {
  const people = new Map<string, CallParticipant>();
  for (const { data } of sockets) {
    if (!data.user || !data.call || people.has(data.user.id)) continue;
    people.set(data.user.id, {
      peerId: data.call.peerId,
      userId: data.user.id,
      name: data.user.name,
      image: data.user.image,
      colour: presenceColour(data.user.id),
      muted: data.call.muted,
      camera: data.call.camera,
      screen: data.call.screen,
    });
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The trip's audio room (issue #19), a piece of the live server. A tab in a trip's room may join
 * the trip's call room; the server relays WebRTC signalling only between sockets in the same
 * call room (each addressed by a random peer id), tells the whole trip who is in the call, and
 * keeps the call's time by the trip owner's plan: a call starts when a second person joins, ends
 * when fewer than two remain, and is ended for everyone at its limit after two warnings.
 */
export function callRoom(live: LiveCore, options: { db: Db; calls: Config['calls'] }): LivePiece {
  const { db } = options;
  const { minuteMs } = options.calls;

  async function socketsInCall(tripId: string) {
    return live.io
      .in(callRoomOf(tripId))
      .fetchSockets()
      .catch((error: Error) => {
        live.log.warn({ err: error.message }, 'audio room read from this instance only');
        return live.io.local.in(callRoomOf(tripId)).fetchSockets();
      });
  }

  function callInfo(call: CallRow): CallInfo {
    const endsAt = callEndsAt(call, minuteMs);
    return {
      startedAt: call.startedAt.toISOString(),
      endsAt: endsAt ? endsAt.toISOString() : null,
      plan: call.plan,
      limitMinutes: call.limitMinutes,
    };
  }

  /**
   * Reads the room and brings the call's record in line with it: starts a call when two or more
   * are in the room, records who joined or left, ends it when fewer than two remain. One at a
   * time per trip on this instance; the records are safe against another instance's too.
   */
  const running = new Map<string, Promise<CallState>>();
  function reconcile(tripId: string): Promise<CallState> {
    const previous = running.get(tripId) ?? Promise.resolve(null);
    const next = previous
      .catch(() => null)
      .then(async () => {
        const at = Date.now();
        const participants = participantsOf(await socketsInCall(tripId));
        const userIds = participants.map((person) => person.userId);
        let call = await openCallOf(db, tripId);
        if (participants.length >= 2) {
          if (call) {
            await syncParticipants(db, call.id, userIds);
          } else {
            call = await startCall(db, tripId, userIds);
            live.tellOtherInstances('call:started', tripId);
          }
          clock.watch(call);
        } else if (call) {
          await endCall(db, call.id, 'empty');
          clock.forget(call.id);
          call = null;
        }
        const [alone] = participants;
        if (participants.length === 1 && alone) {
          // Someone waits in the room: the others hear of it, to drop in (issue #24).
          await tellRoomStarted(db, tripId, alone, new Date(at)).catch((error: Error) =>
            live.log.warn({ err: error.message }, 'could not tell the trip the audio room started'),
          );
        }
        return { tripId, participants, call: call ? callInfo(call) : null, at };
      });
    running.set(tripId, next);
    const forget = () => {
      if (running.get(tripId) === next) running.delete(tripId);
    };
    next.then(forget, forget);
    return next;
  }

  const settler = createSettler(STATE_SETTLE_MS, async (tripId) => {
    try {
      const state = await reconcile(tripId);
      live.io.to(tripRoom(tripId)).emit('call:state', state);
    } catch (error) {
      live.log.warn({ err: error }, 'could not announce the audio room');
    }
  });

  /** Takes the socket out of its call (if it is in one); the room hears of it. */
  function leaveCall(socket: LiveSocket) {
    const place = socket.data.call;
    if (!place) return;
    socket.data.call = null;
    socket.leave(callRoomOf(place.tripId));
    socket.leave(peerRoom(place.tripId, place.peerId));
    settler.schedule(place.tripId);
  }

  /** This instance's sockets in the trip's call: told why, and taken out. */
  function endForLocalSockets(
    tripId: string,
    reason: 'limit' | 'elsewhere' | 'removed',
    message: string,
    which: (socket: LiveSocket) => boolean = () => true,
  ) {
    const room = live.io.of('/').adapter.rooms.get(callRoomOf(tripId));
    for (const id of [...(room ?? [])]) {
      const socket = live.io.of('/').sockets.get(id);
      if (!socket || !which(socket)) continue;
      socket.emit('call:ended', { tripId, reason, message });
      leaveCall(socket);
    }
  }

  const clock = createCallClock<CallRow>(minuteMs, {
    warn(call, minutesLeft) {
      live.io.local.to(callRoomOf(call.tripId)).emit('call:warning', {
        tripId: call.tripId,
        minutesLeft,
        message: callWarning(minutesLeft, PLAN_LIMITS[call.plan].name, call.limitMinutes ?? 0),
      });
    },
    end(call) {
      (async () => {
        // Ended here, or a moment ago by another instance: either way at its limit.
        await endCall(db, call.id, 'limit');
        const ended = await callById(db, call.id);
        if (ended?.endedReason !== 'limit') return; // it emptied first
        const message = callLimitReached(PLAN_LIMITS[call.plan].name, call.limitMinutes ?? 0);
        endForLocalSockets(call.tripId, 'limit', message);
      })().catch((error) => live.log.error({ err: error }, 'ending a call at its limit failed'));
    },
  });

  /**
   * Lifetime of a person's TURN credentials: the longest call they can be in, by the call going
   * on or else the trip owner's plan (a day when there is no limit).
   */
  async function credentialSeconds(tripId: string, call: CallInfo | null) {
    const minutes = call
      ? call.limitMinutes
      : PLAN_LIMITS[await ownerPlanOf(db, tripId)].audioMinutesPerCall;
    return minutes === null ? UNLIMITED_CREDENTIAL_SECONDS : Math.ceil((minutes * minuteMs) / 1000);
  }

  function connected(socket: LiveSocket) {
    const userId = socket.data.user.id;
    const allowJoin = createRateLimit(JOINS_PER_SECOND);
    const allowMute = createRateLimit(MUTES_PER_SECOND);
    const allowSignal = createRateLimit(SIGNALS_PER_SECOND);
    const readJoin = decoderOf(callJoinEvent);
    const readMute = decoderOf(callMuteEvent);
    const readVideo = decoderOf(callVideoEvent);
    const readSignal = decoderOf(callSignalEvent);
    /** The trip whose call this socket is in, if its tab still shows that trip. */
    const inCall = () => {
      const place = socket.data.call;
      return place && joinedTrip(socket) === place.tripId ? place : null;
    };

    socket.on('call:join', async (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => {};
      if (!allowJoin()) {
        live.drop(socket, 'rateLimited');
        return answer({ ok: false, reason: 'error', message: CALL_MESSAGES.error });
      }
      const event = readJoin(payload);
      if (!event) {
        live.drop(socket, 'malformed');
        return answer({ ok: false, reason: 'error', message: CALL_MESSAGES.error });
      }
      const tripId = joinedTrip(socket);
      if (!tripId)
        return answer({ ok: false, reason: 'not-in-trip', message: CALL_MESSAGES.notInTrip });
      try {
        leaveCall(socket); // a second join starts afresh
        const others = participantsOf(await socketsInCall(tripId)).filter(
          (person) => person.userId !== userId,
        );
        if (others.length >= CALL_MAX_PEOPLE) {
          return answer({ ok: false, reason: 'full', message: CALL_MESSAGES.full });
        }
        if (socket.disconnected || joinedTrip(socket) !== tripId) {
          return answer({ ok: false, reason: 'not-in-trip', message: CALL_MESSAGES.notInTrip });
        }
        // One tab per person in a call: their other tab, here or on another instance, leaves it.
        leaveElsewhere(tripId, userId, socket.id);
        live.tellOtherInstances('call:joinedElsewhere', tripId, userId, socket.id);

        const peerId = randomBytes(16).toString('base64url');
        socket.data.call = { tripId, peerId, muted: event.muted, camera: false, screen: false };
        socket.join([callRoomOf(tripId), peerRoom(tripId, peerId)]);
        const state = await reconcile(tripId);
        const seconds = await credentialSeconds(tripId, state.call);
        const iceServers = iceServersFor(options.calls, userId, seconds);
        answer({
          ok: true,
          peerId,
          state,
          iceServers,
          iceTransportPolicy: options.calls.iceTransportPolicy,
        } satisfies CallJoinAck);
        // The room as read for this join is the news: no second read (the settler's).
        live.io.to(tripRoom(tripId)).emit('call:state', state);
      } catch (error) {
        live.log.error({ err: error }, 'joining an audio room failed');
        leaveCall(socket);
        answer({ ok: false, reason: 'error', message: CALL_MESSAGES.error });
      }
    });

    socket.on('call:leave', () => leaveCall(socket));

    socket.on('call:mute', (payload) => {
      const place = inCall();
      if (!place) return;
      if (!allowMute()) return live.drop(socket, 'rateLimited');
      const event = readMute(payload);
      if (!event) return live.drop(socket, 'malformed');
      place.muted = event.muted;
      settler.schedule(place.tripId);
    });

    // Camera and screen on or off: the others show the face or the avatar by it.
    socket.on('call:video', (payload) => {
      const place = inCall();
      if (!place) return;
      if (!allowMute()) return live.drop(socket, 'rateLimited');
      const event = readVideo(payload);
      if (!event) return live.drop(socket, 'malformed');
      place.camera = event.camera;
      place.screen = event.screen;
      settler.schedule(place.tripId);
    });

    socket.on('call:signal', (payload) => {
      const place = inCall();
      if (!place) return;
      if (!allowSignal()) return live.drop(socket, 'rateLimited');
      const event = readSignal(payload);
      if (!event) return live.drop(socket, 'malformed');
      // Only to a peer of this same call: the room name holds the trip, so no other trip's
      // people (and nobody who left) can be reached.
      const { to, ...signal } = event;
      live.io
        .to(peerRoom(place.tripId, to))
        .emit('call:signal', { tripId: place.tripId, from: place.peerId, ...signal });
    });

    socket.on('call:ice', async (ack) => {
      const answer = typeof ack === 'function' ? ack : () => {};
      const place = inCall();
      if (!place) return answer({ ok: false, message: CALL_MESSAGES.notInTrip });
      if (!allowJoin()) {
        live.drop(socket, 'rateLimited');
        return answer({ ok: false, message: CALL_MESSAGES.error });
      }
      try {
        const call = await openCallOf(db, place.tripId);
        const seconds = await credentialSeconds(place.tripId, call ? callInfo(call) : null);
        answer({ ok: true, iceServers: iceServersFor(options.calls, userId, seconds) });
      } catch (error) {
        live.log.error({ err: error }, 'minting ICE servers failed');
        answer({ ok: false, message: CALL_MESSAGES.error });
      }
    });
  }

  /** This instance's other sockets of the person in the trip's call leave it. */
  function leaveElsewhere(tripId: string, userId: string, exceptSocketId: string) {
    endForLocalSockets(
      tripId,
      'elsewhere',
      CALL_MESSAGES.elsewhere,
      (socket) => socket.id !== exceptSocketId && socket.data.user.id === userId,
    );
  }

  /** This instance's sockets of the person no longer in the trip's room leave its call. */
  function leftTripHere(tripId: string, userId: string) {
    endForLocalSockets(
      tripId,
      'removed',
      'You are no longer in this trip’s audio room.',
      (socket) => socket.data.user.id === userId && joinedTrip(socket) !== tripId,
    );
  }

  return {
    name: 'callRoom',
    clientEvents: ['call:join', 'call:leave', 'call:mute', 'call:video', 'call:signal', 'call:ice'],
    overBudget: {
      'call:join': { ok: false, reason: 'error', message: CALL_MESSAGES.error },
      'call:ice': { ok: false, message: CALL_MESSAGES.error },
    },
    started() {
      live.io.on('call:started', (tripId) => {
        openCallOf(db, tripId)
          .then((call) => call && clock.watch(call))
          .catch((error) => live.log.warn({ err: error }, 'could not watch a call'));
      });
      live.io.on('call:leftTrip', leftTripHere);
      live.io.on('call:joinedElsewhere', leaveElsewhere);
    },
    connected,
    disconnecting: leaveCall,
    leftTrip(tripId, userId) {
      leftTripHere(tripId, userId);
      live.tellOtherInstances('call:leftTrip', tripId, userId);
    },
    closing() {
      settler.close();
      clock.close();
    },
  };
}
