import type { WhiteboardElement } from '../../../shared/contracts/whiteboard';
import type { WhiteboardEdit } from './service';

type Settle = {
  edit: WhiteboardEdit;
  resolve: (won: WhiteboardElement[]) => void;
  reject: (error: unknown) => void;
};
type Group<R> = { ref: R; elements: number; settle: Settle[] };

/** Elements one transaction takes at most: the upsert binds ten values each (PostgreSQL: 65,535). */
export const GROUP_MAX_ELEMENTS = 5000;

/** Of an edit's elements, those whose copy is the one that was kept. */
function wonOf(edit: WhiteboardEdit, kept: Map<string, WhiteboardElement>) {
  return edit.elements.filter((element) => {
    const copy = kept.get(element.id);
    return copy?.version === element.version && copy.versionNonce === element.versionNonce;
  });
}

/**
 * Saves to each whiteboard one group at a time (a group commit): the edits that arrive while a
 * save of their whiteboard runs wait, and go together in the next transaction (up to
 * GROUP_MAX_ELEMENTS elements; more wait for the one after). A quiet whiteboard's edit is saved
 * at once; a busy one's (everyone drawing, 20 updates a second each) in as few transactions as
 * the database has time for, rather than each waiting in turn for the whiteboard's lock. Each
 * edit is answered with those of its elements that won. A group refused (the plan, the scene's
 * limits, one edit too large) is saved again edit by edit, so only the edits at fault are refused.
 *
 * `keyOf` names the whiteboard (its trip and widget: edits of two trips never share a group).
 */
export function createSaveGroups<R>(
  keyOf: (ref: R) => string,
  save: (ref: R, edits: WhiteboardEdit[]) => Promise<WhiteboardElement[]>,
) {
  const waiting = new Map<string, Group<R>[]>();
  const saving = new Set<string>();

  async function saveGroup(group: Group<R>) {
    const kept = new Map(
      (
        await save(
          group.ref,
          group.settle.map((s) => s.edit),
        )
      ).map((e) => [e.id, e]),
    );
    for (const { edit, resolve } of group.settle) resolve(wonOf(edit, kept));
  }

  async function run(key: string, group: Group<R>) {
    saving.add(key);
    try {
      await saveGroup(group);
    } catch (error) {
      if (group.settle.length === 1) group.settle[0]!.reject(error);
      else {
        for (const one of group.settle) {
          await saveGroup({ ref: group.ref, elements: 0, settle: [one] }).catch(one.reject);
        }
      }
    } finally {
      const next = waiting.get(key)?.shift();
      if (waiting.get(key)?.length === 0) waiting.delete(key);
      if (next) void run(key, next);
      else saving.delete(key);
    }
  }

  return function saveGrouped(ref: R, edit: WhiteboardEdit): Promise<WhiteboardElement[]> {
    const key = keyOf(ref);
    return new Promise((resolve, reject) => {
      const settle = { edit, resolve, reject };
      if (!saving.has(key)) {
        void run(key, { ref, elements: edit.elements.length, settle: [settle] });
        return;
      }
      const queue = waiting.get(key) ?? [];
      const last = queue.at(-1);
      if (last && last.elements + edit.elements.length <= GROUP_MAX_ELEMENTS) {
        last.settle.push(settle);
        last.elements += edit.elements.length;
      } else queue.push({ ref, elements: edit.elements.length, settle: [settle] });
      waiting.set(key, queue);
    });
  };
}
