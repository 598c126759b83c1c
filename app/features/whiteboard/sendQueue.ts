import {
  elementBytes,
  WHITEBOARD_MAX_ELEMENT_BYTES,
  WHITEBOARD_MAX_UPDATE_BYTES,
  WHITEBOARD_SEND_BYTES_PER_SECOND,
  type WhiteboardElement,
} from '../../../shared/contracts/whiteboard';

type Versioned = Pick<WhiteboardElement, 'id' | 'version'>;

/**
 * What of my drawing the server has not got yet (issue #22): each element's version the server
 * is known to hold (loaded, received, or sent and saved); an element of a later version here is
 * mine to send. Plain logic, no socket: the editor sends what `take` gives and reports back.
 *
 * It sends at most WHITEBOARD_SEND_BYTES_PER_SECOND, one message's worth at once: a long stroke
 * being drawn goes out less often than every WHITEBOARD_SEND_INTERVAL_MS (each update carries it
 * whole), and a scene sent again after a reconnect goes out over a few seconds, so the tab stays
 * within what the server takes from one person (it refuses the rest).
 */
export function createSendQueue(now: () => number = Date.now) {
  const known = new Map<string, number>();
  const inFlight = new Map<string, number>();
  let paused = false;
  // Bytes the tab may send: refilled at WHITEBOARD_SEND_BYTES_PER_SECOND, up to one message.
  let allowance = WHITEBOARD_MAX_UPDATE_BYTES;
  let allowanceAt = now();

  /** Versions the server holds (a loaded scene, another member's update). */
  function learn(elements: readonly Versioned[]) {
    for (const { id, version } of elements) {
      if (version > (known.get(id) ?? 0)) known.set(id, version);
    }
  }

  /**
   * The elements of `scene` to send now, in batches that each fit one update message; an
   * element too large for any message is left out and named in `tooLarge` (once per version).
   * What the pace holds back is for a `take` in `waitMs` (0: nothing was held back).
   */
  function take<E extends Versioned>(scene: readonly E[]) {
    const tooLarge: E[] = [];
    if (paused) return { batches: [], tooLarge, waitMs: 0 };
    const due: { batch: E[]; bytes: number }[] = [];
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
      if (batch.length > 0 && batchBytes + bytes > WHITEBOARD_MAX_UPDATE_BYTES) {
        due.push({ batch, bytes: batchBytes });
        batch = [];
        batchBytes = 0;
      }
      batch.push(element);
      batchBytes += bytes;
    }
    if (batch.length > 0) due.push({ batch, bytes: batchBytes });

    const at = now();
    allowance = Math.min(
      WHITEBOARD_MAX_UPDATE_BYTES,
      allowance + ((at - allowanceAt) * WHITEBOARD_SEND_BYTES_PER_SECOND) / 1000,
    );
    allowanceAt = at;
    const batches: E[][] = [];
    let waitMs = 0;
    for (const { batch, bytes } of due) {
      if (bytes > allowance) {
        // Not sent (nor marked in flight): taken again once the pace allows.
        waitMs = Math.ceil(((bytes - allowance) * 1000) / WHITEBOARD_SEND_BYTES_PER_SECOND);
        break;
      }
      allowance -= bytes;
      for (const element of batch) inFlight.set(element.id, element.version);
      batches.push(batch);
    }
    return { batches, tooLarge, waitMs };
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
    /**
     * The server could not take a batch now (busy, or over this person's budget): nothing is
     * taken until `resume`, so a tab drawing on does not send it 20 times a second meanwhile
     * (which the server would count against the tab). What is resumed is the newest of it.
     */
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
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
