import { describe, expect, it, vi } from 'vitest';
import { createRemoteDragStore } from './remoteDragStore';

describe('createRemoteDragStore', () => {
  it('keeps each widget’s drag, the same object until it changes, and tells its listeners', () => {
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
