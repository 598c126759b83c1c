import { describe, expect, it } from 'vitest';
import { mergeElements, withoutDeletedStubs } from './sceneCache';

const element = (id: string, version: number, versionNonce: number, index: string) => ({
  id,
  version,
  versionNonce,
  index,
});

describe('mergeElements', () => {
  it('takes newer copies and new elements, in z-order', () => {
    const current = [element('a', 1, 5, 'a0'), element('b', 2, 5, 'a2')];
    const merged = mergeElements(current, [element('c', 1, 1, 'a1'), element('a', 2, 9, 'a0')]);
    expect(merged).toEqual([
      element('a', 2, 9, 'a0'),
      element('c', 1, 1, 'a1'),
      element('b', 2, 5, 'a2'),
    ]);
  });

  it('keeps the same array when every incoming copy lost', () => {
    const current = [element('a', 3, 5, 'a0')];
    expect(mergeElements(current, [element('a', 2, 1, 'a0'), element('a', 3, 6, 'a0')])).toBe(
      current,
    );
  });

  it('orders by character codes, as fractional indices sort (Z before a)', () => {
    const merged = mergeElements([], [element('x', 1, 1, 'a1'), element('y', 1, 1, 'Zz')]);
    expect(merged.map((e) => e.id)).toEqual(['y', 'x']);
  });
});

describe('withoutDeletedStubs', () => {
  type Element = { id: string; isDeleted: boolean } & Record<string, unknown>;
  const line: Element = {
    id: 'l',
    type: 'line',
    x: 1,
    y: 2,
    points: [
      [0, 0],
      [5, 5],
    ],
    version: 3,
    isDeleted: false,
  };
  const stub: Element = { id: 'l', type: 'line', version: 4, versionNonce: 9, isDeleted: true };

  it("applies a deleted stub to this tab's copy, keeping its drawing", () => {
    expect(withoutDeletedStubs([stub], new Map([['l', line]]))).toEqual([
      { ...line, version: 4, versionNonce: 9, isDeleted: true },
    ]);
  });

  it('leaves out a stub of an element this tab never had, and passes whole ones through', () => {
    const wholeDeleted = { ...line, id: 'w', isDeleted: true };
    expect(withoutDeletedStubs([stub, line, wholeDeleted], new Map<string, Element>())).toEqual([
      line,
      wholeDeleted,
    ]);
  });
});
