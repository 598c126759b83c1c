import { and, count, eq, inArray, sql, sum } from 'drizzle-orm';
import {
  elementBytes,
  newerElement,
  WHITEBOARD_MAX_ELEMENTS,
  WHITEBOARD_MAX_SCENE_BYTES,
  WHITEBOARD_MAX_UPDATE_BYTES,
  WHITEBOARD_MESSAGES,
  type WhiteboardElement,
  type WhiteboardFile,
  type WhiteboardScene,
  whiteboardAllowed,
} from '../../../shared/contracts/whiteboard';
import type { Db, Tx } from '../../platform/db/client';
import { trips, users, widgets } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { ownerPlanOf } from '../trips/access';
import { whiteboardElements, whiteboardFiles } from './tables';

/** A whiteboard: its widget, on its trip. */
export type WhiteboardRef = { tripId: string; widgetId: string };

const noSuchWhiteboard = () => new HttpError('not_found', WHITEBOARD_MESSAGES.noSuchWhiteboard);
export const planRequired = () => new HttpError('plan_required', WHITEBOARD_MESSAGES.planRequired);

/**
 * The whiteboard widget `widgetId` of the trip and its owner's plan, or 404. `lock` holds the
 * widget's row to the end of the transaction: saves to one whiteboard take turns, so the sizes
 * they add up are right.
 */
export async function whiteboardOf(db: Db | Tx, { tripId, widgetId }: WhiteboardRef, lock = false) {
  const query = db
    .select({ type: widgets.type, plan: users.plan })
    .from(widgets)
    .innerJoin(trips, eq(trips.id, widgets.tripId))
    .innerJoin(users, eq(users.id, trips.ownerId))
    .where(and(eq(widgets.id, widgetId), eq(widgets.tripId, tripId)));
  const [row] = await (lock ? query.for('update', { of: widgets }) : query);
  if (row?.type !== 'whiteboard') throw noSuchWhiteboard();
  return row;
}

/**
 * Issue #22: a whiteboard is added only on a trip whose owner's plan has whiteboards (spec §9),
 * whatever the client shows. Runs in the transaction that adds the widget.
 */
export async function assertWhiteboardAllowed(db: Db | Tx, tripId: string) {
  if (!whiteboardAllowed(await ownerPlanOf(db, tripId))) throw planRequired();
}

// Excalidraw's fractional indices are base-62 strings that sort by their characters' codes.
const byIndex = (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const left = typeof a.index === 'string' ? a.index : '';
  const right = typeof b.index === 'string' ? b.index : '';
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The saved scene, in z-order: every member may look at it, whatever the plan. */
export async function loadScene(db: Db, ref: WhiteboardRef): Promise<WhiteboardScene> {
  const { plan } = await whiteboardOf(db, ref);
  const [elementRows, fileRows] = await Promise.all([
    db
      .select({ element: whiteboardElements.element })
      .from(whiteboardElements)
      .where(eq(whiteboardElements.widgetId, ref.widgetId)),
    db
      .select({ id: whiteboardFiles.id, mimeType: whiteboardFiles.mimeType })
      .from(whiteboardFiles)
      .where(eq(whiteboardFiles.widgetId, ref.widgetId)),
  ]);
  return {
    widgetId: ref.widgetId,
    elements: elementRows.map((row) => row.element).sort(byIndex),
    files: fileRows as WhiteboardFile[],
    editable: whiteboardAllowed(plan),
  };
}

/**
 * What is kept of a deleted element: enough to reconcile with (its version, its place), not the
 * drawing. Deleting frees the scene's room; undoing a delete sends the whole element again.
 */
function storedCopy(element: WhiteboardElement): WhiteboardElement {
  if (!element.isDeleted) return element;
  const { id, type, version, versionNonce, isDeleted, index, updated } = element;
  return { id, type, version, versionNonce, isDeleted, index, updated };
}

/** Of several copies of one element in a batch, the one that wins. */
function newestOfEach(elements: WhiteboardElement[]) {
  const newest = new Map<string, WhiteboardElement>();
  for (const element of elements) {
    if (newerElement(element, newest.get(element.id))) newest.set(element.id, element);
  }
  return [...newest.values()];
}

/** One member's edits to a whiteboard: the elements they changed, each whole. */
export type WhiteboardEdit = { userId: string; elements: WhiteboardElement[] };

/** Saves one member's edits (see saveEdits). */
export function saveElements(
  db: Db,
  ref: WhiteboardRef,
  userId: string,
  elements: WhiteboardElement[],
): Promise<WhiteboardElement[]> {
  return saveEdits(db, ref, [{ userId, elements }]);
}

/**
 * Saves members' edits to the whiteboard in one transaction and answers the copies that won, for
 * the others: each element is kept if it is newer than the saved one (`newerElement`, checked
 * again by the database in the upsert), so two members' saves never drop each other's elements
 * whatever order they arrive in. Refused whole when the trip's plan has no whiteboards or the
 * scene would outgrow its limits.
 */
export async function saveEdits(
  db: Db,
  ref: WhiteboardRef,
  edits: WhiteboardEdit[],
): Promise<WhiteboardElement[]> {
  for (const edit of edits) {
    const bytes = edit.elements.reduce((total, element) => total + elementBytes(element), 0);
    if (bytes > WHITEBOARD_MAX_UPDATE_BYTES) {
      throw new HttpError('body_too_large', WHITEBOARD_MESSAGES.updateTooLarge);
    }
  }
  // Who saved the copy that is kept of each element.
  const editorOf = new Map<WhiteboardElement, string>();
  for (const edit of edits) for (const element of edit.elements) editorOf.set(element, edit.userId);
  const incoming = newestOfEach(edits.flatMap((edit) => edit.elements));
  return db.transaction(async (tx) => {
    const { plan } = await whiteboardOf(tx, ref, true);
    if (!whiteboardAllowed(plan)) throw planRequired();

    const saved = new Map(
      (
        await tx
          .select({
            id: whiteboardElements.id,
            version: whiteboardElements.version,
            versionNonce: whiteboardElements.versionNonce,
            isDeleted: whiteboardElements.isDeleted,
            bytes: whiteboardElements.bytes,
          })
          .from(whiteboardElements)
          .where(
            and(
              eq(whiteboardElements.widgetId, ref.widgetId),
              inArray(
                whiteboardElements.id,
                incoming.map((element) => element.id),
              ),
            ),
          )
      ).map((row) => [row.id, row]),
    );
    const winners = incoming.filter((element) => newerElement(element, saved.get(element.id)));
    if (winners.length === 0) return [];

    const rows = winners.map((element) => {
      const stored = storedCopy(element);
      return { element, stored, bytes: elementBytes(stored) };
    });
    await assertRoomFor(tx, ref.widgetId, rows, saved);

    const accepted = await tx
      .insert(whiteboardElements)
      .values(
        rows.map(({ element, stored, bytes }) => ({
          widgetId: ref.widgetId,
          tripId: ref.tripId,
          id: stored.id,
          version: stored.version,
          versionNonce: stored.versionNonce,
          isDeleted: stored.isDeleted,
          element: stored,
          bytes,
          updatedBy: editorOf.get(element) ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [whiteboardElements.widgetId, whiteboardElements.id],
        set: {
          version: sql`excluded.version`,
          versionNonce: sql`excluded.version_nonce`,
          isDeleted: sql`excluded.is_deleted`,
          element: sql`excluded.element`,
          bytes: sql`excluded.bytes`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
        // newerElement, in SQL: the saved copy is replaced only by a newer one.
        setWhere: sql`excluded.version > ${whiteboardElements.version} or (excluded.version = ${whiteboardElements.version} and excluded.version_nonce < ${whiteboardElements.versionNonce})`,
      })
      .returning({ id: whiteboardElements.id });
    const acceptedIds = new Set(accepted.map((row) => row.id));
    // The others get the whole element (a deleted one too): their undo may still need it.
    return rows.filter((row) => acceptedIds.has(row.stored.id)).map((row) => row.element);
  });
}

/** Refuses the save when the scene would pass its number of shapes or its size. */
async function assertRoomFor(
  tx: Tx,
  widgetId: string,
  rows: { stored: WhiteboardElement; bytes: number }[],
  saved: Map<string, { isDeleted: boolean; bytes: number }>,
) {
  const [totals] = await tx
    .select({
      shapes: count(sql`case when not ${whiteboardElements.isDeleted} then 1 end`),
      bytes: sum(whiteboardElements.bytes).mapWith(Number),
    })
    .from(whiteboardElements)
    .where(eq(whiteboardElements.widgetId, widgetId));
  const before = { shapes: totals?.shapes ?? 0, bytes: totals?.bytes ?? 0 };
  const after = { ...before };
  for (const { stored, bytes } of rows) {
    const old = saved.get(stored.id);
    after.shapes += (stored.isDeleted ? 0 : 1) - (old && !old.isDeleted ? 1 : 0);
    after.bytes += bytes - (old?.bytes ?? 0);
  }
  // A save that does not make the scene bigger (deleting, moving) is never refused.
  const tooMany = after.shapes > WHITEBOARD_MAX_ELEMENTS && after.shapes > before.shapes;
  const tooBig = after.bytes > WHITEBOARD_MAX_SCENE_BYTES && after.bytes > before.bytes;
  if (tooMany || tooBig) {
    throw new HttpError('item_limit', WHITEBOARD_MESSAGES.sceneFull);
  }
}
