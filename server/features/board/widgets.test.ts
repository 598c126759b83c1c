import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooClose, widgetRect } from '../../../shared/boardLayout';
import type { ActivityEntry } from '../../../shared/contracts/activity';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { Widget } from '../../../shared/contracts/board';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import { widgets } from '../../platform/db/schema';
import { apiClient } from '../../test/apiClient';
import { itTakesClientIds } from '../../test/clientIds';
import { addMember, createAccountWithFirstTrip } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A new account and the trip (with its sample board) that sign-up makes. */
async function traveller() {
  const { client, id, trip } = await createAccountWithFirstTrip(t);
  return { client, userId: id, tripId: trip.id };
}

describe('the board', () => {
  it('adds a widget with the spec’s id, title and position, and keeps it', async () => {
    const { client, tripId } = await traveller();
    const before = Date.now();
    const res = await client.post<Widget>(`/api/trips/${tripId}/widgets`, {
      type: 'weather',
      position: { top: 100, left: 100 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tripId,
      type: 'weather',
      title: 'New weather Widget',
      position: { top: 100, left: 100 },
      data: null,
    });
    const stamp = Number(String(res.body.id).replace(/^weather/, ''));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now() + 50);

    const board = await client.get<Widget[]>(`/api/trips/${tripId}/widgets`);
    expect(board.body.at(-1)).toEqual(res.body);
  });

  it('gives two widgets added at once two ids', async () => {
    const { client, tripId } = await traveller();
    const added = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.post<Widget>(`/api/trips/${tripId}/widgets`, {
          type: 'todo',
          position: { top: 100, left: 100 },
        }),
      ),
    );
    expect(new Set(added.map((r) => r.body.id)).size).toBe(5);
  });

  it('saves a move, a new title and settings, and removes a widget', async () => {
    const { client, tripId } = await traveller();
    const [countdown] = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    const moved = await client.patch<Widget>(`/api/widgets/${countdown!.id}`, {
      position: { top: 412, left: 733 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.position).toEqual({ top: 412, left: 733 });
    const edited = await client.patch<Widget>(`/api/widgets/${countdown!.id}`, {
      title: 'Until Bali',
      data: { startDate: '2031-01-01', endDate: '2031-01-10' },
    });
    expect(edited.body).toMatchObject({
      title: 'Until Bali',
      position: { top: 412, left: 733 },
      data: { startDate: '2031-01-01', endDate: '2031-01-10' },
    });
    // A reload (or another member) sees the same.
    const board = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    expect(board.find((w) => w.id === countdown!.id)).toEqual(edited.body);

    expect((await client.delete<OkResponse>(`/api/widgets/${countdown!.id}`)).body).toEqual({
      success: true,
    });
    const after = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    expect(after.map((w) => w.id)).not.toContain(countdown!.id);
    expect((await client.delete(`/api/widgets/${countdown!.id}`)).status).toBe(404);
  });

  it('is shared: a member edits it; an outsider cannot see or touch it', async () => {
    const owner = await traveller();
    const member = await traveller();
    await addMember(t.database.db, owner.tripId, member.userId);
    const [widget] = (await owner.client.get<Widget[]>(`/api/trips/${owner.tripId}/widgets`)).body;
    const moved = await member.client.patch(`/api/widgets/${widget!.id}`, {
      position: { top: 5, left: 6 },
    });
    expect(moved.status).toBe(200);
    expect(
      (
        await member.client.post(`/api/trips/${owner.tripId}/widgets`, {
          type: 'photo',
          position: { top: 1, left: 1 },
        })
      ).status,
    ).toBe(201);

    const outsider = await traveller();
    const attempts = [
      outsider.client.get<ErrorResponse>(`/api/trips/${owner.tripId}/widgets`),
      outsider.client.post<ErrorResponse>(`/api/trips/${owner.tripId}/widgets`, {
        type: 'photo',
        position: { top: 1, left: 1 },
      }),
      outsider.client.patch<ErrorResponse>(`/api/widgets/${widget!.id}`, { title: 'mine' }),
      outsider.client.delete<ErrorResponse>(`/api/widgets/${widget!.id}`),
      outsider.client.patch<ErrorResponse>('/api/widgets/no-such-widget', { title: 'x' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/^No such (trip|widget)$/);
    }
    expect((await apiClient(t.url).get(`/api/trips/${owner.tripId}/widgets`)).status).toBe(401);
  });

  it.each([
    ['an unknown type', { type: 'hotel', position: { top: 1, left: 1 } }, /type/],
    ['no position', { type: 'todo' }, /position/],
    ['a fractional position', { type: 'todo', position: { top: 1.5, left: 1 } }, /whole/],
    ['a text position', { type: 'todo', position: { top: '1', left: 1 } }, /number/],
    [
      'a position off the board',
      { type: 'todo', position: { top: 1e9, left: 1 } },
      /off the board/,
    ],
    ['a blank title', { type: 'todo', position: { top: 1, left: 1 }, title: ' ' }, /title/],
    [
      'data that is not an object',
      { type: 'todo', position: { top: 1, left: 1 }, data: 'x' },
      /object/,
    ],
    [
      'oversized data',
      { type: 'todo', position: { top: 1, left: 1 }, data: { note: 'x'.repeat(5000) } },
      /4096/,
    ],
  ])('refuses %s (400)', async (_label, body, message) => {
    const { client, tripId } = await traveller();
    const res = await client.post<ErrorResponse>(`/api/trips/${tripId}/widgets`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('refuses an empty or malformed change (400)', async () => {
    const { client, tripId } = await traveller();
    const [widget] = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    for (const body of [{}, { position: { top: 'up' } }, { title: 7 }]) {
      const res = await client.patch(`/api/widgets/${widget!.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

let stamp = Date.now();

itTakesClientIds(() => t, {
  list: 'widgets',
  table: widgets,
  add: (_cast, who, trip, id) =>
    who.client.post(`/api/trips/${trip}/widgets`, {
      id,
      type: 'countdown',
      position: { top: 24, left: 24 },
    }),
  // spec §4's form, `<type><timestamp>`; one a millisecond apart for each test.
  newId: () => {
    stamp += 1;
    return `countdown${stamp}`;
  },
  malformed: ['weather1767225600000', 'countdown', 'countdown12a', crypto.randomUUID(), 7],
});

// Issue #38: Tidy up moves the whole board at once, and Undo moves it back.
describe('arranging the board', () => {
  const arrangement = (tripId: string) => `/api/trips/${tripId}/widgets/arrangement`;

  it('moves several widgets in one change, announced as one activity entry', async () => {
    const { client, tripId } = await traveller();
    const board = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    const positions = board.map((widget, index) => ({
      id: widget.id,
      position: { top: 24, left: 24 + index * 420 },
    }));
    const res = await client.put<Widget[]>(arrangement(tripId), { positions });
    expect(res.status).toBe(200);
    expect(res.body.map(({ id, position }) => ({ id, position }))).toEqual(positions);
    const after = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    expect(after.map(({ id, position }) => ({ id, position }))).toEqual(positions);
    const activity = await client.get<ActivityEntry[]>(`/api/trips/${tripId}/activity`);
    expect(activity.body[0]?.kind).toBe('widget.arranged');
    expect(activity.body.filter((entry) => entry.kind === 'widget.moved')).toEqual([]);
  });

  it('moves none when one widget is not the trip’s (404), and refuses bad input (400)', async () => {
    const { client, tripId } = await traveller();
    const other = await traveller();
    const [mine] = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    const [theirs] = (await other.client.get<Widget[]>(`/api/trips/${other.tripId}/widgets`)).body;
    const res = await client.put<ErrorResponse>(arrangement(tripId), {
      positions: [
        { id: mine!.id, position: { top: 500, left: 500 } },
        { id: theirs!.id, position: { top: 0, left: 0 } },
      ],
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    const [still] = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    expect(still!.position).toEqual(mine!.position);

    for (const positions of [
      [],
      [
        { id: mine!.id, position: { top: 0, left: 0 } },
        { id: mine!.id, position: { top: 10, left: 10 } },
      ],
      [{ id: mine!.id, position: { top: 'x', left: 0 } }],
    ]) {
      const bad = await client.put<ErrorResponse>(arrangement(tripId), { positions });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('invalid_input');
    }
    // An outsider's trip is not found, whatever the widgets.
    const outsider = await other.client.put<ErrorResponse>(arrangement(tripId), {
      positions: [{ id: mine!.id, position: { top: 0, left: 0 } }],
    });
    expect(outsider.status).toBe(404);
  });

  it('brings a removed widget back into a free place when another took its own', async () => {
    const { client, tripId } = await traveller();
    const board = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    const weather = board.find((widget) => widget.type === 'weather')!;
    await client.delete(`/api/widgets/${weather.id}`);
    // Another widget where the weather was.
    await client.post(`/api/trips/${tripId}/widgets`, {
      type: 'todo',
      position: weather.position,
    });
    const entries = (await client.get<ActivityEntry[]>(`/api/trips/${tripId}/activity`)).body;
    const removal = entries.find((entry) => entry.kind === 'widget.removed')!;
    const res = await client.post(`/api/trips/${tripId}/activity/${removal.id}/restore`, {});
    expect(res.status).toBe(200);
    const after = (await client.get<Widget[]>(`/api/trips/${tripId}/widgets`)).body;
    const back = after.find((widget) => widget.id === weather.id)!;
    expect(back.position).not.toEqual(weather.position);
    // Clear of every other widget (the to-do put in its place covers a little of the flights).
    for (const other of after.filter((widget) => widget.id !== back.id)) {
      expect(tooClose(widgetRect(back), widgetRect(other), 0)).toBe(false);
    }
  });
});
