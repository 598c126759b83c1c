import { describe, expect, it, vi } from 'vitest';
import { TripReads } from './tripReads';

const enabled = () => Object.assign(new TripReads(), { enabled: true });

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
    let finish: (value: string) => void = () => {};
    const first = reads.read('t1', 'todos', () => new Promise<string>((r) => (finish = r)));
    reads.onAnnouncement('t1'); // written while the read was on its way
    finish('old');
    expect(await first).toBe('old');
    expect(await reads.read('t1', 'todos', async () => 'new')).toBe('new');
  });

  it('keeps nothing until the database listens', async () => {
    const reads = new TripReads();
    const load = vi.fn(async () => 1);
    await reads.read('t1', 'todos', load);
    await reads.read('t1', 'todos', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
