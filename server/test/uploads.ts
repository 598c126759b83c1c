import type { TripPhoto } from '../../shared/contracts/photos';
import { SESSION_COOKIE } from '../platform/sessions';
import type { Account } from './factories';

/**
 * Uploads a photo as the app's XMLHttpRequest does: the file's own bytes (or a stream of them,
 * sent chunked, without a Content-Length), named in the query, from `who`'s session.
 */
export async function uploadPhoto<T = TripPhoto>(
  app: { url: string },
  who: Pick<Account, 'client'>,
  tripId: string,
  body: Buffer | ReadableStream<Uint8Array>,
  query: Record<string, string> = {},
  contentType = 'image/jpeg',
): Promise<{ status: number; body: T; headers: Headers }> {
  const search = new URLSearchParams({ name: 'IMG_2041.jpg', ...query });
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: {
      origin: app.url,
      'x-forwarded-for': who.client.ip,
      cookie: `${SESSION_COOKIE}=${who.client.cookie}`,
      'content-type': contentType,
    },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    // Node's fetch sends a stream only when told it may start before the answer.
    duplex: 'half',
  };
  const res = await fetch(`${app.url}/api/trips/${tripId}/photos?${search}`, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}
