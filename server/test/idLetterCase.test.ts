import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../shared/contracts/comments';
import type { ErrorResponse } from '../../shared/contracts/errors';
import type { TripPhoto } from '../../shared/contracts/photos';
import type { Todo } from '../../shared/contracts/todos';
import { canonicalId } from '../../shared/ids';
import { joinedTrip } from '../features/live/piece';
import { type Account, createTripCast } from './factories';
import { collect, drained, liveTabs, nextEvent, removedFrom } from './liveClient';
import { ONE_PIXEL_PNG } from './pictures';
import { startTestApp, type TestApp } from './testApp';
import { uploadPhoto } from './uploads';

// Issue #34: PostgreSQL reads a uuid in either letter case as one value, but the trip caches,
// the live rooms and the storage keys saw two strings. A member who once used `<ID>` kept reading
// and writing the trip through it for a minute after being removed.

let t: TestApp;
const tabs = liveTabs(() => t.url);
const upper = (id: string) => id.toUpperCase();

beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => tabs.closeAll());
afterAll(() => t.close());

async function removeMember(owner: Account, tripId: string, userId: string) {
  const res = await owner.client.delete(`/api/trips/${tripId}/members/${userId}`);
  expect(res.status).toBe(200);
}

describe('an id in another letter case', () => {
  it('is the same id to canonicalId, and nothing else is touched', () => {
    const id = '0b7e2a9c-3f4d-4e5a-9b8c-7d6e5f4a3b2c';
    expect(canonicalId(upper(id))).toBe(id);
    expect(canonicalId('todo1764200000000')).toBe('todo1764200000000');
    expect(canonicalId('Abc_Excalidraw-File')).toBe('Abc_Excalidraw-File');
  });

  it('reaches nothing once the member is removed, in either spelling and either direction', async () => {
    for (const [readAs, removeAs] of [
      [upper, (id: string) => id],
      [(id: string) => id, upper],
    ] as const) {
      const { owner, member, tripId } = await createTripCast(t);
      // The member reads and writes through the spelling, so whatever caches it is warm.
      expect((await member.client.get(`/api/trips/${readAs(tripId)}/todos`)).status).toBe(200);
      const added = await member.client.post<Todo>(`/api/trips/${readAs(tripId)}/todos`, {
        text: 'Book the ferry',
      });
      expect(added.status).toBe(201);
      expect(added.body.tripId).toBe(tripId);

      await removeMember(owner, removeAs(tripId), removeAs(member.id));

      for (const spelling of [upper(tripId), tripId]) {
        const read = await member.client.get<ErrorResponse>(`/api/trips/${spelling}/todos`);
        expect(read.status).toBe(404);
        const write = await member.client.post(`/api/trips/${spelling}/todos`, { text: 'Sneak' });
        expect(write.status).toBe(404);
      }
      const left = await owner.client.get<Todo[]>(`/api/trips/${tripId}/todos`);
      expect(left.body.map((todo) => todo.text)).not.toContain('Sneak');
    }
  });

  it('joins the one live room of the trip, which a removal empties', async () => {
    const { owner, member, tripId } = await createTripCast(t);
    const memberTab = await tabs.tabOnTrip(member, upper(tripId));
    const onServer = t.app.live.io.of('/').sockets.get(memberTab.id ?? '');
    expect(onServer && joinedTrip(onServer)).toBe(tripId);

    // It hears the trip's changes…
    const heard = nextEvent(memberTab, 'change', (message) => message.tripId === tripId);
    await owner.client.post(`/api/trips/${tripId}/todos`, { text: 'Pack sunscreen' });
    expect((await heard).change).toMatchObject({ type: 'item:saved', list: 'todos' });

    // …and nothing after the removal.
    const gone = nextEvent(memberTab, 'trip:gone');
    await removeMember(owner, tripId, member.id);
    expect((await gone).tripId).toBe(tripId);
    const changes = collect(memberTab, 'change');
    await owner.client.post(`/api/trips/${tripId}/todos`, { text: 'Secret plan' });
    await drained(t.app.live.io, memberTab);
    expect(changes).toEqual([]);
    expect(onServer && joinedTrip(onServer)).toBeNull();
  });

  it('removes a to-do from the other tabs whatever its spelling', async () => {
    const { owner, member, tripId } = await createTripCast(t);
    const ownerTab = await tabs.tabOnTrip(owner, tripId);
    const added = await member.client.post<Todo>(`/api/trips/${tripId}/todos`, { text: 'Visa' });
    const removed = nextEvent(ownerTab, 'change', removedFrom('todos'));
    expect((await member.client.delete(`/api/todos/${upper(added.body.id)}`)).status).toBe(200);
    expect((await removed).change).toEqual({
      type: 'item:removed',
      list: 'todos',
      id: added.body.id,
    });
  });

  it('keeps ids named in bodies in their one spelling', async () => {
    const { owner, member, tripId } = await createTripCast(t);
    const todo = await owner.client.post<Todo>(`/api/trips/${tripId}/todos`, {
      text: 'Rent scooters',
      assignedTo: upper(member.id),
    });
    expect(todo.status).toBe(201);
    expect(todo.body.assignedTo?.id).toBe(member.id);
    // One thread per item, however the item is named: a comment through `<ID>` is in it.
    const comment = await owner.client.post<Comment>(`/api/trips/${tripId}/comments`, {
      subjectType: 'todo',
      subjectId: upper(todo.body.id),
      body: 'Ask @Dev',
      mentions: [upper(member.id)],
    });
    expect(comment.status).toBe(201);
    expect(comment.body.subjectId).toBe(todo.body.id);
    expect(comment.body.mentions.map((person) => person.id)).toEqual([member.id]);
    const thread = await member.client.get<Comment[]>(
      `/api/trips/${tripId}/comments?subjectType=todo&subjectId=${todo.body.id}`,
    );
    expect(thread.body.map((c) => c.id)).toEqual([comment.body.id]);
  });

  it("answers 404, not 500, for a deleted trip's invitation", async () => {
    const { owner, tripId } = await createTripCast(t);
    expect((await owner.client.get(`/api/trips/${upper(tripId)}/invitation`)).status).toBe(200);
    expect((await owner.client.delete(`/api/trips/${tripId}`)).status).toBe(200);
    const res = await owner.client.get<ErrorResponse>(`/api/trips/${upper(tripId)}/invitation`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it("serves a photo by its id in capitals (it was 503: the storage's key is the id's)", async () => {
    const { member, tripId } = await createTripCast(t);
    const photo = await uploadPhoto<TripPhoto>(t, member, tripId, ONE_PIXEL_PNG, {}, 'image/png');
    expect(photo.status).toBe(201);
    const res = await member.client.get(
      `/api/trips/${upper(tripId)}/photos/${upper(photo.body.id)}/thumbnail`,
    );
    expect(res.status).toBe(200);
  });
});
