/**
 * The e-mail rule both sides share, kept free of zod so the landing page can check an address
 * without shipping a schema library (its JavaScript budget is 100 KB). zod's own email pattern,
 * which the `email` schema in contracts/account.ts is built on.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const EMAIL_MAX_LENGTH = 254;

/** Whether `value` (trimmed) is an address the server accepts. */
export function isEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}
