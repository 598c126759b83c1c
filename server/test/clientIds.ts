import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../shared/contracts/errors';
import type { TripListName } from '../../shared/contracts/live';
import { NEW_ITEM_ID_MESSAGES } from '../../shared/contracts/params';
import { notifications } from '../features/notifications/tables';
import type { TripItemTable } from '../features/trips/items';
import { tripActivity } from '../platform/db/schema';
import type { ApiResponse } from './apiClient';
import { type Account, createTrip, createTripCast, type TripCast } from './factories';
import { collect, connectLive, drained, joinTrip, type LiveClient } from './liveClient';
import type { TestApp } from './testApp';

/** One list of a trip whose create takes a client's id, as `itTakesClientIds` tries it. */
export type ClientIdList = {
  /** The list's name in live messages. */
  list: TripListName;
  table: TripItemTable;
  /**
   * Adds an item to `tripId` as `who` under `id` (absent: none sent). A list whose adding can
   * notify someone (an assignee, a mention) should do so here, to show a repeat tells no one.
   */
  add(cast: TripCast, who: Account, tripId: string, id?: unknown): Promise<ApiResponse<unknown>>;
  /** A fresh id of the list's form (by default a random UUID). */
  newId?: () => string;
  /** Ids that are not of the list's form (by default a few that are no UUID). */
  malformed?: unknown[];
  /** Whether a create writes an entry in the trip's history (true unless said). */
  inHistory?: boolean;
};

const DEFAULT_MALFORMED = ['not-a-uuid', '00000000-0000-4000-8000-00000000000', 42];

/**
 * Issue #37: the API tests every list whose create takes a client-chosen id shares. The same id
 * twice makes one row and gets the same answer, with one history entry, one live message and no
 * second notification; another person's or another trip's id is 409 `id_taken`; a malformed one
 * is 400 and makes nothing.
 */
export function itTakesClientIds(app: () => TestApp, list: ClientIdList) {
  const newId = list.newId ?? (() => crypto.randomUUID());
  const tabs: LiveClient[] = [];
  afterEach(() => {
    for (const tab of tabs.splice(0)) tab.disconnect();
  });

  const db = () => app().database.db;
  const rowsWithId = async (id: string) =>
    (await db().select({ n: count() }).from(list.table).where(eq(list.table.id, id)))[0]!.n;
  /** What a create leaves behind on the trip besides its row. */
  const traces = async (tripId: string) => ({
    history: (
      await db().select({ n: count() }).from(tripActivity).where(eq(tripActivity.tripId, tripId))
    )[0]!.n,
    notifications: (
      await db().select({ n: count() }).from(notifications).where(eq(notifications.tripId, tripId))
    )[0]!.n,
  });

  async function expectTaken(res: ApiResponse<unknown>) {
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toEqual({ code: 'id_taken', message: NEW_ITEM_ID_MESSAGES.taken });
  }

  describe(`a client-chosen id for ${list.list} (issue #37)`, () => {
    it('creates once when the same id comes twice, and answers the same both times', async () => {
      const cast = await createTripCast(app());
      const tab = await connectLive(app().url, cast.member.client.cookie);
      tabs.push(tab);
      expect((await joinTrip(tab, cast.tripId)).ok).toBe(true);
      const changes = collect(tab, 'change');
      const before = await traces(cast.tripId);
      const id = newId();

      const first = await list.add(cast, cast.owner, cast.tripId, id);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body).toMatchObject({ id });
      const afterFirst = await traces(cast.tripId);
      expect(afterFirst.history).toBe(before.history + (list.inHistory === false ? 0 : 1));

      const again = await list.add(cast, cast.owner, cast.tripId, id);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await rowsWithId(id)).toBe(1);
      expect(await traces(cast.tripId)).toEqual(afterFirst);
      await drained(app().app.live.io, tab);
      const saved = changes.filter(
        ({ change }) =>
          change.type === 'item:saved' &&
          change.list === list.list &&
          (change.item as { id: string }).id === id,
      );
      expect(saved).toHaveLength(1);
    });

    it('creates one when the same create is sent twice at once', async () => {
      const cast = await createTripCast(app());
      const id = newId();
      const [a, b] = await Promise.all([
        list.add(cast, cast.member, cast.tripId, id),
        list.add(cast, cast.member, cast.tripId, id),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(a.body).toEqual(b.body);
      expect(await rowsWithId(id)).toBe(1);
    });

    it('answers 409 id_taken for an id another member of the trip used', async () => {
      const cast = await createTripCast(app());
      const id = newId();
      expect((await list.add(cast, cast.owner, cast.tripId, id)).status).toBe(201);
      await expectTaken(await list.add(cast, cast.member, cast.tripId, id));
      expect(await rowsWithId(id)).toBe(1);
    });

    it('answers 409 id_taken for an id the same person used on another of their trips', async () => {
      const cast = await createTripCast(app());
      const elsewhere = (await createTrip(db(), cast.owner.id)).id;
      const id = newId();
      expect((await list.add(cast, cast.owner, elsewhere, id)).status).toBe(201);
      await expectTaken(await list.add(cast, cast.owner, cast.tripId, id));
      expect(await rowsWithId(id)).toBe(1);
    });

    it('refuses a malformed id with 400 invalid_input and creates nothing', async () => {
      const cast = await createTripCast(app());
      const before = await traces(cast.tripId);
      for (const id of list.malformed ?? DEFAULT_MALFORMED) {
        const res = await list.add(cast, cast.owner, cast.tripId, id);
        expect(res.status, `${JSON.stringify(id)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect((res.body as ErrorResponse).code).toBe('invalid_input');
        // `id` in a body, `querystring.id` in a photo's query.
        expect((res.body as ErrorResponse).issues?.map((issue) => issue.path)).toContainEqual(
          expect.stringMatching(/^(querystring\.)?id$/),
        );
      }
      expect(await traces(cast.tripId)).toEqual(before);
    });

    it('still chooses an id itself when none is sent', async () => {
      const cast = await createTripCast(app());
      const [a, b] = await Promise.all([
        list.add(cast, cast.owner, cast.tripId),
        list.add(cast, cast.owner, cast.tripId),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect((a.body as { id: string }).id).not.toBe((b.body as { id: string }).id);
    });
  });
}
