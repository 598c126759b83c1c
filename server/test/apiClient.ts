import { SESSION_COOKIE } from '../platform/sessions';

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON a route answers, field by field
export type ApiResponse = { status: number; body: any; headers: Headers };

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

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        origin: baseUrl,
        'x-forwarded-for': ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
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
    return { status: res.status, body: parsed, headers: res.headers };
  }

  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('PATCH', path, body, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('PUT', path, body, headers),
    delete: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('DELETE', path, body, headers),
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
/** A unique, valid sign-up for this test run. */
export function newAccount(overrides: Record<string, string> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `traveller_${id}`,
    email: `traveller_${id}@example.com`,
    password: 'sunrise over the rice terraces',
    firstName: 'Ana',
    lastName: 'Lima',
    ...overrides,
  };
}
