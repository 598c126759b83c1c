import { z } from 'zod';
import type { SharedFeature } from '../featureContract';
import { listNames } from '../text';
import type { PLANS } from './account';

type PlanId = (typeof PLANS)[number];

/**
 * The trip's audio room (issue #19): who is in it, and the WebRTC signalling between them, on
 * the live connection (architecture §6 and §8). Media goes browser to browser (a mesh); the
 * server only introduces the people in the room to each other and keeps the call's time.
 */

/** A mesh uploads one stream per other person: a room holds at most this many (architecture §8). */
export const CALL_MAX_PEOPLE = 10;
/** spec §9: before a call reaches its plan's limit, everyone in it is warned at these minutes left. */
export const CALL_WARNING_MINUTES = [2, 1] as const;

// Offers and answers for audio are 2-5 KB, with video and a shared screen 10-15 KB; a candidate
// line is a few hundred bytes.
export const MAX_SDP_LENGTH = 32_000;
const MAX_CANDIDATE_LENGTH = 1_000;

/** A person's place in the call: random for each time they join, and never reused. */
export const peerId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const callJoinEvent = z.strictObject({ muted: z.boolean() });
export type CallJoinEvent = z.infer<typeof callJoinEvent>;

export const callMuteEvent = z.strictObject({ muted: z.boolean() });
export type CallMuteEvent = z.infer<typeof callMuteEvent>;

/** What a person sends besides their voice (issue #20): their camera, a shared screen. */
export const callVideoEvent = z.strictObject({ camera: z.boolean(), screen: z.boolean() });
export type CallVideoEvent = z.infer<typeof callVideoEvent>;

const sessionDescription = z.strictObject({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(MAX_SDP_LENGTH),
});

const iceCandidate = z.strictObject({
  candidate: z.string().max(MAX_CANDIDATE_LENGTH),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(255).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/**
 * Which of the other person's videos I show now: they stop sending what nobody looks at (a
 * collapsed panel, a face outside the strip, a hidden tab), which saves their upload and my
 * decoding.
 */
const videoViewing = z.strictObject({ camera: z.boolean(), screen: z.boolean() });
export type VideoViewing = z.infer<typeof videoViewing>;

/**
 * One signalling message to one other person in the call: a session description, an ICE
 * candidate (null: that side has gathered all of them), or which of their videos I show.
 */
export const callSignalEvent = z.union([
  z.strictObject({ to: peerId, description: sessionDescription }),
  z.strictObject({ to: peerId, candidate: iceCandidate.nullable() }),
  z.strictObject({ to: peerId, viewing: videoViewing }),
]);
export type CallSignalEvent = z.infer<typeof callSignalEvent>;
export type CallSessionDescription = z.infer<typeof sessionDescription>;
export type CallIceCandidate = z.infer<typeof iceCandidate>;

/** What a person receives: the same, from whom instead of to whom. */
export type CallSignalMessage =
  | { tripId: string; from: string; description: CallSessionDescription }
  | { tripId: string; from: string; candidate: CallIceCandidate | null }
  | { tripId: string; from: string; viewing: VideoViewing };

export type CallParticipant = {
  peerId: string;
  userId: string;
  name: string;
  image: string | null;
  colour: string;
  muted: boolean;
  /** Their camera is on (issue #20). */
  camera: boolean;
  /** They share a screen, a window or a tab. */
  screen: boolean;
};

/** A call that is going on: two people or more in the room, with its time limit. */
export type CallInfo = {
  startedAt: string;
  /** When the server ends it (the trip owner's plan); null: no limit. */
  endsAt: string | null;
  plan: PlanId;
  limitMinutes: number | null;
};

/**
 * Who is in the trip's audio room, told to everyone who has the trip open (not only to those in
 * the call, so the others see that a call is going on and can drop in). `at` is the server's
 * clock when the room was read, so a late, older state never wins.
 */
export type CallState = {
  tripId: string;
  participants: CallParticipant[];
  call: CallInfo | null;
  at: number;
};

/** RTCIceServer, as the server hands them out (TURN credentials are short-lived, per person). */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** all: direct paths when they work; relay: every call through TURN (hides addresses). */
export type IceTransportPolicy = 'all' | 'relay';

export type CallJoinAck =
  | {
      ok: true;
      peerId: string;
      state: CallState;
      iceServers: IceServer[];
      iceTransportPolicy: IceTransportPolicy;
    }
  | {
      ok: false;
      /** full: CALL_MAX_PEOPLE are in it; not-in-trip: the tab shows no trip; error: try again. */
      reason: 'full' | 'not-in-trip' | 'error';
      message: string;
    };

export type CallIceAck = { ok: true; iceServers: IceServer[] } | { ok: false; message: string };

/** Why the server took a person out of the call. */
export type CallEndedMessage = {
  tripId: string;
  reason: 'limit' | 'elsewhere' | 'removed';
  message: string;
};

export type CallWarningMessage = { tripId: string; minutesLeft: number; message: string };

export const CALL_MESSAGES = {
  full: `This audio room is full: up to ${CALL_MAX_PEOPLE} people can be in a call.`,
  notInTrip: 'Open a trip to join its audio room.',
  elsewhere: 'You joined this call from another tab.',
  error: 'The audio room had a problem. Please try again.',
} as const;

/** "2 minutes left: this trip's Free plan allows 10-minute calls" (issue #19). */
export function callWarning(minutesLeft: number, planName: string, limitMinutes: number) {
  const minutes = minutesLeft === 1 ? '1 minute' : `${minutesLeft} minutes`;
  return `${minutes} left: this trip's ${planName} plan allows ${limitMinutes}-minute calls`;
}

/** Said to everyone in a call the server ended at its plan's limit. */
export function callLimitReached(planName: string, limitMinutes: number) {
  return `The call ended: this trip's ${planName} plan allows ${limitMinutes}-minute calls. You can start a new one.`;
}

function minutesText(minutes: number | undefined) {
  if (!minutes) return 'less than a minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** What calls add to the shared lists (shared/contracts/features.ts). */
export const callsShared = {
  activity: {
    'call.ended': {
      deed: () => 'had a call',
      // A call is the trip's, not one person's: "Call with Ana and Bo, 12 minutes".
      sentence: ({ people = [], minutes }) =>
        `${people.length ? `Call with ${listNames(people)}` : 'A call'}, ${minutesText(minutes)}`,
    },
  },
  notices: {
    callStarted: {
      label: 'Audio room started',
      hint: 'Someone starts talking in a trip’s audio room: drop in.',
      channels: ['inApp', 'email'],
      defaults: { inApp: true, email: false },
      sentence: (_data, { who, trip }) => `${who} started talking in ${trip}’s audio room`,
      action: 'Join the audio room',
    },
  },
} as const satisfies SharedFeature;

/** The audio room's events from the server, part of the live protocol (shared/contracts/live.ts). */
export type CallServerEvents = {
  'call:state': (state: CallState) => void;
  'call:signal': (message: CallSignalMessage) => void;
  'call:warning': (message: CallWarningMessage) => void;
  'call:ended': (message: CallEndedMessage) => void;
};

/** The audio room's events from a tab. */
export type CallClientEvents = {
  'call:join': (event: CallJoinEvent, ack: (answer: CallJoinAck) => void) => void;
  'call:leave': () => void;
  'call:mute': (event: CallMuteEvent) => void;
  'call:video': (event: CallVideoEvent) => void;
  'call:signal': (event: CallSignalEvent) => void;
  /** Fresh ICE servers (TURN credentials) before a connection to another person is made. */
  'call:ice': (ack: (answer: CallIceAck) => void) => void;
};
