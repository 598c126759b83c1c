import {
  newerElement,
  WHITEBOARD_MAX_UPDATE_BYTES,
  type WhiteboardElement,
} from '../../../shared/contracts/whiteboard';
import type { WhiteboardEdit } from './service';

/** Whoever sent an edit, answered with those of its elements that won (or the save's error). */
type Waiter = {
  elements: WhiteboardElement[];
  resolve: (won: WhiteboardElement[]) => void;
  reject: (error: unknown) => void;
};
/**
 * An edit waiting for its whiteboard's next save: what is left of it once later edits from the
 * same tab took the place of its elements, and everyone to answer when it is saved.
 */
type Pending = {
  source: string | null;
  edit: WhiteboardEdit;
  /** Its message's size shared out among its elements (what waits is counted in these). */
  bytesEach: number;
  waiters: Waiter[];
};
type Board<R> = { ref: R; waiting: Pending[]; bytes: number };

/** Elements one transaction takes at most: the upsert binds ten values each (PostgreSQL: 65,535). */
export const GROUP_MAX_ELEMENTS = 5000;
/**
 * Bytes of edits one transaction takes at most (and always one edit, of at most
 * WHITEBOARD_MAX_UPDATE_BYTES): the database works through a group in one go (the embedded one on
 * the server's own thread), and a bigger group would hold everything else up for longer.
 */
export const GROUP_MAX_BYTES = WHITEBOARD_MAX_UPDATE_BYTES;
/**
 * What may wait for one whiteboard's saves. Twice a whole scene (WHITEBOARD_MAX_SCENE_BYTES): a
 * tab sending all of it again after a reconnect while the others draw. A tab's edits take the
 * place of its own that still wait, so only edits of ever more new elements (or a database that
 * stopped answering) reach it; beyond it an edit is refused (`SaveBusy`), not queued: its tab
 * sends it again later.
 */
export const WAITING_MAX_BYTES = 8 * 1024 * 1024;

/** The whiteboard has as much waiting as it may: try again later. */
export class SaveBusy extends Error {
  constructor() {
    super('Too many edits are waiting to be saved on this whiteboard.');
  }
}

/** Of an edit's elements, those whose copy is the one that was kept. */
function wonOf(elements: WhiteboardElement[], kept: Map<string, WhiteboardElement>) {
  return elements.filter((element) => {
    const copy = kept.get(element.id);
    return copy?.version === element.version && copy.versionNonce === element.versionNonce;
  });
}

/**
 * Saves to each whiteboard one group at a time (a group commit): the edits that arrive while a
 * save of their whiteboard runs wait, and go together in the next transaction (up to
 * GROUP_MAX_ELEMENTS elements and GROUP_MAX_BYTES; more wait for the one after). A quiet
 * whiteboard's edit is saved at once; a busy one's (everyone drawing, 20 updates a second each)
 * in as few transactions as the database has time for, rather than each waiting in turn for the
 * whiteboard's lock. Each edit is answered with those of its elements that won. A group refused
 * (the plan, the scene's limits, one edit too large) is saved again edit by edit, so only the
 * edits at fault are refused.
 *
 * The work is bounded, whatever comes in: an edit from a tab (`source`) whose earlier edit still
 * waits takes the place of that edit's copies of the same elements (a stroke being drawn, a
 * drag: each update carries the elements whole, so only the newest copy is worth saving), and
 * beyond WAITING_MAX_BYTES an edit is refused with SaveBusy rather than queued.
 *
 * `keyOf` names the whiteboard (its trip and widget: edits of two trips never share a group).
 */
export function createSaveGroups<R>(
  keyOf: (ref: R) => string,
  save: (ref: R, edits: WhiteboardEdit[]) => Promise<WhiteboardElement[]>,
  /** Waits for the turn of a save of so many bytes (turns.ts); at once when not given. */
  turn: (bytes: number) => Promise<void> = async () => {},
) {
  /** The whiteboards being saved, and what waits for each. */
  const boards = new Map<string, Board<R>>();

  async function saveGroup(ref: R, group: Pending[]) {
    await turn(group.reduce((bytes, p) => bytes + p.edit.elements.length * p.bytesEach, 0));
    const kept = new Map(
      (
        await save(
          ref,
          group.map((p) => p.edit),
        )
      ).map((e) => [e.id, e]),
    );
    for (const { waiters } of group) {
      for (const waiter of waiters) waiter.resolve(wonOf(waiter.elements, kept));
    }
  }
  const rejectAll = (pending: Pending, error: unknown) => {
    for (const waiter of pending.waiters) waiter.reject(error);
  };

  /** The next group from what waits: at least one edit, then as many as fit. */
  function nextGroup(board: Board<R>) {
    const group: Pending[] = [];
    let elements = 0;
    let bytes = 0;
    while (board.waiting.length > 0) {
      const next = board.waiting[0]!;
      const size = next.edit.elements.length * next.bytesEach;
      const fits =
        elements + next.edit.elements.length <= GROUP_MAX_ELEMENTS &&
        bytes + size <= GROUP_MAX_BYTES;
      if (group.length > 0 && !fits) break;
      board.waiting.shift();
      board.bytes -= size;
      group.push(next);
      elements += next.edit.elements.length;
      bytes += size;
    }
    return group;
  }

  async function run(key: string, board: Board<R>, group: Pending[]) {
    try {
      await saveGroup(board.ref, group);
    } catch (error) {
      if (group.length === 1) rejectAll(group[0]!, error);
      else {
        for (const one of group) {
          await saveGroup(board.ref, [one]).catch((error) => rejectAll(one, error));
        }
      }
    } finally {
      const next = nextGroup(board);
      if (next.length > 0) void run(key, board, next);
      else boards.delete(key);
    }
  }

  /**
   * Of what waits from `source`, the copies `edit` replaces (the same element, not newer than
   * its copy there) and the bytes they count for; `apply` takes them out, and moves the waiters
   * of an edit left empty onto `into`.
   */
  function replaced(board: Board<R>, source: string, edit: WhiteboardEdit) {
    const newest = new Map(edit.elements.map((element) => [element.id, element]));
    const isReplaced = (element: WhiteboardElement) => {
      const copy = newest.get(element.id);
      return copy !== undefined && !newerElement(element, copy);
    };
    const mine = board.waiting.filter((pending) => pending.source === source);
    let count = 0;
    let bytes = 0;
    for (const pending of mine) {
      for (const element of pending.edit.elements) {
        if (!isReplaced(element)) continue;
        count += 1;
        bytes += pending.bytesEach;
      }
    }
    return {
      bytes,
      apply(into: Pending) {
        if (count === 0) return;
        for (const pending of mine) {
          const left = pending.edit.elements.filter((element) => !isReplaced(element));
          board.bytes -= (pending.edit.elements.length - left.length) * pending.bytesEach;
          pending.edit = { ...pending.edit, elements: left };
          if (left.length > 0) continue;
          // Answered when the edit that took its place is saved, with what of it won (nothing).
          into.waiters.push(...pending.waiters);
          board.waiting.splice(board.waiting.indexOf(pending), 1);
        }
      },
    };
  }

  /**
   * Saves the edit with the others that wait for its whiteboard. `source` names the tab it came
   * from (its edits that still wait give way to it); `bytes`, its message's size.
   */
  return function saveGrouped(
    ref: R,
    edit: WhiteboardEdit,
    { source = null, bytes = 0 }: { source?: string | null; bytes?: number } = {},
  ): Promise<WhiteboardElement[]> {
    const key = keyOf(ref);
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        source,
        edit,
        bytesEach: edit.elements.length > 0 ? bytes / edit.elements.length : 0,
        waiters: [{ elements: edit.elements, resolve, reject }],
      };
      const board = boards.get(key);
      if (!board) {
        const quiet: Board<R> = { ref, waiting: [], bytes: 0 };
        boards.set(key, quiet);
        void run(key, quiet, [pending]);
        return;
      }
      const gone = source === null ? null : replaced(board, source, edit);
      if (
        board.waiting.length > 0 &&
        board.bytes - (gone?.bytes ?? 0) + bytes > WAITING_MAX_BYTES
      ) {
        reject(new SaveBusy());
        return;
      }
      gone?.apply(pending);
      board.waiting.push(pending);
      board.bytes += bytes;
    });
  };
}
