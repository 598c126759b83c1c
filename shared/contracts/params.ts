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

export const NEW_ITEM_ID_MESSAGES = {
  invalid: 'The id must be a UUID, like 1b4e28ba-2fa1-4d2e-883f-0016d3cca427',
  taken: 'This id is already taken',
} as const;

/**
 * Issue #37: the id a client chooses for what it creates (`crypto.randomUUID()`), so that the
 * same create sent twice — a retry after a lost answer, a replay after being offline — makes one
 * item and gets the same answer. Lower-cased, as every id that enters is (shared/ids.ts).
 */
export const newItemId = z.uuid({ error: NEW_ITEM_ID_MESSAGES.invalid }).toLowerCase();
