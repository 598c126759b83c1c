import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN } from '../../shared/clientId';
import { ApiError } from './apiError';
import { apiJson, apiRequest, createQueryClient, getQueryFn, throwIfNotOk } from './queryClient';
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

  it('throws an ApiError that carries what the server said', async () => {
    const body = '{"message":"That username is already taken.","code":"username_taken"}';
    stubFetch(409, body);
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: `409: ${body}`,
      status: 409,
      code: 'username_taken',
      serverMessage: 'That username is already taken.',
      issues: [],
    });
  });
});

describe('throwIfNotOk', () => {
  it('uses the status text when the body is empty', async () => {
    const res = new Response('', { status: 502, statusText: 'Bad Gateway' });
    await expect(throwIfNotOk(res)).rejects.toThrowError('502: Bad Gateway');
  });

  it('lets an OK answer through', async () => {
    await expect(throwIfNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
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

  it('throws an ApiError with the code of the answer', async () => {
    stubFetch(404, '{"message":"No such trip","code":"not_found"}');
    const fetching = getQueryFn({ on401: 'throw' })(context(['/api/trips', 'x']));
    await expect(fetching).rejects.toBeInstanceOf(ApiError);
    await expect(fetching).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      serverMessage: 'No such trip',
    });
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
    // A write made offline waits, paused, for the connection (issue #37), and is not retried.
    expect(defaults.mutations).toMatchObject({ retry: false, networkMode: 'online' });
  });
});
