/**
 * Heavy work taken in turns of the event loop: `turn(bytes)` resolves when the caller may go on.
 * Each turn lets through pieces of up to `bytesPerTurn` together (always one, however big); a
 * piece that fits in what is left of the current turn goes at once, and the others wait, in
 * order, for the next turns (a `setImmediate` each): the loop runs its timers and reads its
 * network between two turns. Pieces under `smallBytes` count for nothing: they go at once
 * (unless others wait before them), as they would without turns.
 *
 * Checking a 100 KB whiteboard update takes ~15 ms and saving it in the embedded database ~30 ms,
 * all on the server's one thread: a few of them arriving together held every other trip's
 * cursors (and /api/health) up for the whole of them. Taken in turns, the others wait for one
 * piece at most. A busy whiteboard's 1 KB strokes are many small pieces, each already a turn of
 * its own in the loop (its message's): holding them back would only add to their latency.
 */
export function createTurns({
  bytesPerTurn,
  smallBytes,
}: {
  bytesPerTurn: number;
  smallBytes: number;
}) {
  const waiting: { bytes: number; go: () => void }[] = [];
  // What went since the current turn began; a turn ends at the next `setImmediate`.
  let given = 0;
  let turnEnds = false;

  function release() {
    while (waiting.length > 0) {
      const next = waiting[0]!;
      const counted = next.bytes < smallBytes ? 0 : next.bytes;
      if (counted > 0 && given > 0 && given + counted > bytesPerTurn) break;
      waiting.shift();
      given += counted;
      next.go();
    }
    if ((given > 0 || waiting.length > 0) && !turnEnds) {
      turnEnds = true;
      setImmediate(nextTurn);
    }
  }
  function nextTurn() {
    turnEnds = false;
    given = 0;
    release();
  }

  return function turn(bytes: number): Promise<void> {
    return new Promise((go) => {
      waiting.push({ bytes, go });
      release();
    });
  };
}

export type Turns = ReturnType<typeof createTurns>;
