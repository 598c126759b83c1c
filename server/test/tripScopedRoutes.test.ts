import { isDeepStrictEqual } from 'node:util';
import { eq, getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/contracts/activity';
import type { Widget } from '../../shared/contracts/board';
import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '../../shared/contracts/errors';
import type { Flight } from '../../shared/contracts/flights';
import type { ItineraryItem } from '../../shared/contracts/itinerary';
import type { Poll } from '../../shared/contracts/polls';
import type { ShortlistOption } from '../../shared/contracts/shortlist';
import type { Todo } from '../../shared/contracts/todos';
import type { Trip } from '../../shared/contracts/trips';
import * as schema from '../platform/db/schema';
import { type ApiClient, apiClient } from './apiClient';
import { createAccount, createAccountWithFirstTrip, createTrip } from './factories';
import { ONE_PIXEL_PNG } from './pictures';
import { startTestApp, type TestApp } from './testApp';
import { uploadPhoto } from './uploads';

/**
 * Issue #7: nobody outside a trip's group can read or change anything of it. Every /api route of
 * the running app is found and classified; each trip-scoped one is called by a signed-in
 * non-member with the real ids of someone else's trip and must answer 404, changing nothing.
 * A new route fails this test until it is classified below.
 */

/** Routes that are not about one trip, and why. Paths as registered; every method counts. */
const NOT_TRIP_SCOPED: { reason: string; paths: string[] }[] = [
  {
    reason: "auth: the caller's own sign-in, second factor, password, sessions and settings",
    paths: [
      '/api/register',
      '/api/login',
      '/api/logout',
      '/api/login-activity',
      '/api/setup-2fa',
      '/api/confirm-2fa',
      '/api/verify-2fa',
      '/api/disable-2fa',
      '/api/2fa',
      '/api/2fa/recovery-codes',
      '/api/forgot-password',
      '/api/reset-password',
      '/api/change-password',
      '/api/confirm-email',
      '/api/user/email-confirmation',
      '/api/sessions',
      '/api/sessions/:id',
      '/api/notification-preferences',
    ],
  },
  {
    reason: "passkeys: the caller's own passkeys, and signing in with one",
    paths: [
      '/api/passkeys',
      '/api/passkeys/:id',
      '/api/passkeys/registration-options',
      '/api/passkeys/second-factor',
      '/api/passkeys/second-factor/options',
      '/api/passkeys/sign-in',
      '/api/passkeys/sign-in/options',
    ],
  },
  {
    reason: "notifications: the caller's own bell (entries of another's are never read or marked)",
    paths: ['/api/notifications', '/api/notifications/unread', '/api/notifications/read'],
  },
  {
    reason:
      "unsubscribe: public by design, the person's token in an e-mail's link names them, and " +
      'can only turn e-mails off',
    paths: ['/api/unsubscribe'],
  },
  {
    reason: "user: the caller's own account, and its deletion by an e-mailed link",
    paths: ['/api/user', '/api/user/deletion-link', '/api/delete-account'],
  },
  {
    reason:
      "profile picture: the caller's own, and a person's at the address handed out where they " +
      'are shown (its random version is needed, not just the id)',
    paths: ['/api/user/picture', '/api/users/:id/picture'],
  },
  {
    reason: "trips: the list holds only the caller's trips, and a new trip is the caller's",
    paths: ['/api/trips'],
  },
  { reason: 'site: public settings of the site', paths: ['/api/site'] },
  {
    reason: 'weather: forecasts for a city, nothing of a trip',
    paths: ['/api/weather', '/api/weather/forecast'],
  },
  { reason: 'airports: the airport list, nothing of a trip', paths: ['/api/airports'] },
  {
    reason: 'media: stock photos and videos, nothing of a trip',
    paths: [
      '/api/pexels/photos',
      '/api/pexels/videos',
      '/api/pexels/videos/popular',
      '/api/landing-video',
    ],
  },
  { reason: 'waitlist: the public sign-up for the beta', paths: ['/api/waitlist'] },
  {
    reason: 'admin: administrators only (requireAdmin), across all accounts',
    paths: [
      '/api/admin/waitlist',
      '/api/admin/waitlist.csv',
      '/api/admin/waitlist/:id',
      '/api/admin/users/:id/plan',
      '/api/admin/early-access',
      '/api/admin/early-access/:userId/grant',
      '/api/admin/users',
      '/api/admin/users/:id/reset-second-factors',
      // The administrator's own welcome (issue #38).
      '/api/user/admin-welcome',
    ],
  },
  {
    reason: "plans: the caller's own request for early access to a paid plan",
    paths: ['/api/early-access'],
  },
  { reason: 'health: the load balancer probe', paths: ['/api/health'] },
  {
    reason: 'join: public by design, the code is the way into a trip for a non-member',
    paths: ['/api/join/:code'],
  },
  {
    reason:
      'magic links: public by design, the single-use token e-mailed to one address is the way ' +
      'in (and the sign-in) for a non-member',
    paths: ['/api/magic/:token'],
  },
];
/**
 * Routes anyone may call signed out (`access: 'public'`), and why. Every other /api route answers
 * a signed-out caller 401 before it reads the body.
 */
const PUBLIC: { reason: string; paths: string[] }[] = [
  {
    reason: 'signing up and in, out, and the second step of a sign-in (a pending session)',
    paths: ['/api/register', '/api/login', '/api/logout', '/api/verify-2fa'],
  },
  {
    reason:
      'signing in with a passkey alone (its second step, which needs a pending session, is not)',
    paths: ['/api/passkeys/sign-in', '/api/passkeys/sign-in/options'],
  },
  { reason: 'a forgotten password', paths: ['/api/forgot-password', '/api/reset-password'] },
  {
    reason: 'a new e-mail address, confirmed from its link in whichever browser opens it',
    paths: ['/api/confirm-email'],
  },
  {
    reason: 'deleting an account without a password, from its link in whichever browser opens it',
    paths: ['/api/delete-account'],
  },
  { reason: 'the site itself', paths: ['/api/site', '/api/health', '/api/landing-video'] },
  { reason: 'the waitlist of the public landing page', paths: ['/api/waitlist'] },
  { reason: 'an invitation, before signing in', paths: ['/api/join/:code'] },
  { reason: 'a magic link is the sign-in', paths: ['/api/magic/:token'] },
  {
    reason: "an e-mail's one-click unsubscribe (mail programs send no cookie)",
    paths: ['/api/unsubscribe'],
  },
];
// The preview of a join link is public; joining needs an account.
const SIGNED_IN_ANYWAY = new Set(['POST /api/join/:code']);

function isPublic(route: Route) {
  if (route.path === DOCS_PREFIX || route.path.startsWith(`${DOCS_PREFIX}/`)) return true;
  if (SIGNED_IN_ANYWAY.has(`${route.method} ${route.path}`)) return false;
  return PUBLIC.some((group) => group.paths.includes(route.path));
}

/** A body that no route accepts: every field of the wrong type, and some that exist nowhere. */
const BAD_BODY = {
  bogus: true,
  text: 42,
  name: 42,
  email: 42,
  type: 'no-such-widget',
  position: 'here',
  password: 42,
  token: 42,
  plan: 'platinum',
  stops: 'many',
};

/** The error shape every refusal has: a message for people, a code from the catalogue. */
function errorShapeProblem(status: number, body: unknown): string | null {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || !message) return 'no message';
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) return `code ${String(code)}`;
  if (ERROR_STATUS[code as ErrorCode] !== status) return `code ${code} with status ${status}`;
  return null;
}

/** The OpenAPI page and its assets, whatever paths the plugin registers. */
const DOCS_PREFIX = '/api/docs';

/** Objects of a trip addressed by their own id: `/api/<kind>/:id`. */
const TRIP_OBJECT_KINDS = [
  'widgets',
  'todos',
  'flights',
  'polls',
  'shortlist',
  'comments',
  'chat',
  'itinerary',
] as const;
type TripObjectKind = (typeof TRIP_OBJECT_KINDS)[number];
const TRIP_OBJECT_ROUTE = new RegExp(`^/api/(${TRIP_OBJECT_KINDS.join('|')})/:id(/|$)`);

function isTripScoped(path: string) {
  return /\/:tripId(\/|$)/.test(path) || TRIP_OBJECT_ROUTE.test(path);
}

function notTripScopedReason(path: string) {
  if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) return 'docs';
  return NOT_TRIP_SCOPED.find((group) => group.paths.includes(path))?.reason;
}

/**
 * What a member would sensibly send, so that validation passes and only the membership check
 * can refuse. A write route not listed gets `{}`; if that is refused with 400, add it here.
 */
const BODIES: Record<string, unknown> = {
  'PATCH /api/trips/:tripId': { name: 'Taken over' },
  'POST /api/trips/:tripId/widgets': { type: 'countdown', position: { top: 10, left: 10 } },
  'POST /api/trips/:tripId/todos': { text: 'Planted by an outsider' },
  'POST /api/trips/:tripId/flights': {
    flightNumber: 'GA 401',
    departureAirport: 'CGK',
    departureTime: '2030-06-01T08:00:00+07:00',
    arrivalAirport: 'DPS',
    arrivalTime: '2030-06-01T10:50:00+08:00',
    stops: 0,
  },
  'POST /api/trips/:tripId/invitations': { email: 'accomplice@example.com' },
  'POST /api/trips/:tripId/magic-links': { email: 'accomplice@example.com', name: 'Accomplice' },
  'PATCH /api/widgets/:id': { title: 'Taken over', position: { top: 0, left: 0 } },
  'PATCH /api/todos/:id': { text: 'Taken over', isCompleted: true },
  'PATCH /api/flights/:id': { stops: 3 },
  'POST /api/trips/:tripId/polls': { question: 'Whose trip?', options: ['Mine', 'Yours'] },
  'PUT /api/polls/:id/vote': { optionIds: [] },
  'PATCH /api/polls/:id': { closed: true },
  'PATCH /api/trips/:tripId/photos/:photoId': { caption: 'Taken over' },
  'POST /api/trips/:tripId/searches/flights': {
    origin: 'SIN',
    destination: 'DPS',
    departDate: '2030-06-01',
  },
  'POST /api/trips/:tripId/searches/stays': {
    destination: 'Ubud',
    checkIn: '2030-06-01',
    checkOut: '2030-06-05',
  },
  'POST /api/trips/:tripId/shortlist': { source: 'partner', kind: 'stay', partner: 'Airbnb' },
  'PUT /api/shortlist/:id/vote': { vote: 'no' },
  'POST /api/trips/:tripId/comments': {
    subjectType: 'todo',
    subjectId: '00000000-0000-4000-8000-000000000000',
    body: 'Sneaking in',
  },
  'PATCH /api/comments/:id': { body: 'Taken over' },
  'POST /api/trips/:tripId/chat': { body: 'Sneaking in' },
  'PATCH /api/chat/:id': { body: 'Taken over' },
  'PATCH /api/shortlist/:id': { chosen: true },
  'POST /api/trips/:tripId/itinerary': { title: 'Planted by an outsider', day: '2030-06-02' },
  'PATCH /api/itinerary/:id': { title: 'Taken over', day: '2030-06-03', rank: 'a5' },
};
const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT']);

type Route = { method: string; path: string };

/**
 * Every route of the app, from `printRoutes({ commonPrefix: false })`: a tree drawn with
 * `├── `, `└── `, `│   ` and four spaces per level, each line a path segment that continues its
 * parent's, with its methods in brackets. Fastify offers no list of routes once the app is
 * built (an onRoute hook would have to be added before), and this needs no change to the app.
 */
function parseRoutes(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(',')) {
      const name = method.trim();
      // HEAD is Fastify's automatic twin of each GET.
      if (name && name !== 'HEAD') routes.push({ method: name, path });
    }
  }
  return routes;
}

let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  t = await startTestApp();
  routes = parseRoutes(t.app.printRoutes({ commonPrefix: false }));
});
afterAll(() => t.close());

/** A path with every parameter filled in: a real-looking id that exists nowhere. */
function withMadeUpIds(path: string) {
  return path.replace(/:(\w+)/g, (_param, name: string) =>
    name === 'code' || name === 'token' ? 'made-up-code' : '00000000-0000-4000-8000-000000000000',
  );
}

async function call(client: ApiClient, route: Route, url: string, body: unknown) {
  return route.method === 'GET'
    ? client.get(url)
    : client[route.method.toLowerCase() as 'post' | 'patch' | 'put' | 'delete'](url, body);
}

const signUp = () => createAccount(t);

/** The victim's trip as stored, in every table that has a trip_id (new ones included). */
async function snapshot(tripId: string) {
  const { db } = t.database;
  const tables: Record<string, unknown[]> = {
    trips: await db.select().from(schema.trips).where(eq(schema.trips.id, tripId)),
  };
  for (const [name, table] of Object.entries(schema)) {
    if (!is(table, PgTable)) continue;
    const tripColumn = (getTableColumns(table) as Record<string, unknown>).tripId;
    if (!tripColumn) continue;
    const rows = await db
      .select()
      .from(table)
      .where(eq(tripColumn as typeof schema.trips.id, tripId));
    tables[name] = rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return tables;
}

describe('access comes before validation', () => {
  it('every route that is not public answers a signed-out bad body 401, with a code', async () => {
    const guarded = routes.filter((route) => route.path.startsWith('/api/') && !isPublic(route));
    // Every kind is there: trip-scoped, a trip's item, the account, administrators.
    expect(guarded.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/trips/:tripId/todos',
        'PATCH /api/todos/:id',
        'PATCH /api/user',
        'PATCH /api/admin/users/:id/plan',
      ]),
    );
    const stranger = apiClient(t.url);
    const failures: string[] = [];
    for (const route of guarded) {
      const res = await call(stranger, route, withMadeUpIds(route.path), BAD_BODY);
      if (res.status !== 401 || (res.body as ErrorResponse).code !== 'unauthenticated') {
        failures.push(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a trip route answers a non-member 404 before it looks at the body', async () => {
    const owner = await signUp();
    const tripId = (await createTrip(t.database.db, owner.id)).id;
    const intruder = (await signUp()).client;
    const res = await intruder.post(`/api/trips/${tripId}/todos`, BAD_BODY);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not_found', message: 'No such trip' });
    // A member with the same body learns what is wrong with it.
    const own = await owner.client.post(`/api/trips/${tripId}/todos`, BAD_BODY);
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: 'invalid_input', issues: expect.any(Array) });
  });

  it('every refusal, public routes included, has a message and a code of its status', async () => {
    const signedIn = (await signUp()).client;
    const failures: string[] = [];
    for (const route of routes.filter((route) => route.path.startsWith('/api/'))) {
      if (route.path.startsWith(DOCS_PREFIX)) continue;
      // Signing out would leave the rest of the loop signed out.
      const clients =
        route.path === '/api/logout' ? [apiClient(t.url)] : [apiClient(t.url), signedIn];
      for (const client of clients) {
        const res = await call(client, route, withMadeUpIds(route.path), BAD_BODY);
        if (res.status < 400) continue;
        const problem = errorShapeProblem(res.status, res.body);
        if (problem) failures.push(`${route.method} ${route.path}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('trip-scoped routes', () => {
  it('answer 404 to a signed-in non-member, with real ids, and change nothing', async () => {
    // The parse is checked against the router itself, and must find what is known to exist.
    // (A wildcard, like the docs' static files, is stored in a form hasRoute does not match.)
    for (const route of routes.filter((route) => !route.path.includes('*'))) {
      expect(t.app.hasRoute({ method: route.method as 'GET', url: route.path }), route.path).toBe(
        true,
      );
    }
    const found = routes.map((route) => `${route.method} ${route.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/trips/:tripId',
        'DELETE /api/trips/:tripId',
        'POST /api/trips/:tripId/todos',
        'PATCH /api/widgets/:id',
        'DELETE /api/flights/:id',
      ]),
    );

    const apiRoutes = routes.filter((route) => route.path.startsWith('/api/'));
    const unclassified = apiRoutes.filter(
      (route) => !isTripScoped(route.path) && !notTripScopedReason(route.path),
    );
    expect(
      unclassified.map((route) => `${route.method} ${route.path}`),
      'Classify each of these routes in server/test/tripScopedRoutes.test.ts: trip-scoped ' +
        '(its URL has :tripId, or it is /api/<widgets|todos|flights|polls|shortlist>/:id — add a new kind of ' +
        'trip object to TRIP_OBJECT_KINDS) or listed in NOT_TRIP_SCOPED with the reason why',
    ).toEqual([]);
    const both = apiRoutes.filter(
      (route) => isTripScoped(route.path) && notTripScopedReason(route.path),
    );
    expect(
      both.map((route) => route.path),
      'listed as not trip-scoped, yet it is',
    ).toEqual([]);
    // Deletions go last, the trip's own last of all: one that wrongly succeeded must not turn
    // the other routes' answers into 404s for the wrong reason.
    const deletionOrder = (route: Route) =>
      route.method !== 'DELETE' ? 0 : route.path === '/api/trips/:tripId' ? 2 : 1;
    const tripScoped = apiRoutes
      .filter((route) => isTripScoped(route.path))
      .sort((a, b) => deletionOrder(a) - deletionOrder(b));

    // The victim's trip, with a friend on it and something of every kind.
    const owner = await signUp();
    const friend = await signUp();
    const made = await owner.client.post<Trip>('/api/trips', {
      name: 'Private Lombok escape',
      destination: 'Lombok, Indonesia',
      startDate: '2030-06-01',
      endDate: '2030-06-14',
    });
    expect(made.status).toBe(201);
    const tripId = made.body.id as string;
    await t.database.db
      .insert(schema.tripMembers)
      .values({ tripId, userId: friend.id, role: 'member' });
    const board = await owner.client.get<Widget[]>(`/api/trips/${tripId}/widgets`);
    const todo = await owner.client.post<Todo>(`/api/trips/${tripId}/todos`, {
      text: 'Book the boat to the Gilis',
      assignedTo: friend.id,
    });
    const flight = await owner.client.post<Flight>(`/api/trips/${tripId}/flights`, {
      ...(BODIES['POST /api/trips/:tripId/flights'] as object),
      travellerId: friend.id,
    });
    const poll = await friend.client.post<Poll>(`/api/trips/${tripId}/polls`, {
      question: 'Gili Air or Gili Meno?',
      options: ['Gili Air', 'Gili Meno'],
    });
    expect([board.status, todo.status, flight.status, poll.status]).toEqual([200, 201, 201, 201]);
    expect(
      (
        await friend.client.put(`/api/polls/${poll.body.id}/vote`, {
          optionIds: [poll.body.options[0]!.id],
        })
      ).status,
    ).toBe(200);
    const stays = await friend.client.post(`/api/trips/${tripId}/searches/stays`, {
      ...(BODIES['POST /api/trips/:tripId/searches/stays'] as object),
    });
    const option = await friend.client.post<ShortlistOption>(`/api/trips/${tripId}/shortlist`, {
      source: 'partner',
      kind: 'stay',
      partner: 'Booking.com',
    });
    expect([stays.status, option.status]).toEqual([200, 201]);
    // A whiteboard (the owner on Premium) with a picture on it.
    await t.database.db
      .update(schema.users)
      .set({ plan: 'premium' })
      .where(eq(schema.users.id, owner.id));
    const whiteboard = await friend.client.post<Widget>(`/api/trips/${tripId}/widgets`, {
      type: 'whiteboard',
      position: { top: 10, left: 10 },
    });
    const picture = await friend.client.put(
      `/api/trips/${tripId}/whiteboards/${whiteboard.body.id}/files/f1`,
      ONE_PIXEL_PNG,
      { 'content-type': 'image/png' },
    );
    expect([whiteboard.status, picture.status]).toEqual([201, 201]);
    // A photo in the trip's album (issue #23).
    const photo = await uploadPhoto(t, friend, tripId, ONE_PIXEL_PNG, {}, 'image/png');
    expect(photo.status).toBe(201);
    // A deleted to-do in the trip's history (issue #24), which a restore would bring back.
    const scrapped = await friend.client.post<Todo>(`/api/trips/${tripId}/todos`, {
      text: 'Scrap this',
    });
    expect((await friend.client.delete(`/api/todos/${scrapped.body.id}`)).status).toBe(200);
    const history = await friend.client.get<ActivityEntry[]>(`/api/trips/${tripId}/activity`);
    const deletion = history.body.find((entry) => entry.kind === 'todo.deleted');
    expect(deletion?.restorable).toBe(true);
    // A comment on the to-do (issue #24).
    const remark = await friend.client.post<{ id: string }>(`/api/trips/${tripId}/comments`, {
      subjectType: 'todo',
      subjectId: todo.body.id,
      body: 'Lombok first?',
    });
    expect(remark.status).toBe(201);
    // A message in the trip's chat (issue #38).
    const message = await friend.client.post<{ id: string }>(`/api/trips/${tripId}/chat`, {
      body: 'Lombok first?',
    });
    expect(message.status).toBe(201);
    // An item of the plan (issue #39), that only the friend goes to.
    const planItem = await friend.client.post<ItineraryItem>(`/api/trips/${tripId}/itinerary`, {
      title: 'Snorkel at Gili Air',
      day: '2030-06-04',
      goers: [friend.id],
    });
    expect(planItem.status).toBe(201);
    const objectIds: Record<TripObjectKind, string> = {
      widgets: board.body[0]!.id,
      todos: todo.body.id,
      flights: flight.body.id,
      polls: poll.body.id,
      shortlist: option.body.id,
      comments: remark.body.id,
      chat: message.body.id,
      itinerary: planItem.body.id,
    };
    // Reads that name what they read in their query.
    const QUERIES: Record<string, string> = {
      '/api/trips/:tripId/comments': `?subjectType=todo&subjectId=${todo.body.id}`,
      '/api/trips/:tripId/changes': '?since=0',
    };

    // The intruder is signed in and has a trip of their own: only membership tells them apart.
    const intruder: ApiClient = (await createAccountWithFirstTrip(t)).client;
    expect((await intruder.get('/api/trips')).body).toHaveLength(1);

    const failures: string[] = [];
    const urlOf = (route: Route) => {
      const kind = TRIP_OBJECT_ROUTE.exec(route.path)?.[1] as TripObjectKind | undefined;
      const query = route.method === 'GET' ? (QUERIES[route.path] ?? '') : '';
      const path = route.path.replace(/:(\w+)/g, (param, name: string) => {
        if (name === 'tripId') return tripId;
        if (name === 'id' && kind) return objectIds[kind];
        // A member of the victim's trip, so a removal that slipped through would show.
        if (name === 'userId') return friend.id;
        if (name === 'widgetId') return whiteboard.body.id;
        if (name === 'fileId') return 'f1';
        if (name === 'photoId') return photo.body.id;
        if (name === 'variant') return 'thumbnail';
        if (name === 'entryId') return deletion!.id;
        failures.push(`${route.method} ${route.path}: no value for ${param}; add one in urlOf`);
        return param;
      });
      return path + query;
    };

    // The same reads by the owner succeed: the ids are real, and a 404 is about membership.
    for (const route of tripScoped.filter((route) => route.method === 'GET')) {
      const res = await owner.client.get(urlOf(route));
      if (res.status !== 200) {
        failures.push(`${route.method} ${route.path}: the owner got ${res.status}, not 200`);
      }
    }

    let before = await snapshot(tripId);
    for (const route of tripScoped) {
      const key = `${route.method} ${route.path}`;
      const body = key in BODIES ? BODIES[key] : WRITE_METHODS.has(route.method) ? {} : undefined;
      const url = urlOf(route);
      const res =
        route.method === 'GET'
          ? await intruder.get(url)
          : await intruder[route.method.toLowerCase() as 'post' | 'patch' | 'put' | 'delete'](
              url,
              body,
            );
      if (res.status !== 404) {
        failures.push(
          `${key}: a non-member got ${res.status}, not 404 (${JSON.stringify(res.body)})` +
            (res.status === 400 ? ' — give it a sensible body in BODIES' : ''),
        );
      }
      if (JSON.stringify(res.body).includes('Lombok')) {
        failures.push(`${key}: the answer shows the trip's data`);
      }
      const after = await snapshot(tripId);
      if (!isDeepStrictEqual(after, before)) {
        failures.push(`${key}: the victim's trip changed`);
        // Later routes are judged on their own change, not this one's.
        before = after;
      }
    }

    expect(failures).toEqual([]);
    // The table was not empty: every kind of trip-scoped route was called.
    expect(tripScoped.length).toBeGreaterThanOrEqual(14);
  });
});
