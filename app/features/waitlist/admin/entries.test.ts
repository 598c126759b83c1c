import { describe, expect, it } from 'vitest';
import { type AdminWaitlistEntry, sanitiseWaitlistEntries } from './entries';

const entry = (overrides: Partial<AdminWaitlistEntry> = {}): AdminWaitlistEntry => ({
  id: 'w1',
  email: 'ana@example.com',
  name: 'Ana Lima',
  createdAt: '2026-11-22T15:04:00.000Z',
  contacted: false,
  source: 'landing',
  ...overrides,
});

describe('sanitiseWaitlistEntries', () => {
  it('keeps well-formed entries as they are', () => {
    const good = [entry(), entry({ id: 'w2', email: 'bo@example.com', contacted: true })];
    expect(sanitiseWaitlistEntries(good)).toEqual(good);
  });

  it('ignores entries lacking a string id or a string e-mail (spec §3)', () => {
    const data = [
      entry({ id: 'keep' }),
      { ...entry(), id: 42 },
      { ...entry(), id: undefined },
      { ...entry(), email: null },
      { ...entry(), email: ['ana@example.com'] },
      { id: 'no-email' },
      null,
      'ana@example.com',
      7,
    ];
    expect(sanitiseWaitlistEntries(data).map((e) => e.id)).toEqual(['keep']);
  });

  it('reads the other fields defensively', () => {
    expect(
      sanitiseWaitlistEntries([
        { id: 'a', email: 'a@example.com', name: 12, createdAt: null, contacted: 'yes' },
        { id: 'b', email: 'b@example.com', name: '   ' },
        { id: 'c', email: 'c@example.com', name: 'Cy', extra: 'dropped', contacted: true },
        { id: 'd', email: 'd@example.com', source: 'blog' },
        { id: 'e', email: 'e@example.com', source: 'billboard' },
      ]),
    ).toEqual([
      {
        id: 'a',
        email: 'a@example.com',
        name: null,
        createdAt: '',
        contacted: false,
        source: null,
      },
      {
        id: 'b',
        email: 'b@example.com',
        name: null,
        createdAt: '',
        contacted: false,
        source: null,
      },
      { id: 'c', email: 'c@example.com', name: 'Cy', createdAt: '', contacted: true, source: null },
      {
        id: 'd',
        email: 'd@example.com',
        name: null,
        createdAt: '',
        contacted: false,
        source: 'blog',
      },
      // A source this client does not know yet shows as none rather than as a raw word.
      {
        id: 'e',
        email: 'e@example.com',
        name: null,
        createdAt: '',
        contacted: false,
        source: null,
      },
    ]);
  });

  it('gives an empty list for anything but an array', () => {
    for (const data of [undefined, null, {}, 'entries', { entries: [entry()] }]) {
      expect(sanitiseWaitlistEntries(data)).toEqual([]);
    }
  });
});
