import { describe, expect, it } from 'vitest';
import type { CallParticipant } from '../../../shared/contracts/calls';
import { layoutTiles, nextActiveSpeaker, viewingOf } from './tileLayout';

const person = (id: string, extra: Partial<CallParticipant> = {}): CallParticipant => ({
  peerId: `peer-${id}`,
  userId: id,
  name: id.toUpperCase(),
  image: null,
  colour: '#2563eb',
  muted: false,
  camera: true,
  screen: false,
  ...extra,
});
const keys = (tiles: { key: string }[]) => tiles.map((tile) => tile.key);
const base = { myUserId: 'me', pinned: null, activeSpeaker: null, narrow: false };

describe('layoutTiles', () => {
  it('shows a few people in a grid', () => {
    const layout = layoutTiles({ ...base, participants: ['me', 'a', 'b'].map((id) => person(id)) });
    expect(layout.mode).toBe('grid');
    expect(keys(layout.main)).toEqual(['peer-me:camera', 'peer-a:camera', 'peer-b:camera']);
  });

  it('shows the active speaker large for more, the others in a strip, me last', () => {
    const participants = ['me', 'a', 'b', 'c', 'd'].map((id) => person(id));
    const layout = layoutTiles({ ...base, participants, activeSpeaker: 'peer-c' });
    expect(layout.mode).toBe('speaker');
    expect(keys(layout.main)).toEqual(['peer-c:camera']);
    expect(keys(layout.strip)).toEqual([
      'peer-a:camera',
      'peer-b:camera',
      'peer-d:camera',
      'peer-me:camera',
    ]);
    // Nobody has spoken yet: someone other than me.
    expect(keys(layoutTiles({ ...base, participants }).main)).toEqual(['peer-a:camera']);
  });

  it('on a phone shows one face large even for two, and keeps the strip short', () => {
    const two = layoutTiles({ ...base, narrow: true, participants: [person('me'), person('a')] });
    expect(two.mode).toBe('speaker');
    expect(keys(two.main)).toEqual(['peer-a:camera']);
    const many = layoutTiles({
      ...base,
      narrow: true,
      participants: ['me', 'a', 'b', 'c', 'd', 'e', 'f'].map((id) => person(id)),
    });
    expect(many.strip).toHaveLength(4);
    expect(keys(many.hidden)).toEqual(['peer-f:camera', 'peer-me:camera']);
  });

  it('shows a shared screen large with the faces beside it, someone else’s before mine', () => {
    const layout = layoutTiles({
      ...base,
      participants: [person('me', { screen: true }), person('a', { screen: true }), person('b')],
    });
    expect(layout.mode).toBe('screen');
    expect(keys(layout.main)).toEqual(['peer-a:screen']);
    expect(keys(layout.strip)).toEqual([
      'peer-a:camera',
      'peer-b:camera',
      'peer-me:screen',
      'peer-me:camera',
    ]);
  });

  it('shows the pinned person large, their screen if they share one', () => {
    const participants = [person('me'), person('a', { screen: true }), person('b')];
    const pinnedB = layoutTiles({ ...base, participants, pinned: 'peer-b' });
    expect(pinnedB.mode).toBe('speaker');
    expect(keys(pinnedB.main)).toEqual(['peer-b:camera']);
    const pinnedA = layoutTiles({ ...base, participants, pinned: 'peer-a' });
    expect(keys(pinnedA.main)).toEqual(['peer-a:screen']);
    // Pinning someone who left changes nothing.
    expect(layoutTiles({ ...base, participants, pinned: 'peer-gone' }).mode).toBe('screen');
  });
});

describe('viewingOf', () => {
  it('asks for what is shown, and for nothing while the panel is collapsed or hidden', () => {
    const participants = ['me', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) =>
      person(id, { screen: id === 'a' }),
    );
    const layout = layoutTiles({ ...base, participants });
    const viewing = viewingOf(participants, layout, true);
    expect(viewing.get('peer-a')).toEqual({ camera: true, screen: true });
    // Left out of the strip: not sent.
    const hidden = layout.hidden.map((tile) => tile.person.peerId);
    expect(hidden.length).toBeGreaterThan(0);
    for (const peerId of hidden) expect(viewing.get(peerId)?.camera).toBe(false);
    for (const seen of viewingOf(participants, layout, false).values()) {
      expect(seen).toEqual({ camera: false, screen: false });
    }
  });
});

describe('nextActiveSpeaker', () => {
  it('follows whoever speaks, and keeps the last one through silence', () => {
    const present = ['a', 'b', 'c'];
    expect(nextActiveSpeaker(null, ['b'], present)).toBe('b');
    expect(nextActiveSpeaker('b', [], present)).toBe('b');
    expect(nextActiveSpeaker('b', ['b', 'c'], present)).toBe('b');
    expect(nextActiveSpeaker('b', ['c'], present)).toBe('c');
    expect(nextActiveSpeaker('b', [], ['a', 'c'])).toBeNull();
  });
});
