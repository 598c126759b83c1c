import type { Duplex } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorCode, type ErrorResponse, statusOf } from '../../shared/contracts/errors';

/**
 * An error whose message is meant for the person using the app, with the code programs switch on
 * (shared/contracts/errors.ts); the code decides the status.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** `cause`: what went wrong underneath, logged for a 5xx (never sent). */
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.statusCode = statusOf(code);
  }
}

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: unknown } };

function describeIssues(context: string | undefined, issues: ValidationIssue[]) {
  return issues.map((issue) => {
    const where = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    // Body fields are named plainly ("email"); other places keep their prefix ("querystring.page").
    const path = [context === 'body' ? '' : context, where].filter(Boolean).join('.');
    return { path, message: issue.message ?? 'is invalid' };
  });
}

const EMPTY_BODY = 'The request body is empty; send a JSON object.';

// Fastify's own 4xx errors are written for developers; these say the same for people, with a code.
const FRAMEWORK_ERRORS: Record<string, ErrorResponse> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: EMPTY_BODY },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_json',
    message: 'The request body does not match its Content-Length.',
  },
  FST_ERR_BAD_URL: { code: 'bad_url', message: 'The address of this request cannot be read.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'uri_too_long',
    message: 'The address of this request is too long.',
  },
  FST_ERR_RATE_LIMIT: {
    code: 'rate_limited',
    message: 'Too many requests. Please try again later.',
  },
};

/** The code of a 4xx that carries none of ours (a plugin's), by its status. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'body_too_large';
  if (status === 414) return 'uri_too_long';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'invalid_input';
}

/**
 * Fastify's router refuses a URL it cannot decode, or a path segment over its maximum length,
 * before any hook or the error handler runs (its `frameworkErrors` option): the same shape and
 * codes as every other error, and the path is not echoed back.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  const known = FRAMEWORK_ERRORS[error.code];
  const body: ErrorResponse = {
    code: known?.code ?? codeForStatus(status),
    message: known?.message ?? 'The address of this request cannot be read.',
  };
  return reply.code(status).send(body);
}

// Node's HTTP parser refuses a request it cannot read before Fastify sees it (the `clientError`
// event): a NUL or space in the path, conflicting Content-Length headers, headers over 16 KB, a
// request too slow to arrive.
const CLIENT_ERRORS: Record<string, { status: number; reason: string; body: ErrorResponse }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { code: 'headers_too_large', message: 'The headers of this request are too large.' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    body: { code: 'request_timeout', message: 'The request took too long to arrive.' },
  },
};
const MALFORMED_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  body: { code: 'bad_request', message: 'This request is not one the server can read.' },
} satisfies (typeof CLIENT_ERRORS)[string];

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node could not parse, in the same
 * `{ message, code }` shape as every other refusal (Fastify's own says `"Client Error"`). The
 * connection cannot carry another request after a parse error, so it is closed once answered.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, body } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  if (socket.writable) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/**
 * What of an unexpected error may be logged. A failed Drizzle query carries its parameters in
 * its message and fields — password hashes, TOTP secrets, token hashes — so only the query text
 * and the database's own error go to the log.
 */
export function loggable(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const safe = new Error(`Failed query: ${error.query}`);
  safe.name = 'DrizzleQueryError';
  if (cause) {
    const { code } = cause as { code?: unknown };
    // The database's own words and SQLSTATE, in the message so every log serializer keeps them.
    safe.message += ` (${typeof code === 'string' ? `${code}: ` : ''}${cause.message})`;
  }
  // The original stack's first lines repeat the message, parameters included: keep the frames.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/**
 * One shape for every error under /api, `{ message, code, issues? }`: 400 `invalid_input` with
 * the issues for bad input, the status and a human message for other 4xx, and `Internal server
 * error` for anything unexpected — whose details go to the log only.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'params') {
        // An id that cannot exist names nothing: 404, as for one that does not exist
        // (shared/contracts/params.ts gives each its "No such …").
        const body: ErrorResponse = {
          code: 'not_found',
          message: error.validation[0]?.message ?? 'Not found',
        };
        return reply.code(404).send(body);
      }
      if (error.validationContext === 'body' && request.body === undefined) {
        // No body at all (see jsonBody.ts): say so rather than "expected object".
        return reply.code(400).send({ code: 'invalid_json', message: EMPTY_BODY });
      }
      const issues = describeIssues(error.validationContext, error.validation);
      const first = issues[0];
      const body: ErrorResponse = {
        code: 'invalid_input',
        message: first
          ? `${first.message}${first.path ? ` (${first.path})` : ''}`
          : 'Invalid request',
        issues,
      };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError) {
      // Not the person's fault (storage down, say): what went wrong goes to the log.
      if (error.statusCode >= 500 && error.cause) {
        request.log.error({ err: loggable(error.cause) }, error.message);
      }
      const body: ErrorResponse = { code: error.code, message: error.message };
      return reply.code(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FRAMEWORK_ERRORS[error.code];
      const body: ErrorResponse =
        error instanceof SyntaxError
          ? { code: 'invalid_json', message: 'The request body is not valid JSON.' }
          : {
              code: known?.code ?? codeForStatus(status),
              message: known?.message ?? error.message,
            };
      return reply.code(status).send(body);
    }
    request.log.error({ err: loggable(error) }, 'request failed');
    const body: ErrorResponse = { code: 'internal', message: 'Internal server error' };
    return reply.code(500).send(body);
  });
}
