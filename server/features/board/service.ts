import { and, asc, eq } from 'drizzle-orm';
import { placeWidget, type Rect, tooClose, widgetRect } from '../../../shared/boardLayout';
import {
  type ArrangeWidgetsBody,
  type CreateWidgetBody,
  MAX_WIDGETS_PER_TRIP,
  NO_SUCH_WIDGET,
  TOO_MANY_WIDGETS,
  type UpdateWidgetBody,
  type Widget,
  type WidgetType,
  widgetIdFor,
} from '../../../shared/contracts/board';
import { itemRemoved, itemSaved } from '../../../shared/contracts/live';
import type { Db, Tx } from '../../platform/db/client';
import { type WidgetRow, widgets } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { type Activity, type Restorer, recordActivity } from '../activity/record';
import { widgetPolicyOf } from '../featureLookup';
import { type ChangeContext, inTransaction, type LiveChanges } from '../live';
import {
  assertRoomFor,
  deleteTripItem,
  idTaken,
  isRepeatedCreate,
  updateTripItem,
} from '../trips/items';

export function toWidget(row: WidgetRow): Widget {
  return {
    id: row.id,
    tripId: row.tripId,
    type: row.type,
    position: { top: row.top, left: row.left, ...(row.right === null ? {} : { right: row.right }) },
    title: row.title,
    data: row.data ?? null,
  };
}

// spec §4: a trip's board starts with five widgets, one of each type, in three columns:
// countdown over the to-dos, weather over the flights, the photos. Laid out to fit a 1280-px
// window at 100 % (issue #38: the board is a canvas that scrolls, so nothing is pulled into a
// narrower window any more). Positions are board coordinates (from the canvas's top-left
// corner), the same on every screen so that pointers line up; phones stack them in reading order.
const DEFAULT_BOARD: { type: WidgetType; title: string; top: number; left: number }[] = [
  { type: 'countdown', title: 'Trip Countdown', top: 24, left: 24 },
  { type: 'weather', title: 'Weather', top: 24, left: 480 },
  { type: 'photo', title: 'Destination Photos', top: 24, left: 816 },
  { type: 'todo', title: 'Group To-Do List', top: 258, left: 24 },
  { type: 'flight', title: 'Flight Details', top: 398, left: 480 },
];

/**
 * Puts the five default widgets on a new trip's board. `weatherCity` sets the weather widget's
 * city (spec §3 weather data); without it the widget follows the trip's destination.
 */
export async function addDefaultWidgets(
  db: Db | Tx,
  tripId: string,
  { weatherCity, now = Date.now() }: { weatherCity?: string; now?: number } = {},
) {
  await db.insert(widgets).values(
    DEFAULT_BOARD.map((widget, index) => ({
      ...widget,
      data: widget.type === 'weather' && weatherCity ? { city: weatherCity } : null,
      // spec §4: ids are `<type><timestamp>`; the index keeps the five apart.
      id: `${widget.type}${now + index}`,
      tripId,
      // One statement, one now(): a millisecond apart keeps the board in this order.
      createdAt: new Date(now + index),
    })),
  );
}

export async function listWidgets(db: Db, tripId: string) {
  const rows = await db
    .select()
    .from(widgets)
    .where(eq(widgets.tripId, tripId))
    .orderBy(asc(widgets.createdAt), asc(widgets.id));
  return rows.map(toWidget);
}

/**
 * spec §4: an added widget's id is `<type><timestamp>` and its title `New <type> Widget`. Ids
 * are global (PATCH /api/widgets/:id names no trip), so a clash with a widget made in the same
 * millisecond anywhere moves on to the next millisecond. An id the client chose (issue #37) is
 * kept, or answers 409 `id_taken` when it is someone else's; the same one sent again answers the
 * widget it made.
 */
export async function createWidget(context: ChangeContext, tripId: string, body: CreateWidgetBody) {
  const limit = { max: MAX_WIDGETS_PER_TRIP, message: TOO_MANY_WIDGETS };
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    if (body.id && (await isRepeatedCreate(tx, widgets, tripId, body.id, actorId))) {
      const [row] = await tx.select().from(widgets).where(eq(widgets.id, body.id));
      return toWidget(row!);
    }
    await assertRoomFor(tx, widgets, tripId, limit);
    await (await widgetPolicyOf(body.type)).assertAllowed?.(tx, tripId);
    const inserted = await insertWithFreeId(tx, tripId, actorId, body);
    await recordActivity(tx, tripId, actorId, widgetActivity('widget.added', inserted));
    return announceSaved(live, toWidget(inserted));
  });
}

/**
 * spec §4's `New <type> Widget` for its five types; the widgets issues #21 and #22 added read
 * better by their names ("New flightSearch Widget" would not), which their features give.
 */
const defaultTitle = async (type: WidgetType) =>
  (await widgetPolicyOf(type)).defaultTitle ?? `New ${type} Widget`;

/**
 * Inserts the widget under the client's id, else under the first free `<type><millisecond>` id
 * from now on.
 */
async function insertWithFreeId(
  tx: Tx,
  tripId: string,
  createdBy: string | null,
  body: CreateWidgetBody,
) {
  const { type, position } = body;
  const title = body.title?.trim() || (await defaultTitle(type));
  const insert = (id: string) =>
    tx
      .insert(widgets)
      .values({
        id,
        tripId,
        type,
        top: position.top,
        left: position.left,
        right: position.right ?? null,
        title,
        data: body.data ?? null,
        createdBy,
      })
      .onConflictDoNothing({ target: widgets.id })
      .returning();
  if (body.id) {
    const [row] = await insert(body.id);
    if (!row) throw idTaken();
    return row;
  }
  for (let stamp = Date.now(), attempt = 0; attempt < 50; stamp += 1, attempt += 1) {
    const [row] = await insert(widgetIdFor(type, stamp));
    if (row) return row;
  }
  throw new Error('Could not find a free widget id');
}

function announceSaved(live: LiveChanges, widget: Widget) {
  live.tripChanged(widget.tripId, itemSaved('widgets', widget));
  return widget;
}

/** A widget's entry in the trip's history, named by its title then. */
function widgetActivity(kind: Activity['kind'], row: WidgetRow): Activity {
  return { kind, subjectId: row.id, data: { label: row.title, widgetType: row.type } };
}

/**
 * A renamed or moved widget is history; its settings changing (a city, a photo shown) are the
 * widget's own business and are not.
 */
export function widgetChange(row: WidgetRow, before: WidgetRow): Activity | null {
  if (row.title !== before.title) {
    return {
      ...widgetActivity('widget.renamed', row),
      data: { label: row.title, detail: before.title, widgetType: row.type },
    };
  }
  const moved = row.top !== before.top || row.left !== before.left || row.right !== before.right;
  return moved ? widgetActivity('widget.moved', row) : null;
}

// Where a restored widget looks for room when its old place is taken: the board as a 1280-px
// window first shows it (the server cannot know what the person restoring it is looking at).
const RESTORE_VIEW: Rect = { top: 0, left: 0, width: 1280, height: 720 };

/**
 * Where a restored widget goes (issue #38: never on top of another): where it was when that is
 * still free, else a free place as for a new widget.
 */
async function freePlaceFor(tx: Tx, tripId: string, row: WidgetRow) {
  const others = await tx
    .select({ type: widgets.type, top: widgets.top, left: widgets.left })
    .from(widgets)
    .where(eq(widgets.tripId, tripId));
  const taken = others.map((other) =>
    widgetRect({ type: other.type, position: { top: other.top, left: other.left } }),
  );
  const own = widgetRect({ type: row.type, position: { top: row.top, left: row.left } });
  if (!taken.some((other) => tooClose(own, other, 0))) return own;
  return placeWidget(own, taken, RESTORE_VIEW);
}

/**
 * A removed widget comes back where it was (or, when another took its place, in a free one), with
 * its settings; a whiteboard's drawing went with it (its confirmation says so), and one comes
 * back only where the owner's plan has whiteboards.
 */
export const widgetRestorer: Restorer = {
  table: widgets,
  limit: { max: MAX_WIDGETS_PER_TRIP, message: TOO_MANY_WIDGETS },
  async prepare(tx, tripId, row) {
    await (await widgetPolicyOf(row.type as WidgetType)).assertAllowed?.(tx, tripId);
    const widget = row as WidgetRow;
    const { top, left } = await freePlaceFor(tx, tripId, widget);
    return { ...widget, top, left, right: null };
  },
  async announce({ db: tx, live }, tripId, id) {
    const [row] = await tx
      .select()
      .from(widgets)
      .where(and(eq(widgets.id, id), eq(widgets.tripId, tripId)));
    if (row) announceSaved(live, toWidget(row));
  },
};

/** Moves, renames or reconfigures the trip's widget `id`. */
export async function updateWidget(
  context: ChangeContext,
  tripId: string,
  id: string,
  body: UpdateWidgetBody,
) {
  const { position, title, data } = body;
  const changes = {
    title,
    data,
    ...(position && { top: position.top, left: position.left, right: position.right ?? null }),
  };
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    const updated = await updateTripItem(tx, widgets, tripId, id, changes, NO_SUCH_WIDGET, {
      actorId,
      describe: widgetChange,
    });
    return announceSaved(live, toWidget(updated));
  });
}

export async function deleteWidget(context: ChangeContext, tripId: string, id: string) {
  await inTransaction(context, async ({ db: tx, live, actorId }) => {
    await deleteTripItem(tx, widgets, tripId, id, NO_SUCH_WIDGET, {
      actorId,
      describe: (row) => ({ ...widgetActivity('widget.removed', row), snapshot: row }),
    });
    live.tripChanged(tripId, itemRemoved('widgets', id));
  });
}

/**
 * Moves several of the trip's widgets at once (issue #38: Tidy up, and its Undo), all or none:
 * one entry in the trip's activity, each widget announced as saved.
 */
export async function arrangeWidgets(
  context: ChangeContext,
  tripId: string,
  { positions }: ArrangeWidgetsBody,
) {
  return inTransaction(context, async ({ db: tx, live, actorId }) => {
    const moved: Widget[] = [];
    for (const { id, position } of positions) {
      const [row] = await tx
        .update(widgets)
        .set({ top: position.top, left: position.left, right: null })
        .where(and(eq(widgets.id, id), eq(widgets.tripId, tripId)))
        .returning();
      if (!row) throw new HttpError('not_found', NO_SUCH_WIDGET);
      moved.push(announceSaved(live, toWidget(row)));
    }
    await recordActivity(tx, tripId, actorId, { kind: 'widget.arranged' });
    return moved;
  });
}
