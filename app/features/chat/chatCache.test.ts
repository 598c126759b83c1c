import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/contracts/chat';
import { type ChatPages, messagesOf, withMessage, withoutMessage } from './chatCache';

const ana = { id: 'u1', name: 'Ana Lima', image: null };

function message(id: string, at: string, body = id): ChatMessage {
  return { id, tripId: 't1', body, author: ana, mentions: [], createdAt: at, editedAt: null };
}

const m1 = message('a1', '2026-12-01T10:00:00.000Z');
const m2 = message('a2', '2026-12-01T10:01:00.000Z');
const m3 = message('a3', '2026-12-01T10:02:00.000Z');
const m4 = message('a4', '2026-12-01T10:03:00.000Z');

/** The newest page (m3, m4) read first, then the older one (m1, m2). */
const pages: ChatPages = {
  pages: [
    { entries: [m3, m4], total: 4, next: 'cursor' },
    { entries: [m1, m2], total: 4, next: null },
  ],
  pageParams: [undefined, 'cursor'],
};

const bodies = (data: ChatPages | undefined) => messagesOf(data).map((m) => m.body);

describe('the chat’s cached pages', () => {
  it('read oldest first across the pages', () => {
    expect(bodies(pages)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('take a new message at the end, in time order, and count it', () => {
    const m5 = message('a5', '2026-12-01T10:04:00.000Z');
    const added = withMessage(pages, m5);
    expect(bodies(added)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(added?.pages[0]?.total).toBe(5);
    // Two at the same millisecond are in id order, as the server keeps them.
    const twin = message('a0', m4.createdAt);
    expect(bodies(withMessage(pages, twin))).toEqual(['a1', 'a2', 'a3', 'a0', 'a4']);
  });

  it('put an edited message in its place, on whichever page it is', () => {
    const edited = { ...m2, body: 'a2 edited', editedAt: '2026-12-01T11:00:00.000Z' };
    const after = withMessage(pages, edited);
    expect(bodies(after)).toEqual(['a1', 'a2 edited', 'a3', 'a4']);
    expect(after?.pages[0]?.total).toBe(4);
  });

  it('drop a deleted message, and leave pages not read yet unread', () => {
    const after = withoutMessage(pages, 'a2');
    expect(bodies(after)).toEqual(['a1', 'a3', 'a4']);
    expect(after?.pages.map((page) => page.total)).toEqual([3, 3]);
    expect(withoutMessage(pages, 'nobody')).toBe(pages);
    expect(withMessage(undefined, m1)).toBeUndefined();
    expect(withoutMessage(undefined, 'a1')).toBeUndefined();
  });
});
