import { z } from 'zod';
import { formatBytes } from '../bytes';
import type { SharedFeature } from '../featureContract';
import { PLAN_LIMITS } from '../plans';
import type { Plan } from './account';
import { textIdParam } from './params';
import { jsonDataProblem, text } from './text';
import { tripParams } from './trips';

/**
 * The shared whiteboard (issue #22): an Excalidraw scene per whiteboard widget, drawn by the
 * whole trip at once. The scene is a set of elements, each with its own `version` (bumped on
 * every edit) and `versionNonce` (random per edit); two copies of an element are reconciled as
 * Excalidraw's collaboration does (`newerElement` below), on every tab and in the server's saved
 * copy, so edits travel as deltas and two saves never drop each other's elements.
 */

// Excalidraw's element types (0.18) a whiteboard keeps. Not its AI ones (`magicframe`, `iframe`:
// the editor runs without AI, and an `iframe` element can carry any HTML to show).
export const WHITEBOARD_ELEMENT_TYPES = [
  'rectangle',
  'diamond',
  'ellipse',
  'arrow',
  'line',
  'freedraw',
  'text',
  'image',
  'frame',
  'embeddable',
] as const;

/** Elements a whiteboard keeps, deleted ones included (they carry the version that deleted them). */
export const WHITEBOARD_MAX_ELEMENTS = 5000;
/** The whole scene as JSON: about a hundred long hand-drawn strokes and thousands of shapes. */
export const WHITEBOARD_MAX_SCENE_BYTES = 4 * 1024 * 1024;
/** One element as JSON: a hand-drawn stroke of about 5,000 points. */
export const WHITEBOARD_MAX_ELEMENT_BYTES = 128 * 1024;
/**
 * The elements of one update message, as JSON: a tab sends bigger changes in several messages.
 * Below the live connection's message limit (server/features/live/core.ts).
 */
export const WHITEBOARD_MAX_UPDATE_BYTES = 192 * 1024;
/** A pasted picture: Excalidraw's own limit (it shrinks larger pictures before this). */
export const WHITEBOARD_MAX_FILE_BYTES = 4 * 1024 * 1024;
/** All the pictures of one whiteboard. */
export const WHITEBOARD_MAX_FILES_BYTES = 40 * 1024 * 1024;
/**
 * The longer side of a picture as stored: Excalidraw shrinks what is pasted to this itself
 * (DEFAULT_MAX_IMAGE_WIDTH_OR_HEIGHT), so only a picture sent some other way is made smaller.
 */
export const WHITEBOARD_PICTURE_MAX_PX = 1440;
/** Pointers in a whiteboard are sent at most this often, as board cursors are (~30 Hz). */
export const WHITEBOARD_POINTER_INTERVAL_MS = 33;
/** How long a tab gathers its own edits before sending them as one update. */
export const WHITEBOARD_SEND_INTERVAL_MS = 50;
/**
 * A tab sends at most this many bytes of elements a second (one update message at once): each
 * update carries the elements it changed whole, so a long stroke being drawn is sent again and
 * again, and a 100 KB one 20 times a second would be 2 MB/s. Half a person's live budget
 * (ACCOUNT_ALLOWANCE, server/features/live/socketGuard.ts), so a tab is never refused by it.
 */
export const WHITEBOARD_SEND_BYTES_PER_SECOND = 128 * 1024;

/** Picture types a whiteboard stores (by their bytes, not their name): no SVG, which can hold script. */
export const WHITEBOARD_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
export type WhiteboardFileType = (typeof WHITEBOARD_FILE_TYPES)[number];

export const WHITEBOARD_MESSAGES = {
  noSuchWhiteboard: 'No such whiteboard',
  noSuchFile: 'No such picture on this whiteboard',
  planRequired:
    "Whiteboards are part of the Premium and Pro plans, and this trip's owner is on the Free plan.",
  sceneFull:
    `This whiteboard is full (at most ${WHITEBOARD_MAX_ELEMENTS} shapes and ` +
    `${formatBytes(WHITEBOARD_MAX_SCENE_BYTES)}). Delete some of the drawing to add more.`,
  elementTooLarge: 'That stroke is too long to share: draw it in shorter strokes.',
  updateTooLarge: 'That change is too large to send at once.',
  fileTooLarge: `Pictures on a whiteboard are at most ${formatBytes(WHITEBOARD_MAX_FILE_BYTES)}.`,
  filesFull: `This whiteboard's pictures have reached ${formatBytes(WHITEBOARD_MAX_FILES_BYTES)}. Delete a picture to add another.`,
  fileType: 'Pictures on a whiteboard are PNG, JPEG, GIF or WebP.',
  badElement: 'That is not a whiteboard shape.',
  fileMismatch: 'That picture does not match its name. Paste it again.',
  fileUnreadable: 'That picture could not be read: it may be damaged. Try saving it again.',
  /** The server's limit by type (server/platform/pictureWork.ts), e.g. "PNG" and 50. */
  fileTooManyPixels: (format: string, megapixels: number) =>
    `That picture has too many pixels: a ${format} picture can be up to ${megapixels} megapixels. Save it smaller and paste it again.`,
  filesBusy: 'Tripmates is making many pictures ready just now. Try again in a minute.',
  storageDown: 'Pictures cannot be stored or shown just now. Try again in a minute.',
  unavailable:
    'The whiteboard could not be saved just now. Your drawing is kept here; it is sent again when the connection is back.',
} as const;

/** Whether a trip whose owner is on `plan` may draw on whiteboards (spec §9). */
export function whiteboardAllowed(plan: Plan): boolean {
  return PLAN_LIMITS[plan].whiteboard;
}

/**
 * One element of a scene, as Excalidraw writes it. The fields reconciling needs are checked;
 * the rest (coordinates, colours, points, text) is Excalidraw's and kept as it came, within a
 * size and a nesting depth.
 */
export const whiteboardElement = z
  .looseObject({
    id: text().min(1).max(64),
    type: z.enum(WHITEBOARD_ELEMENT_TYPES),
    version: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    versionNonce: z
      .number()
      .int()
      .min(-(2 ** 31))
      .max(2 ** 31 - 1),
    isDeleted: z.boolean(),
    /** Excalidraw's fractional index (its z-order), when it has one. */
    index: text().max(200).nullish(),
    // What Excalidraw reads without checking (a line's points, a text's text): a malformed one
    // would stop the editor from opening for everyone.
    points: z.array(z.tuple([z.number().finite(), z.number().finite()])).optional(),
    text: z.string().optional(),
    originalText: z.string().optional(),
  })
  .superRefine((element, context) => {
    const problem = jsonDataProblem(element);
    if (problem) context.addIssue({ code: 'custom', message: problem });
    else if (elementBytes(element) > WHITEBOARD_MAX_ELEMENT_BYTES) {
      context.addIssue({ code: 'custom', message: WHITEBOARD_MESSAGES.elementTooLarge });
    }
  });
export type WhiteboardElement = z.infer<typeof whiteboardElement>;

/** How many bytes an element takes in the saved scene. */
export function elementBytes(element: unknown): number {
  return new TextEncoder().encode(JSON.stringify(element)).length;
}

/**
 * Whether `incoming` replaces `current` (two copies of one element): the later edit wins, and of
 * two edits of the same version the one with the lower `versionNonce`, so every tab and the
 * server settle on the same copy whatever order the edits reach them in (Excalidraw's
 * `reconcileElements`). An element being edited on a tab stays that tab's there, which is
 * Excalidraw's part of reconciling.
 */
export function newerElement(
  incoming: Pick<WhiteboardElement, 'version' | 'versionNonce'>,
  current: Pick<WhiteboardElement, 'version' | 'versionNonce'> | undefined,
): boolean {
  if (!current) return true;
  return (
    incoming.version > current.version ||
    (incoming.version === current.version && incoming.versionNonce < current.versionNonce)
  );
}

const widgetId = text().min(1).max(100);
// Scene coordinates: Excalidraw's canvas is unbounded, but no one draws a million pixels away.
const sceneCoordinate = z.number().finite().min(-1e7).max(1e7);

// ——— the live events (shared/contracts/live.ts names them) ———

/** `whiteboard:update`: my edits since the last update, each element whole. */
export const whiteboardUpdateEvent = z.strictObject({
  widgetId,
  elements: z.array(whiteboardElement).min(1).max(WHITEBOARD_MAX_ELEMENTS),
});
export type WhiteboardUpdateEvent = z.infer<typeof whiteboardUpdateEvent>;

export type WhiteboardUpdateAck =
  | { ok: true }
  | {
      ok: false;
      code: 'plan_required' | 'item_limit' | 'body_too_large' | 'not_found' | 'unavailable';
      message: string;
    };

/** `whiteboard:pointer`: where my pointer is on the whiteboard, or null when it left it. */
export const whiteboardPointerEvent = z.strictObject({
  widgetId,
  pointer: z
    .strictObject({
      x: sceneCoordinate,
      y: sceneCoordinate,
      tool: z.enum(['pointer', 'laser']),
    })
    .nullable(),
  button: z.enum(['up', 'down']),
});
export type WhiteboardPointerEvent = z.infer<typeof whiteboardPointerEvent>;

/** Another member's edits, as the server saved them (the copies that won). */
export type WhiteboardUpdateMessage = {
  tripId: string;
  widgetId: string;
  userId: string;
  elements: WhiteboardElement[];
};
export type WhiteboardPointerMessage = WhiteboardPointerEvent & { tripId: string; userId: string };

// ——— HTTP ———

export const whiteboardParams = tripParams.extend({
  widgetId: textIdParam(WHITEBOARD_MESSAGES.noSuchWhiteboard),
});

export const whiteboardFile = z.object({
  /** Excalidraw's id for the file (a hash of its bytes). */
  id: z.string(),
  mimeType: z.enum(WHITEBOARD_FILE_TYPES),
});
export type WhiteboardFile = z.infer<typeof whiteboardFile>;

/** `GET /api/trips/:tripId/whiteboards/:widgetId`: the saved scene. */
export const whiteboardScene = z.object({
  widgetId: z.string(),
  /** In z-order (Excalidraw's fractional index), deleted elements included. */
  elements: z.array(z.record(z.string(), z.unknown())),
  files: z.array(whiteboardFile),
  /** False when the trip's owner is not on a plan with whiteboards: the scene shows, read only. */
  editable: z.boolean(),
});
export type WhiteboardScene = z.infer<typeof whiteboardScene>;

export const whiteboardFileParams = whiteboardParams.extend({
  // Our editor's random ids (shared/ids.ts), or Excalidraw's own hex SHA-1s of the bytes.
  fileId: textIdParam(WHITEBOARD_MESSAGES.noSuchFile),
});

export const whiteboardFilePath = (tripId: string, widgetId: string, fileId: string) =>
  `/api/trips/${encodeURIComponent(tripId)}/whiteboards/${encodeURIComponent(widgetId)}/files/${encodeURIComponent(fileId)}`;

/** What the whiteboard adds to the shared lists (shared/contracts/features.ts). */
export const whiteboardShared = {
  widgets: { whiteboard: { width: 400, height: 330 } },
} as const satisfies SharedFeature;

/** The whiteboards' events from the server, part of the live protocol (shared/contracts/live.ts). */
export type WhiteboardServerEvents = {
  'whiteboard:update': (message: WhiteboardUpdateMessage) => void;
  'whiteboard:pointer': (message: WhiteboardPointerMessage) => void;
};

/** The whiteboards' events from a tab. */
export type WhiteboardClientEvents = {
  'whiteboard:update': (
    event: WhiteboardUpdateEvent,
    ack: (answer: WhiteboardUpdateAck) => void,
  ) => void;
  'whiteboard:pointer': (event: WhiteboardPointerEvent) => void;
};
