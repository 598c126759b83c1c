import { describe, expect, it } from 'vitest';
import {
  elementBytes,
  WHITEBOARD_MAX_ELEMENT_BYTES,
  WHITEBOARD_MAX_UPDATE_BYTES,
  WHITEBOARD_SEND_BYTES_PER_SECOND,
} from '../../../shared/contracts/whiteboard';
import { createSendQueue } from './sendQueue';

const shape = (id: string, version: number, extra: Record<string, unknown> = {}) => ({
  id,
  version,
  ...extra,
});

describe('createSendQueue', () => {
  it('sends what the server has not got, once, and again only when it changes', () => {
    const queue = createSendQueue();
    queue.learn([shape('a', 2)]);
    const scene = [shape('a', 2), shape('b', 1)];
    const { batches } = queue.take(scene);
    expect(batches).toEqual([[shape('b', 1)]]);
    // In flight: not sent twice.
    expect(queue.take(scene).batches).toEqual([]);
    expect(queue.pending).toBe(true);
    queue.settled(batches[0]!);
    expect(queue.pending).toBe(false);
    expect(queue.take(scene).batches).toEqual([]);
    expect(queue.take([shape('a', 3), shape('b', 1)]).batches).toEqual([[shape('a', 3)]]);
  });

  it('takes nothing while the server asked it to wait, then the newest of what is left', () => {
    const queue = createSendQueue();
    const [batch] = queue.take([shape('a', 1)]).batches;
    // Refused: the server is busy.
    queue.failed(batch!);
    queue.pause();
    expect(queue.take([shape('a', 2), shape('b', 1)]).batches).toEqual([]);
    expect(queue.pending).toBe(false);
    queue.resume();
    expect(queue.take([shape('a', 3), shape('b', 1)]).batches).toEqual([
      [shape('a', 3), shape('b', 1)],
    ]);
  });

  it('sends a long stroke being drawn at its pace, not every time it grows', () => {
    let now = 0;
    const queue = createSendQueue(() => now);
    const stroke = (version: number) =>
      shape('stroke', version, { points: Array.from({ length: 6000 }, (_, i) => [i, i]) });
    let sent = 0;
    let bytes = 0;
    // Drawn for 10 s, a new version of ~70 KB every 50 ms, each answered at once.
    for (let version = 1; version <= 200; version++) {
      for (const batch of queue.take([stroke(version)]).batches) {
        sent += 1;
        bytes += JSON.stringify(batch).length;
        queue.settled(batch);
      }
      now += 50;
    }
    expect(sent).toBeGreaterThan(20);
    expect(sent).toBeLessThan(50);
    // One message's worth at once, then the pace.
    expect(bytes).toBeLessThanOrEqual(
      WHITEBOARD_MAX_UPDATE_BYTES + WHITEBOARD_SEND_BYTES_PER_SECOND * 10,
    );
  });

  it('says which versions the server holds', () => {
    const queue = createSendQueue();
    queue.learn([shape('a', 2)]);
    expect([
      queue.holds(shape('a', 1)),
      queue.holds(shape('a', 2)),
      queue.holds(shape('a', 3)),
    ]).toEqual([true, true, false]);
    const [batch] = queue.take([shape('b', 1)]).batches;
    expect(queue.holds(shape('b', 1))).toBe(false);
    queue.settled(batch!);
    expect(queue.holds(shape('b', 1))).toBe(true);
  });

  it('sends a batch again after it failed to arrive', () => {
    const queue = createSendQueue();
    const scene = [shape('a', 1)];
    const [batch] = queue.take(scene).batches;
    queue.failed(batch!);
    expect(queue.take(scene).batches).toEqual([[shape('a', 1)]]);
  });

  it("does not send back another member's elements it was told of", () => {
    const queue = createSendQueue();
    queue.learn([shape('theirs', 5)]);
    expect(queue.take([shape('theirs', 5)]).batches).toEqual([]);
    expect(queue.take([shape('theirs', 4)]).batches).toEqual([]);
  });

  it('splits a large change into messages that each fit, and leaves out what cannot fit one', () => {
    let now = 0;
    const queue = createSendQueue(() => now);
    const points = Array.from({ length: 2500 }, (_, i) => [i, i]); // ~25 KB each
    const strokes = Array.from({ length: 20 }, (_, i) => shape(`s${i}`, 1, { points }));
    const huge = shape('huge', 1, {
      points: Array.from({ length: WHITEBOARD_MAX_ELEMENT_BYTES / 8 }, (_, i) => [i, i]),
    });
    const first = queue.take([...strokes, huge]);
    expect(first.tooLarge.map((element) => element.id)).toEqual(['huge']);
    // ~500 KB: one message's worth now, the rest at the tab's pace.
    const batches = [...first.batches];
    let waitMs = first.waitMs;
    while (waitMs > 0) {
      now += waitMs;
      const next = queue.take([...strokes, huge]);
      expect(next.batches.length).toBeGreaterThan(0);
      batches.push(...next.batches);
      waitMs = next.waitMs;
    }
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat().map((element) => element.id)).toEqual(strokes.map((s) => s.id));
    for (const batch of batches) {
      expect(JSON.stringify(batch).length).toBeLessThanOrEqual(WHITEBOARD_MAX_UPDATE_BYTES);
    }
    // One message at once, then at the pace.
    expect(first.batches).toHaveLength(1);
    const bytes = batches.flat().reduce((sum, element) => sum + elementBytes(element), 0);
    expect(bytes).toBeLessThanOrEqual(
      WHITEBOARD_MAX_UPDATE_BYTES + (WHITEBOARD_SEND_BYTES_PER_SECOND * now) / 1000,
    );
    // Said once: not again until it changes.
    expect(queue.take([huge]).tooLarge).toEqual([]);
  });
});
