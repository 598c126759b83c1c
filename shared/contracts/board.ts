import { z } from 'zod';
import type { WidgetSize } from '../featureContract';
import { FEATURE_WIDGET_SIZES, FEATURE_WIDGET_TYPES } from './features';
import { textIdParam } from './params';
import { jsonDataProblem, text } from './text';

// spec §3: the widget types of the board, each declared by its feature (features.ts).
export const WIDGET_TYPES = FEATURE_WIDGET_TYPES;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Each kind's size on the board (issue #38), declared by its feature; at its widest. */
export function widgetSize(type: WidgetType): { width: number; height: number } {
  const size: WidgetSize = FEATURE_WIDGET_SIZES[type];
  return { width: Math.max(size.width, size.loadedWidth ?? 0), height: size.height };
}
export const WIDGET_SIZES: Readonly<Record<WidgetType, WidgetSize>> = FEATURE_WIDGET_SIZES;

// Settings are small (a city, a pair of dates): a cap keeps one widget from bloating the board.
export const WIDGET_DATA_MAX_BYTES = 4096;

const coordinate = z
  .number('A position is a number of pixels')
  .int('A position is a whole number of pixels')
  .min(-10_000, 'That position is off the board')
  .max(100_000, 'That position is off the board');

/** spec §3: top and left, optionally right. */
export const widgetPosition = z.object({
  top: coordinate,
  left: coordinate,
  right: coordinate.nullish(),
});

const widgetTitle = text('The title must be text')
  .trim()
  .min(1, 'Please give the widget a title')
  .max(80, 'Widget titles are at most 80 characters');

/** spec §3: countdown data { startDate, endDate }, weather data { city }, ... */
const widgetData = z
  .record(z.string(), z.unknown(), 'Widget data must be an object')
  .superRefine((data, context) => {
    // Depth and text first: JSON.stringify would overflow the stack on data nested 5,000 deep.
    const problem =
      jsonDataProblem(data) ??
      (JSON.stringify(data).length > WIDGET_DATA_MAX_BYTES
        ? `Widget data is at most ${WIDGET_DATA_MAX_BYTES} bytes`
        : null);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** spec §4: an added widget's id is its type and a timestamp (milliseconds), `todo1767225600000`. */
export const widgetIdFor = (type: WidgetType, at: number = Date.now()) => `${type}${at}`;

export const WIDGET_ID_MESSAGE =
  'A widget id is its type followed by a timestamp in milliseconds, like todo1767225600000';

/**
 * `POST /api/trips/:tripId/widgets`. The title defaults to the spec's `New <type> Widget`. `id`,
 * if given, is the client's choice (issue #37: the same create sent twice adds one widget), in
 * the spec's form for the widget's type (`widgetIdFor`); without it the server picks one.
 */
export const createWidgetBody = z
  .object({
    id: z.string({ error: WIDGET_ID_MESSAGE }).max(100, WIDGET_ID_MESSAGE).optional(),
    type: z.enum(WIDGET_TYPES, { error: `The type must be one of ${WIDGET_TYPES.join(', ')}` }),
    position: widgetPosition,
    title: widgetTitle.optional(),
    data: widgetData.nullish(),
  })
  .refine((body) => body.id === undefined || isWidgetIdFor(body.type, body.id), {
    message: WIDGET_ID_MESSAGE,
    path: ['id'],
  });
export type CreateWidgetBody = z.input<typeof createWidgetBody>;

/** `PATCH /api/widgets/:id`: a move (the end of a drag), a rename or new settings. */
export const updateWidgetBody = z
  .object({
    position: widgetPosition.optional(),
    title: widgetTitle.optional(),
    data: widgetData.nullish(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change: send a position, title or data',
  });
export type UpdateWidgetBody = z.input<typeof updateWidgetBody>;

export const widget = z.object({
  /** spec §4: `<type><timestamp>`. */
  id: z.string(),
  tripId: z.string(),
  type: z.enum(WIDGET_TYPES),
  position: z.object({ top: z.number(), left: z.number(), right: z.number().optional() }),
  title: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type Widget = z.infer<typeof widget>;
export const widgetList = z.array(widget);

export const NO_SUCH_WIDGET = 'No such widget';

/** Whether `id` is `<type><milliseconds>` for this type (`flight…` is not a `flightSearch` id). */
function isWidgetIdFor(type: WidgetType, id: string) {
  return id.startsWith(type) && /^\d{1,15}$/.test(id.slice(type.length));
}

// Issue #16: every kind of item has a ceiling per trip; a board of 40 widgets is already full.
export const MAX_WIDGETS_PER_TRIP = 40;
export const TOO_MANY_WIDGETS = `A board holds at most ${MAX_WIDGETS_PER_TRIP} widgets. Remove one to add another.`;

/** A widget's id is `<type><timestamp>` (spec §4), not a uuid. */
export const widgetParams = z.object({ id: textIdParam(NO_SUCH_WIDGET) });

/**
 * `PUT /api/trips/:tripId/widgets/arrangement` (issue #38): several widgets moved at once, in one
 * change: Tidy up, and its Undo. Each id once; every one must be the trip's.
 */
export const arrangeWidgetsBody = z.object({
  positions: z
    .array(
      z.object({
        id: textIdParam(NO_SUCH_WIDGET),
        position: widgetPosition.pick({ top: true, left: true }),
      }),
    )
    .min(1, 'Send at least one widget to move')
    .max(MAX_WIDGETS_PER_TRIP, TOO_MANY_WIDGETS)
    .refine(
      (positions) => new Set(positions.map(({ id }) => id)).size === positions.length,
      'Each widget may be moved once',
    ),
});
export type ArrangeWidgetsBody = z.input<typeof arrangeWidgetsBody>;
