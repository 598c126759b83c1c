import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../shared/contracts/common';

/** An error whose message is meant for the person using the app (a 4xx with a clear reason). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
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

// Fastify's own 4xx messages are written for developers; these say the same for people.
const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: EMPTY_BODY,
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

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
 * One shape for every error under /api: 400 `{ message, issues }` for bad input, the status and
 * a human message for other 4xx, and `Internal server error` for anything unexpected — whose
 * details go to the log only.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'body' && request.body === undefined) {
        // No body at all (see jsonBody.ts): say so rather than "expected object".
        return reply.code(400).send({ message: EMPTY_BODY });
      }
      const issues = describeIssues(error.validationContext, error.validation);
      const first = issues[0];
      const body: ErrorResponse = {
        message: first
          ? `${first.message}${first.path ? ` (${first.path})` : ''}`
          : 'Invalid request',
        issues,
      };
      return reply.code(400).send(body);
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message } satisfies ErrorResponse);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRIENDLY_MESSAGES[error.code] ??
        (error instanceof SyntaxError ? 'The request body is not valid JSON.' : error.message);
      return reply.code(status).send({ message } satisfies ErrorResponse);
    }
    request.log.error({ err: loggable(error) }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' } satisfies ErrorResponse);
  });
}
