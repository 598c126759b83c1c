import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Widget } from '../../../shared/contracts/board';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  WHITEBOARD_MAX_ELEMENT_BYTES,
  WHITEBOARD_MAX_ELEMENTS,
  WHITEBOARD_MAX_FILE_BYTES,
  WHITEBOARD_MAX_SCENE_BYTES,
  WHITEBOARD_MESSAGES,
  type WhiteboardElement,
  type WhiteboardScene,
  type WhiteboardUpdateAck,
} from '../../../shared/contracts/whiteboard';
import { users, widgets } from '../../platform/db/schema';
import { SESSION_COOKIE } from '../../platform/sessions';
import { type Account, createAccount, createTrip } from '../../test/factories';
import {
  collect,
  connectLive,
  drained,
  joinTrip,
  type LiveClient,
  nextEvent,
} from '../../test/liveClient';
import { ONE_PIXEL_PNG } from '../../test/pictures';
import { startTestApp, type TestApp } from '../../test/testApp';
import { moveFilesToStorage, whiteboardFileKey } from './pictures';
import { whiteboardElements, whiteboardFiles } from './tables';

let t: TestApp;
let owner: Account;
let member: Account;
let outsider: Account;
let freeOwner: Account;
let tripId: string;
let freeTripId: string;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima', plan: 'premium' });
  member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  outsider = await createAccount(t, { firstName: 'Olga', lastName: 'Outside', plan: 'pro' });
  freeOwner = await createAccount(t, { firstName: 'Fred', lastName: 'Free' });
  tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
  freeTripId = (await createTrip(t.database.db, freeOwner.id, { memberIds: [member.id] })).id;
});
afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.disconnect();
  await setPlan(owner, 'premium');
});
afterAll(() => t.close());

const setPlan = (who: Account, plan: 'free' | 'premium' | 'pro') =>
  t.database.db.update(users).set({ plan }).where(eq(users.id, who.id));

async function addWhiteboard(who: Account = member, trip = tripId) {
  const res = await who.client.post<Widget>(`/api/trips/${trip}/widgets`, {
    type: 'whiteboard',
    position: { top: 40, left: 40 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const scenePath = (widgetId: string, trip = tripId) => `/api/trips/${trip}/whiteboards/${widgetId}`;
const filePath = (widgetId: string, fileId: string, trip = tripId) =>
  `${scenePath(widgetId, trip)}/files/${fileId}`;

async function sceneOf(widgetId: string, who: Account = owner) {
  const res = await who.client.get<WhiteboardScene>(scenePath(widgetId));
  expect(res.status).toBe(200);
  return res.body;
}

async function tab(who: Account, trip = tripId) {
  const socket = await connectLive(t.url, who.client.cookie);
  tabs.push(socket);
  expect((await joinTrip(socket, trip)).ok).toBe(true);
  return socket;
}

let shapes = 0;
/** A rectangle as Excalidraw writes one (the fields that matter here, and a few others). */
function rectangle(overrides: Partial<WhiteboardElement> = {}): WhiteboardElement {
  shapes += 1;
  return {
    id: `shape-${shapes}`,
    type: 'rectangle',
    x: 10 * shapes,
    y: 20,
    width: 120,
    height: 80,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    version: 1,
    versionNonce: 1000 + shapes,
    isDeleted: false,
    index: `a${shapes}`,
    updated: Date.now(),
    ...overrides,
  };
}

function send(socket: LiveClient, widgetId: string, elements: WhiteboardElement[]) {
  return socket
    .timeout(5000)
    .emitWithAck('whiteboard:update', { widgetId, elements }) as Promise<WhiteboardUpdateAck>;
}

/** A picture's pixels and their layout, whatever file they came in. */
const pixelsOf = (picture: Buffer) => sharp(picture).raw().toBuffer({ resolveWithObject: true });

const savedById = (scene: WhiteboardScene) =>
  new Map(scene.elements.map((element) => [element.id as string, element]));

describe('adding a whiteboard', () => {
  it('adds one, titled Whiteboard, on a trip whose owner is on Premium', async () => {
    const res = await member.client.post<Widget>(`/api/trips/${tripId}/widgets`, {
      type: 'whiteboard',
      position: { top: 0, left: 0 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'whiteboard', title: 'Whiteboard' });
    expect(await sceneOf(res.body.id)).toEqual({
      widgetId: res.body.id,
      elements: [],
      files: [],
      editable: true,
    });
  });

  it("refuses one on a Free owner's trip with 403 plan_required, whoever asks", async () => {
    for (const who of [freeOwner, member]) {
      const res = await who.client.post<ErrorResponse>(`/api/trips/${freeTripId}/widgets`, {
        type: 'whiteboard',
        position: { top: 0, left: 0 },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 'plan_required',
        message: WHITEBOARD_MESSAGES.planRequired,
      });
    }
    const rows = await t.database.db
      .select()
      .from(widgets)
      .where(and(eq(widgets.tripId, freeTripId), eq(widgets.type, 'whiteboard')));
    expect(rows).toEqual([]);
  });

  it("tells members the owner's plan with the trip", async () => {
    const mine = await member.client.get<{ ownerPlan: string }>(`/api/trips/${tripId}`);
    const free = await member.client.get<{ ownerPlan: string }>(`/api/trips/${freeTripId}`);
    expect([mine.body.ownerPlan, free.body.ownerPlan]).toEqual(['premium', 'free']);
  });
});

describe('GET /api/trips/:tripId/whiteboards/:widgetId', () => {
  it('answers 404 to a non-member, and for a widget that is not a whiteboard', async () => {
    const widgetId = await addWhiteboard();
    const outside = await outsider.client.get<ErrorResponse>(scenePath(widgetId));
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe('not_found');

    const [countdown] = await t.database.db
      .select({ id: widgets.id })
      .from(widgets)
      .where(and(eq(widgets.tripId, tripId), eq(widgets.type, 'countdown')));
    const other = countdown?.id ?? 'countdown1';
    for (const id of [other, 'whiteboard1']) {
      const res = await member.client.get<ErrorResponse>(scenePath(id));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        code: 'not_found',
        message: WHITEBOARD_MESSAGES.noSuchWhiteboard,
      });
    }
    // A whiteboard of another trip is not reached through this one.
    const elsewhere = await outsider.client.get(scenePath(widgetId, freeTripId));
    expect(elsewhere.status).toBe(404);
  });
});

describe('drawing together, live', () => {
  it("saves a member's shape and shows it to the others at once", async () => {
    const widgetId = await addWhiteboard();
    const [anaTab, brunoTab] = [await tab(owner), await tab(member)];
    const shape = rectangle();
    const arrives = nextEvent(anaTab, 'whiteboard:update', (m) => m.widgetId === widgetId);
    expect(await send(brunoTab, widgetId, [shape])).toEqual({ ok: true });
    expect(await arrives).toEqual({ tripId, widgetId, userId: member.id, elements: [shape] });
    expect((await sceneOf(widgetId)).elements).toEqual([shape]);
  });

  it("keeps both members' elements when they save at the same moment", async () => {
    const widgetId = await addWhiteboard();
    const [anaTab, brunoTab] = [await tab(owner), await tab(member)];
    const shared = rectangle();
    await send(anaTab, widgetId, [shared]);
    // Twenty saves each, all in flight together, and both editing one shared shape.
    const anas = Array.from({ length: 20 }, () => rectangle());
    const brunos = Array.from({ length: 20 }, () => rectangle());
    const answers = await Promise.all([
      ...anas.map((shape, i) =>
        send(anaTab, widgetId, [shape, { ...shared, version: 2 + i, versionNonce: 500 + i }]),
      ),
      ...brunos.map((shape, i) =>
        send(brunoTab, widgetId, [shape, { ...shared, version: 2 + i, versionNonce: 100 + i }]),
      ),
    ]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const saved = savedById(await sceneOf(widgetId));
    for (const shape of [...anas, ...brunos]) expect(saved.get(shape.id)).toEqual(shape);
    // The last version, and of its two edits the one with the lower nonce (Bruno's).
    expect(saved.get(shared.id)).toMatchObject({ version: 21, versionNonce: 119 });
  });

  it('settles on the same copy whichever edit arrives first, and ignores older ones', async () => {
    const widgetId = await addWhiteboard();
    const brunoTab = await tab(member);
    const base = rectangle();
    const low = { ...base, version: 3, versionNonce: 5, x: 111 };
    const high = { ...base, version: 3, versionNonce: 9, x: 999 };
    await send(brunoTab, widgetId, [high]);
    await send(brunoTab, widgetId, [low]);
    await send(brunoTab, widgetId, [high]);
    expect(savedById(await sceneOf(widgetId)).get(base.id)).toMatchObject({ x: 111 });

    // An older version is not saved, and nobody is told of it.
    const anaTab = await tab(owner);
    const told = collect(anaTab, 'whiteboard:update');
    expect(await send(brunoTab, widgetId, [{ ...base, version: 2, x: -5 }])).toEqual({ ok: true });
    await drained(t.app.live.io, anaTab);
    expect(told).toEqual([]);
    expect(savedById(await sceneOf(widgetId)).get(base.id)).toMatchObject({ x: 111 });
  });

  it('keeps a deleted element as a small stub, and the others get it whole', async () => {
    const widgetId = await addWhiteboard();
    const [anaTab, brunoTab] = [await tab(owner), await tab(member)];
    const stroke = rectangle({
      type: 'freedraw',
      points: Array.from({ length: 500 }, (_, i): [number, number] => [i, i * 2]),
    });
    await send(brunoTab, widgetId, [stroke]);
    const deleted = { ...stroke, version: 2, isDeleted: true };
    const arrives = nextEvent(
      anaTab,
      'whiteboard:update',
      (m) => m.elements[0]?.isDeleted === true,
    );
    await send(brunoTab, widgetId, [deleted]);
    expect((await arrives).elements).toEqual([deleted]);
    const [row] = await t.database.db
      .select()
      .from(whiteboardElements)
      .where(and(eq(whiteboardElements.widgetId, widgetId), eq(whiteboardElements.id, stroke.id)));
    expect(row?.element).toEqual({
      id: stroke.id,
      type: 'freedraw',
      version: 2,
      versionNonce: stroke.versionNonce,
      isDeleted: true,
      index: stroke.index,
      updated: stroke.updated,
    });
    expect(row?.bytes).toBeLessThan(200);
  });

  it('relays pointers to the others with who it is, and stores nothing', async () => {
    const widgetId = await addWhiteboard();
    const [anaTab, brunoTab] = [await tab(owner), await tab(member)];
    const pointer = {
      widgetId,
      pointer: { x: 12.5, y: -40, tool: 'pointer' as const },
      button: 'up' as const,
    };
    const arrives = nextEvent(anaTab, 'whiteboard:pointer');
    brunoTab.emit('whiteboard:pointer', pointer);
    expect(await arrives).toEqual({ ...pointer, tripId, userId: member.id });
    // One that is not a pointer is dropped.
    const told = collect(anaTab, 'whiteboard:pointer');
    brunoTab.emit('whiteboard:pointer', {
      widgetId,
      pointer: { x: 'left' },
      button: 'up',
    } as never);
    await drained(t.app.live.io, anaTab);
    expect(told).toEqual([]);
  });

  it('does not hear a socket that is not in the trip', async () => {
    const widgetId = await addWhiteboard();
    const stranger = await connectLive(t.url, outsider.client.cookie);
    tabs.push(stranger);
    expect((await joinTrip(stranger, tripId)).ok).toBe(false);
    expect(await send(stranger, widgetId, [rectangle()])).toEqual({
      ok: false,
      code: 'not_found',
      message: WHITEBOARD_MESSAGES.noSuchWhiteboard,
    });
    expect((await sceneOf(widgetId)).elements).toEqual([]);
    // Nor a member naming a whiteboard of another trip.
    const brunoTab = await tab(member);
    const [foreign] = await t.database.db
      .insert(widgets)
      .values({
        id: `whiteboard${Date.now()}x`,
        tripId: freeTripId,
        type: 'whiteboard',
        top: 0,
        left: 0,
        title: 'Old',
      })
      .returning();
    expect(await send(brunoTab, foreign!.id, [rectangle()])).toMatchObject({ code: 'not_found' });
  });
});

describe('plans and limits', () => {
  it('shows a Free trip its whiteboard read only and refuses every change', async () => {
    const widgetId = await addWhiteboard();
    const brunoTab = await tab(member);
    const shape = rectangle();
    await send(brunoTab, widgetId, [shape]);
    await setPlan(owner, 'free');
    expect(await send(brunoTab, widgetId, [rectangle()])).toEqual({
      ok: false,
      code: 'plan_required',
      message: WHITEBOARD_MESSAGES.planRequired,
    });
    const picture = await member.client.put<ErrorResponse>(
      filePath(widgetId, 'abc'),
      ONE_PIXEL_PNG,
      { 'content-type': 'image/png' },
    );
    expect([picture.status, picture.body.code]).toEqual([403, 'plan_required']);
    expect(await sceneOf(widgetId)).toMatchObject({ elements: [shape], editable: false });
  });

  it('refuses a stroke too long to share, with its message', async () => {
    const widgetId = await addWhiteboard();
    const brunoTab = await tab(member);
    const points = Array.from(
      { length: WHITEBOARD_MAX_ELEMENT_BYTES / 10 },
      (_, i): [number, number] => [i, i],
    );
    const answer = await send(brunoTab, widgetId, [rectangle({ type: 'freedraw', points })]);
    expect(answer).toEqual({
      ok: false,
      code: 'body_too_large',
      message: WHITEBOARD_MESSAGES.elementTooLarge,
    });
    expect((await sceneOf(widgetId)).elements).toEqual([]);
  });

  it('refuses what would outgrow the scene, but never a deletion', async () => {
    const widgetId = await addWhiteboard();
    const brunoTab = await tab(member);
    const [shape, other] = [rectangle(), rectangle()];
    await send(brunoTab, widgetId, [shape, other]);
    // Fill the rest of the scene's bytes in the database, as a big drawing would.
    await t.database.db.insert(whiteboardElements).values({
      widgetId,
      tripId,
      id: 'filler',
      version: 1,
      versionNonce: 1,
      isDeleted: false,
      element: { id: 'filler', type: 'rectangle', version: 1, versionNonce: 1, isDeleted: false },
      bytes: WHITEBOARD_MAX_SCENE_BYTES - 300,
    });
    expect(await send(brunoTab, widgetId, [rectangle(), rectangle()])).toEqual({
      ok: false,
      code: 'item_limit',
      message: WHITEBOARD_MESSAGES.sceneFull,
    });
    expect(await send(brunoTab, widgetId, [{ ...shape, version: 2, isDeleted: true }])).toEqual({
      ok: true,
    });
    // Nor a change that keeps its size (a move).
    expect(await send(brunoTab, widgetId, [{ ...other, version: 2, x: 8 }])).toEqual({ ok: true });
  });

  it(`refuses a shape past ${WHITEBOARD_MAX_ELEMENTS} shapes`, async () => {
    const widgetId = await addWhiteboard();
    const brunoTab = await tab(member);
    await t.database.db.insert(whiteboardElements).values(
      Array.from({ length: WHITEBOARD_MAX_ELEMENTS }, (_, i) => ({
        widgetId,
        tripId,
        id: `many-${i}`,
        version: 1,
        versionNonce: 1,
        isDeleted: false,
        element: { id: `many-${i}` },
        bytes: 10,
      })),
    );
    expect(await send(brunoTab, widgetId, [rectangle()])).toMatchObject({ code: 'item_limit' });
  });
});

describe('pictures on a whiteboard', () => {
  it('stores a picture once and serves it to members only, typed and cached', async () => {
    const widgetId = await addWhiteboard();
    const put = () =>
      member.client.put(filePath(widgetId, 'f00d'), ONE_PIXEL_PNG, {
        'content-type': 'application/octet-stream',
      });
    const first = await put();
    expect([first.status, first.body]).toEqual([201, { id: 'f00d', mimeType: 'image/png' }]);
    expect((await put()).status).toBe(200);
    expect((await sceneOf(widgetId)).files).toEqual([{ id: 'f00d', mimeType: 'image/png' }]);

    const res = await fetch(`${t.url}${filePath(widgetId, 'f00d')}`, {
      headers: { cookie: `${SESSION_COOKIE}=${owner.client.cookie}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    // Made again from what was sent (whiteboardPicture.ts): the same pixel, as a PNG.
    expect(await pixelsOf(Buffer.from(await res.arrayBuffer()))).toEqual(
      await pixelsOf(ONE_PIXEL_PNG),
    );

    for (const path of [filePath(widgetId, 'f00d'), filePath(widgetId, 'nothing')]) {
      const res = await (path.endsWith('f00d') ? outsider : member).client.get(path);
      expect(res.status).toBe(404);
    }
  });

  it('keeps pictures in the photo storage, and deletes them with their whiteboard', async () => {
    const widgetId = await addWhiteboard();
    const ref = { tripId, widgetId };
    const res = await member.client.put(filePath(widgetId, 'Pic_1'), ONE_PIXEL_PNG, {
      'content-type': 'image/png',
    });
    expect(res.status).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(whiteboardFiles)
      .where(eq(whiteboardFiles.widgetId, widgetId));
    // Not in the database: in the storage, under a key made of the ids.
    expect(row).toMatchObject({ data: null, storageKey: whiteboardFileKey(ref, 'Pic_1') });
    const stored = await t.app.photoFiles.storage.get(row!.storageKey!);
    expect(await pixelsOf(await buffer(stored!.body))).toEqual(await pixelsOf(ONE_PIXEL_PNG));

    expect((await member.client.delete(`/api/widgets/${widgetId}`)).status).toBe(200);
    await expect
      .poll(async () => {
        const file = await t.app.photoFiles.storage.get(row!.storageKey!);
        file?.body.destroy();
        return file;
      })
      .toBeNull();
  });

  it('serves a picture kept in the database before, and moves it into the storage', async () => {
    const widgetId = await addWhiteboard();
    await t.database.db.insert(whiteboardFiles).values({
      tripId,
      widgetId,
      id: 'old1',
      mimeType: 'image/png',
      data: ONE_PIXEL_PNG,
      bytes: ONE_PIXEL_PNG.length,
    });
    const served = async () => {
      const res = await fetch(`${t.url}${filePath(widgetId, 'old1')}`, {
        headers: { cookie: `${SESSION_COOKIE}=${owner.client.cookie}` },
      });
      return [res.status, Buffer.from(await res.arrayBuffer()).equals(ONE_PIXEL_PNG)];
    };
    expect(await served()).toEqual([200, true]);

    expect(await moveFilesToStorage(t.database.db, t.app.photoFiles)).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(whiteboardFiles)
      .where(eq(whiteboardFiles.widgetId, widgetId));
    expect(row).toMatchObject({
      data: null,
      storageKey: whiteboardFileKey({ tripId, widgetId }, 'old1'),
    });
    expect(await served()).toEqual([200, true]);
    // Moved once: nothing left to move.
    expect(await moveFilesToStorage(t.database.db, t.app.photoFiles)).toBe(0);
  });

  it('reads the type from the bytes, and refuses SVG, text and pictures over the limit', async () => {
    const widgetId = await addWhiteboard();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const fake = Buffer.from('not a picture at all');
    for (const [body, type] of [
      [svg, 'image/svg+xml'],
      [fake, 'image/png'],
    ] as const) {
      const res = await member.client.put<ErrorResponse>(filePath(widgetId, 'x1'), body, {
        'content-type': type,
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        code: 'unsupported_media_type',
        message: WHITEBOARD_MESSAGES.fileType,
      });
    }
    // A SHA-1 name (Excalidraw's) must be the picture's own.
    const wrong = await member.client.put<ErrorResponse>(
      filePath(widgetId, 'a'.repeat(40)),
      ONE_PIXEL_PNG,
      { 'content-type': 'image/png' },
    );
    expect([wrong.status, wrong.body.message]).toEqual([400, WHITEBOARD_MESSAGES.fileMismatch]);
    const own = createHash('sha1').update(ONE_PIXEL_PNG).digest('hex');
    expect(
      (
        await member.client.put(filePath(widgetId, own), ONE_PIXEL_PNG, {
          'content-type': 'image/png',
        })
      ).status,
    ).toBe(201);
    const huge = Buffer.alloc(WHITEBOARD_MAX_FILE_BYTES + 1);
    ONE_PIXEL_PNG.copy(huge);
    const tooLarge = await member.client.put<ErrorResponse>(filePath(widgetId, 'x2'), huge, {
      'content-type': 'image/png',
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({
      code: 'body_too_large',
      message: WHITEBOARD_MESSAGES.fileTooLarge,
    });
    expect((await sceneOf(widgetId)).files).toEqual([{ id: own, mimeType: 'image/png' }]);
  });
});
