import {
  elementBytes,
  WHITEBOARD_MAX_ELEMENT_BYTES,
  WHITEBOARD_MAX_UPDATE_BYTES,
  type WhiteboardElement,
} from '../../../shared/contracts/whiteboard';

type Versioned = Pick<WhiteboardElement, 'id' | 'version'>;

/**
 * What of my drawing the server has not got yet (issue #22): each element's version the server
 * is known to hold (loaded, received, or sent and saved); an element of a later version here is
 * mine to send. Plain logic, no socket: the editor sends what `take` gives and reports back.
 */
export function createSendQueue() {
  const known = new Map<string, number>();
  const inFlight = new Map<string, number>();

  /** Versions the server holds (a loaded scene, another member's update). */
  function learn(elements: readonly Versioned[]) {
    for (const { id, version } of elements) {
      if (version > (known.get(id) ?? 0)) known.set(id, version);
    }
  }

  /**
   * The elements of `scene` to send now, in batches that each fit one update message; an
   * element too large for any message is left out and named in `tooLarge` (once per version).
   */
  function take<E extends Versioned>(scene: readonly E[]) {
    const batches: E[][] = [];
    const tooLarge: E[] = [];
    let batch: E[] = [];
    let batchBytes = 0;
    for (const element of scene) {
      const sent = Math.max(known.get(element.id) ?? 0, inFlight.get(element.id) ?? 0);
      if (element.version <= sent) continue;
      const bytes = elementBytes(element);
      if (bytes > WHITEBOARD_MAX_ELEMENT_BYTES) {
        // The server would refuse it: said once, and not sent again until it changes.
        known.set(element.id, element.version);
        tooLarge.push(element);
        continue;
      }
      inFlight.set(element.id, element.version);
      if (batch.length > 0 && batchBytes + bytes > WHITEBOARD_MAX_UPDATE_BYTES) {
        batches.push(batch);
        batch = [];
        batchBytes = 0;
      }
      batch.push(element);
      batchBytes += bytes;
    }
    if (batch.length > 0) batches.push(batch);
    return { batches, tooLarge };
  }

  return {
    learn,
    take,
    /** The server saved (or deliberately refused) this batch: do not send these versions again. */
    settled(batch: readonly Versioned[]) {
      learn(batch);
      for (const { id, version } of batch) {
        if (inFlight.get(id) === version) inFlight.delete(id);
      }
    },
    /** The batch did not arrive (no connection, a timeout): send it again with the next change. */
    failed(batch: readonly Versioned[]) {
      for (const { id, version } of batch) {
        if (inFlight.get(id) === version) inFlight.delete(id);
      }
    },
    /** Whether the server holds this version of the element (or a later one). */
    holds: (element: Versioned) => (known.get(element.id) ?? 0) >= element.version,
    /** Whether anything is waiting for the server's answer. */
    get pending() {
      return inFlight.size > 0;
    },
  };
}

export type SendQueue = ReturnType<typeof createSendQueue>;
