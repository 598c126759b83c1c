import { describe, expect, it } from 'vitest';
import type { WhiteboardElement } from '../../../shared/contracts/whiteboard';
import {
  createSaveGroups,
  GROUP_MAX_BYTES,
  GROUP_MAX_ELEMENTS,
  SaveBusy,
  WAITING_MAX_BYTES,
} from './saveGroups';
import type { WhiteboardEdit } from './service';

const shape = (id: string, version: number, versionNonce = 1) =>
  ({ id, type: 'rectangle', version, versionNonce, isDeleted: false }) as WhiteboardElement;

/** A save that waits to be let go, and records the groups it was given. */
function fakeSave() {
  const groups: WhiteboardEdit[][] = [];
  const pending: (() => void)[] = [];
  const save = (_ref: string, edits: WhiteboardEdit[]) =>
    new Promise<WhiteboardElement[]>((resolve) => {
      groups.push(edits);
      // Keeps the newest copy of each element, as the service does.
      const kept = new Map<string, WhiteboardElement>();
      for (const e of edits.flatMap((edit) => edit.elements)) {
        const seen = kept.get(e.id);
        if (!seen || e.version > seen.version) kept.set(e.id, e);
      }
      pending.push(() => resolve([...kept.values()]));
    });
  return { groups, save, release: () => pending.shift()?.() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createSaveGroups', () => {
  it('saves a quiet whiteboard at once, and groups what arrives while it saves', async () => {
    const fake = fakeSave();
    const save = createSaveGroups((ref: string) => ref, fake.save);
    const first = save('board', { userId: 'ana', elements: [shape('a', 1)] });
    await tick();
    expect(fake.groups).toHaveLength(1);
    const second = save('board', { userId: 'ana', elements: [shape('a', 2)] });
    const third = save('board', { userId: 'bo', elements: [shape('b', 1)] });
    await tick();
    expect(fake.groups).toHaveLength(1);
    fake.release();
    expect(await first).toEqual([shape('a', 1)]);
    await tick();
    // One transaction for the two that waited.
    expect(fake.groups).toHaveLength(2);
    expect(fake.groups[1]!.map((edit) => edit.userId)).toEqual(['ana', 'bo']);
    fake.release();
    expect(await second).toEqual([shape('a', 2)]);
    expect(await third).toEqual([shape('b', 1)]);
  });

  it('answers an edit whose copy lost with nothing, and keeps whiteboards apart', async () => {
    const fake = fakeSave();
    const save = createSaveGroups((ref: string) => ref, fake.save);
    void save('one', { userId: 'ana', elements: [shape('x', 1)] });
    const older = save('one', { userId: 'ana', elements: [shape('a', 1)] });
    const newer = save('one', { userId: 'bo', elements: [shape('a', 2)] });
    const elsewhere = save('two', { userId: 'cy', elements: [shape('a', 1)] });
    await tick();
    // 'two' does not wait for 'one'.
    expect(fake.groups.map((group) => group.length)).toEqual([1, 1]);
    fake.release();
    fake.release();
    expect(await elsewhere).toEqual([shape('a', 1)]);
    await tick();
    fake.release();
    expect(await older).toEqual([]);
    expect(await newer).toEqual([shape('a', 2)]);
  });

  it('saves a refused group edit by edit, so only the edit at fault is refused', async () => {
    const groups: string[][] = [];
    const save = createSaveGroups(
      (ref: string) => ref,
      async (_ref, edits: WhiteboardEdit[]) => {
        groups.push(edits.map((edit) => edit.userId));
        if (edits.some((edit) => edit.userId === 'mallory')) throw new Error('body_too_large');
        return edits.flatMap((edit) => edit.elements);
      },
    );
    const first = save('board', { userId: 'ana', elements: [shape('a', 1)] });
    const bad = save('board', { userId: 'mallory', elements: [shape('m', 1)] });
    const good = save('board', { userId: 'bo', elements: [shape('b', 1)] });
    expect(await first).toEqual([shape('a', 1)]);
    await expect(bad).rejects.toThrow('body_too_large');
    expect(await good).toEqual([shape('b', 1)]);
    expect(groups).toEqual([['ana'], ['mallory', 'bo'], ['mallory'], ['bo']]);
  });

  it(`puts at most ${GROUP_MAX_ELEMENTS} elements in one transaction`, async () => {
    const fake = fakeSave();
    const save = createSaveGroups((ref: string) => ref, fake.save);
    const many = (user: string, n: number) => ({
      userId: user,
      elements: Array.from({ length: n }, (_, i) => shape(`${user}${i}`, 1)),
    });
    const all = [
      save('board', many('a', 1)),
      save('board', many('b', 3000)),
      save('board', many('c', 3000)),
    ];
    for (let i = 0; i < 3; i++) {
      await tick();
      fake.release();
    }
    await Promise.all(all);
    expect(fake.groups.map((group) => group.map((edit) => edit.userId))).toEqual([
      ['a'],
      ['b'],
      ['c'],
    ]);
  });

  it("saves only the newest of a tab's edits that wait, and answers every one of them", async () => {
    const fake = fakeSave();
    const save = createSaveGroups((ref: string) => ref, fake.save);
    const first = save('board', { userId: 'ana', elements: [shape('x', 1)] }, { source: 'tab1' });
    await tick();
    // A stroke being drawn: sent whole, again and again, while the first save runs.
    const strokes = [1, 2, 3].map((version) =>
      save('board', { userId: 'ana', elements: [shape('s', version)] }, { source: 'tab1' }),
    );
    const other = save('board', { userId: 'bo', elements: [shape('s', 1, 0)] }, { source: 'tab2' });
    fake.release();
    await first;
    await tick();
    expect(fake.groups[1]).toEqual([
      { userId: 'ana', elements: [shape('s', 3)] },
      { userId: 'bo', elements: [shape('s', 1, 0)] },
    ]);
    fake.release();
    expect(await Promise.all(strokes)).toEqual([[], [], [shape('s', 3)]]);
    expect(await other).toEqual([]);
  });

  it("keeps what a tab's later edit does not carry", async () => {
    const fake = fakeSave();
    const save = createSaveGroups((ref: string) => ref, fake.save);
    void save('board', { userId: 'ana', elements: [shape('x', 1)] }, { source: 'tab1' });
    await tick();
    const both = save(
      'board',
      { userId: 'ana', elements: [shape('a', 1), shape('b', 1)] },
      { source: 'tab1' },
    );
    const moved = save('board', { userId: 'ana', elements: [shape('a', 2)] }, { source: 'tab1' });
    fake.release();
    await tick();
    expect(fake.groups[1]!.map((edit) => edit.elements)).toEqual([
      [shape('b', 1)],
      [shape('a', 2)],
    ]);
    fake.release();
    expect(await both).toEqual([shape('b', 1)]);
    expect(await moved).toEqual([shape('a', 2)]);
  });

  it(`refuses what would make more than ${WAITING_MAX_BYTES / 1024 / 1024} MB wait, rather than queue it`, async () => {
    const fake = fakeSave();
    const save = createSaveGroups((ref: string) => ref, fake.save);
    const big = (i: number) => ({ source: `tab${i}`, bytes: 100 * 1024 });
    const waiting = [save('board', { userId: 'ana', elements: [shape('x', 1)] })];
    await tick();
    const fits = Math.floor(WAITING_MAX_BYTES / (100 * 1024));
    for (let i = 0; i < fits; i++) {
      waiting.push(save('board', { userId: 'ana', elements: [shape(`e${i}`, 1)] }, big(i)));
    }
    await expect(
      save('board', { userId: 'ana', elements: [shape('late', 1)] }, big(fits)),
    ).rejects.toBeInstanceOf(SaveBusy);
    // A tab's newer copy of what waits takes its place: not refused.
    waiting.push(save('board', { userId: 'ana', elements: [shape('e0', 2)] }, big(0)));
    // Each transaction takes at most GROUP_MAX_BYTES (and always one edit).
    let done = false;
    void Promise.all(waiting).then(() => {
      done = true;
    });
    while (!done) {
      fake.release();
      await tick();
    }
    const perGroup = Math.max(1, Math.floor(GROUP_MAX_BYTES / (100 * 1024)));
    expect(Math.max(...fake.groups.map((group) => group.length))).toBe(perGroup);
    // Then there is room again.
    const late = save('board', { userId: 'ana', elements: [shape('late', 1)] }, big(fits));
    await tick();
    fake.release();
    expect(await late).toEqual([shape('late', 1)]);
  });

  it('waits for its turn before each save', async () => {
    const fake = fakeSave();
    const turns: number[] = [];
    let letGo: () => void = () => {};
    const turn = (bytes: number) => {
      turns.push(bytes);
      return new Promise<void>((resolve) => {
        letGo = resolve;
      });
    };
    const save = createSaveGroups((ref: string) => ref, fake.save, turn);
    const saved = save('board', { userId: 'ana', elements: [shape('a', 1)] }, { bytes: 300 });
    await tick();
    expect([turns, fake.groups.length]).toEqual([[300], 0]);
    letGo();
    await tick();
    fake.release();
    expect(await saved).toEqual([shape('a', 1)]);
  });
});
