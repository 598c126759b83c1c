/**
 * Kept free of zod, and the client imports only its type: the landing page's budget (100 KB of
 * gzipped script) has no room for a schema library or a catalogue it does not need to branch.
 */
/**
 * Every error the API answers with carries one of these codes, and each code has one HTTP status.
 * Clients switch on the code (Documenso's AppError); the message beside it is for people and may
 * be reworded at any time. Add a code here before throwing it: the error handler's response
 * schema refuses any other.
 */
export const ERROR_STATUS = {
  // 400: the request itself is wrong
  invalid_input: 400, // a field failed validation; `issues` names each one
  invalid_json: 400, // the body is not JSON, empty, or does not match its Content-Length
  bad_url: 400, // the path cannot be decoded
  bad_request: 400, // not HTTP this server can read (a NUL in the path, two Content-Lengths)
  invalid_code: 400, // a two-factor code that is not the right one
  wrong_password: 400, // the current password (to change it, or delete the account) is wrong
  common_password: 400, // a new password on the list of the most common ones
  reset_link_invalid: 400, // a used, expired or unknown password-reset token
  email_link_invalid: 400, // a used, expired or unknown e-mail confirmation link
  deletion_link_invalid: 400, // a used, expired or unknown account-deletion link
  link_required: 400, // an account without a password confirms by an e-mailed link
  password_required: 400, // an account with a password confirms with it, not by a link
  two_factor_not_enabled: 400,
  two_factor_setup_missing: 400, // a confirmation with no setup waiting for it
  not_a_member: 400, // an assignee or traveller who is not on the trip
  link_refused: 400, // a pasted link to a private, loopback or link-local address
  invalid_dates: 400, // an end before a start, an arrival before a departure
  invalid_email: 400,
  owner_cannot_leave: 400, // the owner leaves by deleting the trip or handing it over
  // Issue #35: passkeys (server/features/passkeys/)
  passkey_challenge_invalid: 400, // a passkey answer to a request that expired, was used, or never was
  passkey_verification_failed: 400, // a passkey answer that does not verify (origin, signature, counter…)
  passkey_unknown: 400, // a passkey this account (or, signing in, any account) does not have
  // 401: who is asking is not known
  unauthenticated: 401, // not signed in (or only half: the second factor is owed)
  invalid_credentials: 401,
  too_many_wrong_codes: 401, // the pending sign-in is over: sign in again
  // 403: known, but not allowed
  forbidden: 403, // the request did not come from Tripmates (CSRF)
  admin_only: 403,
  owner_only: 403, // a trip's settings, invitations and members are its owner's
  invite_only: 403, // REGISTRATION=invite and no valid invitation
  plan_limit: 403, // the plan's number of active trips
  trip_full: 403, // the owner's plan's number of travellers
  plan_required: 403, // a paid plan's feature (magic links)
  item_limit: 403, // a trip holds at most so many to-dos, flights, widgets (shared/contracts/<x>.ts)
  creator_only: 403, // changing what a member made: its creator or the trip's owner (shared/itemPolicy.ts)
  // 404
  not_found: 404, // also what a trip (or anything on it) answers to someone not on it
  invitation_invalid: 404, // a reset, expired or unknown invitation link
  magic_link_invalid: 404, // a used, expired or unknown magic link
  unknown_city: 404,
  // 408, 409
  request_timeout: 408, // the request did not arrive whole in time
  username_taken: 409,
  email_taken: 409,
  two_factor_already_enabled: 409,
  passkey_already_registered: 409, // the same passkey added twice
  id_taken: 409, // a create naming an id that is another trip's item, or another person's
  plan_held: 409, // early access to a plan the account already has (or one above it)
  closed: 409, // a change to what is closed to changes: a vote on a poll closed by hand or past its deadline
  already_shortlisted: 409, // the same offer, partner search or link twice on a trip's shortlist
  not_restorable: 409, // restoring a history entry that is no deletion, done already, or moot
  // 413, 415, 429
  body_too_large: 413,
  album_full: 413, // a trip's photos have used the room its album has (PHOTO_MAX_TRIP_MB)
  unsupported_media_type: 415, // also a photo whose bytes are no JPEG, PNG, WebP or AVIF
  // 422: the right kind of request, whose content cannot be used
  unreadable_image: 422, // a photo that cannot be decoded: damaged, or HEIC without a decoder
  uri_too_long: 414,
  headers_too_large: 431, // the request's headers are over Node's limit (16 KB)
  rate_limited: 429, // too many requests from one address (or account) in a window
  account_locked: 429, // too many failed passwords in a row: sign-in waits 15 minutes
  // 5xx: not the client's fault
  internal: 500,
  upstream_unavailable: 502, // weather or photo provider down, slow or garbled
  link_unreadable: 502, // a pasted link's page could not be read (down, not HTML, too slow)
  unavailable: 503, // the database cannot be reached
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The status a code is answered with. */
export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
