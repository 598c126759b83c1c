import type { ErrorCode } from '../../shared/contracts/errorCodes';

/** One field that failed validation, as a 400 `invalid_input` lists it. */
export interface ErrorIssue {
  path: string;
  message: string;
}

interface ReceivedError {
  message: string;
  code?: string;
  issues?: ErrorIssue[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isIssue = (value: unknown): value is ErrorIssue =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/**
 * An error body as this client receives it, or null when the text is not one (a proxy's page).
 * Read leniently and by hand, not with the zod schema: a client older than the server still takes
 * the message of a code it does not know yet, and every page loads this file (zod would not fit
 * the landing page's script budget).
 */
export function parseErrorBody(text: string): ReceivedError | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(body) || typeof body.message !== 'string') return null;
  return {
    message: body.message,
    code: typeof body.code === 'string' ? body.code : undefined,
    issues: Array.isArray(body.issues) ? body.issues.filter(isIssue) : undefined,
  };
}

/**
 * A non-OK answer from the API. Its `message` is what spec §7 names — "<status>: <body text>" —
 * and what the server said is read once here, so components branch on `code` (habit 12) and show
 * `serverMessage`, never parse the message themselves.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /**
   * The catalogue's code (shared/contracts/errorCodes.ts); the raw string of a code this client does
   * not know yet (a newer server); null when the body is not one of ours (a proxy's error page).
   */
  readonly code: ErrorCode | (string & {}) | null;
  /** The server's words for people, or null when it gave none. */
  readonly serverMessage: string | null;
  /** What failed validation, one entry per field (400 `invalid_input`); empty otherwise. */
  readonly issues: ErrorIssue[];

  constructor(
    readonly status: number,
    bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    const body = parseErrorBody(bodyText);
    this.code = body?.code ?? null;
    this.serverMessage = body?.message.trim() ? body.message : null;
    this.issues = body?.issues ?? [];
  }
}

/**
 * The server's own words for a failure. Anything else (a network failure, an HTML error page, a
 * body without a message) gives `fallback`, so people never see a status code or raw JSON.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The HTTP status of an API error, or null for anything else (a network failure, say). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * The code of an API error, to branch on (habit 12), or null for anything else — a network
 * failure, a body that is not ours. Typed by the catalogue for the branches; a code this client
 * does not know yet (a newer server) comes as it is and matches none of them. Only the type is
 * imported: the catalogue itself stays out of the landing page's 100 KB of script.
 */
export function errorCode(error: unknown): ErrorCode | (string & {}) | null {
  return error instanceof ApiError ? error.code : null;
}
