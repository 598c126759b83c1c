import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, createQueryClient, getQueryFn } from './queryClient';

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
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"ana@example.com"}',
      credentials: 'include',
    });
  });

  it('sends no body and no content type without data', async () => {
    const fetchMock = stubFetch(200, '');
    await apiRequest('POST', '/api/logout');
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', {
      method: 'POST',
      headers: {},
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
