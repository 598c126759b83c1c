/**
 * Calls to outside services (weather, Pexels): JSON over HTTPS with a hard time limit. Every
 * failure becomes an UpstreamError that names the service and what went wrong — never the URL,
 * which can carry an API key — so routes answer 502 with a clear message and logs stay clean.
 */

// Issue #6: an upstream slower than 5 s counts as down.
export const UPSTREAM_TIMEOUT_MS = 5000;

export type UpstreamFailure = 'unreachable' | 'timeout' | 'status' | 'malformed';

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly service: string,
    readonly failure: UpstreamFailure,
    readonly status?: number,
  ) {
    super(
      failure === 'status'
        ? `${service} answered ${status}`
        : failure === 'timeout'
          ? `${service} did not answer in time`
          : failure === 'malformed'
            ? `${service} sent an answer that could not be read`
            : `${service} could not be reached`,
    );
  }
}

type Options = {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** POSTs this as JSON instead of a GET. */
  json?: unknown;
};

/** GETs `url` (or POSTs `json` to it) and parses its JSON answer, within the time limit. */
export async function fetchUpstreamJson(
  service: string,
  url: URL | string,
  { headers, timeoutMs = UPSTREAM_TIMEOUT_MS, json }: Options = {},
): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: json === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal,
    });
  } catch {
    throw new UpstreamError(service, signal.aborted ? 'timeout' : 'unreachable');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new UpstreamError(service, 'status', response.status);
  }
  try {
    return await response.json();
  } catch {
    throw new UpstreamError(service, signal.aborted ? 'timeout' : 'malformed');
  }
}
