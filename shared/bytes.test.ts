import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('says sizes as people read them, a decimal only below 10', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(640 * 1024)).toBe('640 KB');
    expect(formatBytes(181 * 1024 + 300)).toBe('181 KB');
    expect(formatBytes(4 * 1024 * 1024)).toBe('4 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(2048 * 1024 * 1024)).toBe('2 GB');
  });
});
