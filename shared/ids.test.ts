import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { randomId, randomUuid } from './ids';

describe('randomId', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is always 9 base-36 characters', () => {
    for (let i = 0; i < 1000; i++) expect(randomId()).toMatch(/^[0-9a-z]{9}$/);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, randomId));
    expect(ids.size).toBe(1000);
  });

  it('uses the whole alphabet', () => {
    const seen = new Set(Array.from({ length: 500 }, randomId).join(''));
    expect(seen.size).toBe(36);
  });

  it('skips bytes 252-255 so no character is favoured, drawing again when a batch runs out', () => {
    // A first batch of only rejected bytes, then a batch starting with rejected bytes.
    const batches = [
      new Array<number>(64).fill(255),
      [252, 253, 254, 255, 0, 35, 36, 71, 251, 10, 250, 100, 200, 1, 2, 3],
    ];
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        const batch = batches.shift() ?? [];
        const bytes = array as unknown as Uint8Array;
        bytes.fill(255);
        bytes.set(batch.slice(0, bytes.length));
        return array;
      },
    );
    expect(randomId()).toBe('0z0zzaysk');
  });
});

describe('randomUuid', () => {
  it('is a version 4 UUID, as the API takes one for a new item', () => {
    for (let i = 0; i < 1000; i++) {
      const id = randomUuid();
      expect(z.uuid({ version: 'v4' }).safeParse(id).success, id).toBe(true);
      expect(id).toBe(id.toLowerCase());
    }
  });

  it('does not repeat', () => {
    expect(new Set(Array.from({ length: 1000 }, randomUuid)).size).toBe(1000);
  });
});
