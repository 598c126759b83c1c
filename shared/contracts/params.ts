import { z } from 'zod';
import { isStorableText } from './text';

/**
 * An id in a request's path. A path that names something that cannot exist names nothing: the
 * server answers it 404 `not_found` with `notFound` as the message (server/platform/errors.ts),
 * exactly as it answers an id that does not exist — and as trip-scoped routes answer ids of
 * trips the caller is not on.
 */
export function uuidParam(notFound: string) {
  // guid, not uuid: any 8-4-4-4-12 hex id, whatever its version bits, is one the database can hold.
  return z.guid({ error: notFound });
}

/** A text id in a path (a widget's `<type><timestamp>`): too long is as good as missing. */
export function textIdParam(notFound: string) {
  return z.string().min(1, notFound).max(100, notFound).refine(isStorableText, notFound);
}
