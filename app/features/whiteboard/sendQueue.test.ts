import { describe, expect, it } from 'vitest';
import {
  WHITEBOARD_MAX_ELEMENT_BYTES,
  WHITEBOARD_MAX_UPDATE_BYTES,
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
    const queue = createSendQueue();
    const points = Array.from({ length: 2500 }, (_, i) => [i, i]); // ~25 KB each
    const strokes = Array.from({ length: 20 }, (_, i) => shape(`s${i}`, 1, { points }));
    const huge = shape('huge', 1, {
      points: Array.from({ length: WHITEBOARD_MAX_ELEMENT_BYTES / 8 }, (_, i) => [i, i]),
    });
    const { batches, tooLarge } = queue.take([...strokes, huge]);
    expect(tooLarge.map((element) => element.id)).toEqual(['huge']);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat().map((element) => element.id)).toEqual(strokes.map((s) => s.id));
    for (const batch of batches) {
      expect(JSON.stringify(batch).length).toBeLessThanOrEqual(WHITEBOARD_MAX_UPDATE_BYTES);
    }
    // Said once: not again until it changes.
    expect(queue.take([huge]).tooLarge).toEqual([]);
  });
});
