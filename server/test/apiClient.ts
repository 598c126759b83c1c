import { SESSION_COOKIE } from '../platform/sessions';

/**
 * One answer as a test reads it. `T` is what the test expects the body to be — a contract type
 * from shared/contracts (`Todo`, `ErrorResponse`…); it is not checked at run time, the test's
 * assertions are. Without one the body is `unknown`, so nothing is read from it untyped.
 */
export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

/**
 * A browser-like client for API tests: keeps the session cookie between calls and sends this
 * site's Origin (which the CSRF check requires), so tests read like what a user does.
 */
let clients = 0;

export function apiClient(baseUrl: string, options: { ip?: string } = {}) {
  let cookie: string | null = null;
  // Test apps trust X-Forwarded-For, so each client can be its own visitor for per-IP limits;
  // addresses come from the documentation ranges (RFC 5737), never used on a real network.
  clients += 1;
  const ip = options.ip ?? `${clients <= 250 ? '203.0.113' : '198.51.100'}.${clients % 250}`;

  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        origin: baseUrl,
        'x-forwarded-for': ip,
        ...(body === undefined || body instanceof Uint8Array
          ? {}
          : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        ...headers,
      },
      // Bytes (a picture) go as they are, anything else as JSON.
      body:
        body === undefined || typeof body === 'string'
          ? body
          : body instanceof Uint8Array
            ? new Blob([new Uint8Array(body)])
            : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name, value = ''] = pair.split('=');
      if (name !== SESSION_COOKIE) continue;
      cookie = value && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) ? value : null;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  return {
    get: <T = unknown>(path: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, headers),
    post: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body, headers),
    patch: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PATCH', path, body, headers),
    put: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PUT', path, body, headers),
    delete: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('DELETE', path, body, headers),
    /** The address this client sends in X-Forwarded-For: the server sees it as the caller's IP. */
    ip,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | null) {
      cookie = value;
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

let counter = 0;
/** A string no other call in this process returns: makes usernames and addresses unique. */
export function uniqueSuffix() {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

/** The password of every test account, signed up (`newAccount`) or made by a factory. */
export const TEST_PASSWORD = 'sunrise over the rice terraces';

/** A unique, valid sign-up for this test run, for tests that go through POST /api/register. */
export function newAccount(overrides: Record<string, string> = {}) {
  const id = uniqueSuffix();
  return {
    username: `traveller_${id}`,
    email: `traveller_${id}@example.com`,
    password: TEST_PASSWORD,
    firstName: 'Ana',
    lastName: 'Lima',
    ...overrides,
  };
}
