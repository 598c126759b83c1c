import { describe, expect, it } from 'vitest';
import { codeLockMs, FIRST_CODE_LOCK_MS, LONGEST_CODE_LOCK_MS } from './codeThrottle';

describe('codeLockMs', () => {
  it('doubles with each lock in a row, up to a day', () => {
    const minutes = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => codeLockMs(n) / 60_000);
    expect(minutes).toEqual([15, 30, 60, 120, 240, 480, 960, 1440]);
    expect(codeLockMs(0)).toBe(FIRST_CODE_LOCK_MS);
    expect(codeLockMs(1000)).toBe(LONGEST_CODE_LOCK_MS);
  });
});
