import { vi } from 'vitest';
import type { CurrentUser } from '../../shared/contracts/account';

/*
 * A stand-in for the API in component tests: `fetch` is stubbed with a table of
 * "METHOD /path" → answer. Every call is recorded (with its parsed JSON body) so a test can
 * assert what was sent, or that nothing was. A call without an entry gets a 404 and fails loudly
 * in the recorded list rather than hanging.
 */

export type ApiCall = { method: string; url: string; body: unknown };
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

const PAGE_READS = ['/api/user', '/api/passkeys'];

export function mockApi(routes: Record<string, Route> = {}) {
  const calls: ApiCall[] = [];
  const table: Record<string, Route> = {
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
    ...routes,
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    // A route without a query string answers its URL with any query too (the call has it).
    const route = table[`${method} ${url}`] ?? table[`${method} ${url.split('?')[0]}`];
    const reply: Reply = !route
      ? { status: 404, body: { message: `No stub for ${method} ${url}` } }
      : typeof route === 'function'
        ? await route(call)
        : route;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    /** Adds or replaces an answer. */
    on(key: string, route: Route) {
      table[key] = route;
    },
    /** The calls made to one "METHOD /path". */
    callsTo(key: string) {
      return calls.filter((call) => `${call.method} ${call.url}` === key);
    },
    /**
     * Calls other than the reads a page makes by itself: the current user (every page) and the
     * passkeys list (the security page and the profile's Security tab).
     */
    actions() {
      return calls.filter((call) => !(call.method === 'GET' && PAGE_READS.includes(call.url)));
    },
  };
}

/** A promise a test resolves when it wants, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    username: 'ana',
    firstName: 'Ana',
    lastName: 'Lima',
    email: 'ana@example.com',
    pendingEmail: null,
    profileImageUrl: null,
    isPremium: false,
    plan: 'free',
    role: 'user',
    twoFactorEnabled: false,
    hasPassword: true,
    homeAirport: null,
    adminWelcome: false,
    ...overrides,
  };
}
