import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN } from '../../shared/clientId';
import {
  apiJson,
  apiRequest,
  createQueryClient,
  errorMessage,
  errorStatus,
  getQueryFn,
} from './queryClient';
import { TAB_ID } from './tabId';

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends credentials and a JSON body', async () => {
    const fetchMock = stubFetch(200, '{}');
    await apiRequest('POST', '/api/waitlist', { email: 'ana@example.com' });
    expect(fetchMock).toHaveBeenCalledWith('/api/waitlist', {
      method: 'POST',
      headers: { [CLIENT_ID_HEADER]: TAB_ID, 'Content-Type': 'application/json' },
      body: '{"email":"ana@example.com"}',
      credentials: 'include',
    });
  });

  it('names this tab, so its own changes are told apart when they come back live', () => {
    expect(TAB_ID).toMatch(CLIENT_ID_PATTERN);
  });

  it('sends no body and no content type without data', async () => {
    const fetchMock = stubFetch(200, '');
    await apiRequest('POST', '/api/logout');
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', {
      method: 'POST',
      headers: { [CLIENT_ID_HEADER]: TAB_ID },
      body: undefined,
      credentials: 'include',
    });
  });

  it('throws "<status>: <body text>" on a non-OK answer', async () => {
    stubFetch(409, '{"message":"That username is taken"}');
    await expect(apiRequest('POST', '/api/register', {})).rejects.toThrowError(
      '409: {"message":"That username is taken"}',
    );
  });
});

describe('apiJson', () => {
  it('returns the parsed body of an OK answer', async () => {
    stubFetch(200, '{"success":true}');
    expect(await apiJson('POST', '/api/logout')).toEqual({ success: true });
  });

  it('throws like apiRequest on a non-OK answer', async () => {
    stubFetch(401, '{"message":"Invalid username or password"}');
    await expect(apiJson('POST', '/api/login', {})).rejects.toThrowError(
      '401: {"message":"Invalid username or password"}',
    );
  });
});

describe('errorMessage', () => {
  const fallback = 'Something went wrong';

  it("returns the server's message from an apiRequest error", async () => {
    stubFetch(409, '{"message":"That username is already taken."}');
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(errorMessage(error, fallback)).toBe('That username is already taken.');
  });

  it('keeps the message of a validation failure that also lists issues', () => {
    const body = { message: 'Invalid email address (email)', issues: [{ path: 'email' }] };
    expect(errorMessage(new Error(`400: ${JSON.stringify(body)}`), fallback)).toBe(
      'Invalid email address (email)',
    );
  });

  it('keeps a message that contains a colon or a line break', () => {
    const error = new Error('429: {"message":"Too many attempts:\\nwait 5 minutes"}');
    expect(errorMessage(error, fallback)).toBe('Too many attempts:\nwait 5 minutes');
  });

  it('falls back for a body that is not JSON', () => {
    expect(errorMessage(new Error('502: <html>Bad Gateway</html>'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('500: Internal Server Error'), fallback)).toBe(fallback);
  });

  it('falls back for JSON without a usable message', () => {
    expect(errorMessage(new Error('400: {"error":"nope"}'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('400: {"message":""}'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('400: {"message":42}'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('400: null'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('400: "text"'), fallback)).toBe(fallback);
  });

  it('falls back for errors that are not from apiRequest', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
    expect(errorMessage('boom', fallback)).toBe(fallback);
    expect(errorMessage(undefined, fallback)).toBe(fallback);
    expect(errorMessage({ message: 'not an Error' }, fallback)).toBe(fallback);
  });
});

describe('errorStatus', () => {
  it('reads the status of an apiRequest error', () => {
    expect(errorStatus(new Error('429: {"message":"Slow down"}'))).toBe(429);
  });

  it('is null for other errors', () => {
    expect(errorStatus(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorStatus('401: text')).toBeNull();
  });
});

describe('getQueryFn', () => {
  const context = (key: string[]) =>
    ({ queryKey: key, signal: new AbortController().signal }) as never;

  it('fetches the URL made of the query key, with credentials', async () => {
    const fetchMock = stubFetch(200, '[{"id":"t1"}]');
    const data = await getQueryFn({ on401: 'throw' })(context(['/api/trips', 't1', 'todos']));
    expect(data).toEqual([{ id: 't1' }]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/trips/t1/todos',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('returns null on 401 when asked to', async () => {
    stubFetch(401, '{"message":"Not signed in"}');
    expect(await getQueryFn({ on401: 'returnNull' })(context(['/api/user']))).toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    stubFetch(401, '{"message":"Not signed in"}');
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/user']))).rejects.toThrowError(
      '401: {"message":"Not signed in"}',
    );
  });
});

describe('the query client', () => {
  it('never retries, refetches on its own or goes stale (spec §7)', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});
