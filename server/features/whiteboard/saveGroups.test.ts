import { describe, expect, it } from 'vitest';
import type { WhiteboardElement } from '../../../shared/contracts/whiteboard';
import { createSaveGroups, GROUP_MAX_ELEMENTS } from './saveGroups';
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
});
