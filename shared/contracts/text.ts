import { z } from 'zod';

/**
 * Text the database can store. PostgreSQL refuses U+0000 in text (error 22021), and a lone
 * UTF-16 surrogate is not a character at all (it cannot be encoded as UTF-8), so both are refused
 * where the request is read, with a message and a 400, instead of failing as a 500 in the
 * database. Every string a request carries goes through `text()`; the API fuzz test
 * (server/test/fuzz.test.ts) sends both to every field of every route to hold that.
 */
export const UNSTORABLE_TEXT =
  'The text contains a character that is not allowed (U+0000 or a broken surrogate)';

// A high surrogate not followed by a low one, or a low one without a high one before it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` can be stored as text: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The string schema of every request field: `z.string(error)` that also refuses what the
 * database cannot store. Chain `.trim()`, `.min()`, `.max()`… on it as on any string.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, UNSTORABLE_TEXT);
}

/** How deep free-form data may nest: settings are a level or two; this leaves room, no more. */
export const JSON_MAX_DEPTH = 8;

/**
 * What is wrong with free-form JSON (a widget's settings), or null: nesting deeper than
 * `JSON_MAX_DEPTH`, or a key or string the database cannot store. Walks with its own stack, so
 * a body nested 5,000 levels deep is refused rather than overflowing the call stack.
 */
export function jsonDataProblem(value: unknown, maxDepth = JSON_MAX_DEPTH): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return UNSTORABLE_TEXT;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return `Data may nest at most ${maxDepth} levels deep`;
    for (const [key, child] of Object.entries(current)) {
      if (!isStorableText(key)) return UNSTORABLE_TEXT;
      pending.push([child, depth + 1]);
    }
  }
  return null;
}
