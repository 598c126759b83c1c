import type { z } from 'zod';

/** A new password and its confirmation differ. */
export const PASSWORDS_DIFFER = 'The passwords do not match';

export type FormParse<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Checks form values with the same zod schema the server uses (shared/contracts), so both sides
 * agree on every rule and message; a failure gives the first issue's message.
 */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown): FormParse<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Please check the form' };
}
