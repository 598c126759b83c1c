import { describe, expect, it, vi } from 'vitest';
import { TripReads } from './tripReads';

/** A feed that is in sync unless told otherwise, and announces what the test says. */
function feed(inSync = true) {
  const listeners: ((payload: string) => void)[] = [];
  return {
    on: (_channel: string, listener: (payload: string) => void) => listeners.push(listener),
    sync: () => inSync,
  };
}
const enabled = () => new TripReads(feed());

describe('TripReads', () => {
  it('reads once, then answers from memory until the trip changes', async () => {
    const reads = enabled();
    const load = vi.fn(async () => ['a']);
    expect(await reads.read('t1', 'todos', load)).toEqual(['a']);
    expect(await reads.read('t1', 'todos', load)).toEqual(['a']);
    expect(load).toHaveBeenCalledTimes(1);
    reads.onAnnouncement('t2'); // another trip
    await reads.read('t1', 'todos', load);
    expect(load).toHaveBeenCalledTimes(1);
    reads.onAnnouncement('t1');
    await reads.read('t1', 'todos', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("forgets every trip on '*' (a person's name changed)", async () => {
    const reads = enabled();
    const load = vi.fn(async () => 1);
    await reads.read('t1', 'todos', load);
    await reads.read('t2', 'todos', load);
    reads.onAnnouncement('*');
    await reads.read('t1', 'todos', load);
    await reads.read('t2', 'todos', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep a read that a change overtook', async () => {
    const reads = enabled();
    let finish: ((value: string) => void) | undefined;
    const first = reads.read('t1', 'todos', () => new Promise<string>((r) => (finish = r)));
    await vi.waitFor(() => expect(finish).toBeDefined()); // the read is on its way
    reads.onAnnouncement('t1'); // written meanwhile
    finish?.('old');
    expect(await first).toBe('old');
    expect(await reads.read('t1', 'todos', async () => 'new')).toBe('new');
  });

  it('keeps nothing while the announcements are not in sync', async () => {
    const reads = new TripReads(feed(false));
    const load = vi.fn(async () => 1);
    await reads.read('t1', 'todos', load);
    await reads.read('t1', 'todos', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
