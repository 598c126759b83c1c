import type { WhiteboardElement } from '../../../shared/contracts/whiteboard';
import type { WhiteboardEdit } from './service';

type Waiting<R> = {
  ref: R;
  edits: WhiteboardEdit[];
  settle: {
    edit: WhiteboardEdit;
    resolve: (won: WhiteboardElement[]) => void;
    reject: (error: unknown) => void;
  }[];
};

/** Of an edit's elements, those whose copy is the one that was kept. */
function wonOf(edit: WhiteboardEdit, kept: Map<string, WhiteboardElement>) {
  return edit.elements.filter((element) => {
    const copy = kept.get(element.id);
    return copy?.version === element.version && copy.versionNonce === element.versionNonce;
  });
}

/**
 * Saves to each whiteboard one group at a time (a group commit): the edits that arrive while a
 * save of their whiteboard runs wait, and go together in the next transaction. A quiet
 * whiteboard's edit is saved at once; a busy one's (everyone drawing, 20 updates a second each)
 * in as few transactions as the database has time for, rather than each waiting in turn for the
 * whiteboard's lock. Each edit is answered with those of its elements that won; a refusal (the
 * plan, the scene's limits) answers every edit of its group.
 *
 * `keyOf` names the whiteboard (its trip and widget: edits of two trips never share a group).
 */
export function createSaveGroups<R>(
  keyOf: (ref: R) => string,
  save: (ref: R, edits: WhiteboardEdit[]) => Promise<WhiteboardElement[]>,
) {
  const waiting = new Map<string, Waiting<R>>();
  const saving = new Set<string>();

  async function run(key: string, group: Waiting<R>) {
    saving.add(key);
    try {
      const kept = new Map((await save(group.ref, group.edits)).map((e) => [e.id, e]));
      for (const { edit, resolve } of group.settle) resolve(wonOf(edit, kept));
    } catch (error) {
      for (const { reject } of group.settle) reject(error);
    } finally {
      saving.delete(key);
      const next = waiting.get(key);
      waiting.delete(key);
      if (next) void run(key, next);
    }
  }

  return function saveGrouped(ref: R, edit: WhiteboardEdit): Promise<WhiteboardElement[]> {
    const key = keyOf(ref);
    return new Promise((resolve, reject) => {
      const group = waiting.get(key) ?? { ref, edits: [], settle: [] };
      group.edits.push(edit);
      group.settle.push({ edit, resolve, reject });
      if (saving.has(key)) waiting.set(key, group);
      else void run(key, group);
    });
  };
}
