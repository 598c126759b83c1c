import { describe, expect, it, vi } from 'vitest';
import { createCursorStore, createRemoteDragStore } from './liveStore';

describe('the live stores', () => {
  it('keep each key’s value, the same object until it changes, and tell their listeners', () => {
    const store = createRemoteDragStore();
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    const drag = { at: { top: 10, left: 20 }, userId: 'u2' };
    store.set('w1', drag);
    expect(store.get('w1')).toBe(drag);
    expect(store.get('w2')).toBeNull();
    store.set('w2', { at: { top: 1, left: 2 }, userId: 'u3' });
    expect(store.get('w1')).toBe(drag); // another widget's drag leaves this snapshot alone
    expect(heard).toHaveBeenCalledTimes(2);

    store.set('w1', null);
    expect(store.get('w1')).toBeNull();
    store.set('w1', null); // nothing to end: nobody is told
    expect(heard).toHaveBeenCalledTimes(3);
    store.clear();
    expect(store.get('w2')).toBeNull();
    expect(heard).toHaveBeenCalledTimes(4);
    stop();
    store.set('w1', drag);
    expect(heard).toHaveBeenCalledTimes(4);
  });
});

describe('createCursorStore', () => {
  it('tells its listeners once per scheduled frame, however many pointers moved', () => {
    const frames: (() => void)[] = [];
    const store = createCursorStore((run) => frames.push(run));
    const heard = vi.fn();
    store.subscribe(heard);
    store.set('u1', { top: 1, left: 1 });
    store.set('u2', { top: 2, left: 2 });
    store.set('u1', { top: 3, left: 3 });
    expect(frames).toHaveLength(1);
    expect(heard).not.toHaveBeenCalled();
    frames.shift()!();
    expect(heard).toHaveBeenCalledTimes(1);
    expect([...store.getSnapshot()]).toEqual([
      ['u1', { top: 3, left: 3 }],
      ['u2', { top: 2, left: 2 }],
    ]);
  });
});
