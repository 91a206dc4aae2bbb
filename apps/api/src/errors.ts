/**
 * The one error handler: every failure becomes `{ error, code, fields? }` with a code from
 * `apiErrorCodeSchema` (@sfr/contracts). Domain errors (a market lookup or an underwriting input
 * out of bounds) are the user's 400 here, not in each caller. 4xx messages are meant for users;
 * 5xx details are logged and never sent.
 */
import { type ApiError, type ApiErrorCode, MESSAGES } from '@sfr/contracts';
import { UnderwritingInputError } from '@sfr/underwriting';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, loggableError } from './db/client.js';
import { MarketInputError } from './market/tables/errors.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const invalidZip = () => new AppError(400, 'INVALID_ZIP', MESSAGES.invalidZip);

const SERVER_ERROR = 'Something went wrong on our side. Please try again later.';
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';
/** Seconds a client should wait before retrying when the database did not answer. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Turns the zod issues Fastify collected into one message per field, keyed by dotted path. */
function validationFields(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    // instancePath is '/property/metrics/rent'; a missing key reports its parent and names it in params
    const missing =
      typeof issue.params.missingProperty === 'string' ? `/${issue.params.missingProperty}` : '';
    const path = `${issue.instancePath}${missing}`.split('/').filter(Boolean).join('.') || 'body';
    fields[path] ??= issue.message ?? 'is invalid';
  }
  return fields;
}

/** Fastify's own client errors (malformed JSON, body too large, wrong content type…) by status. */
function clientErrorCode(status: number): ApiErrorCode {
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/** A domain error as the user's 400, naming the field and what it must be; null for any other error. */
function domainError(error: unknown): AppError | null {
  if (error instanceof UnderwritingInputError) {
    return new AppError(400, 'INVALID_ASSUMPTION', error.message, { [error.field]: error.rule });
  }
  if (error instanceof MarketInputError) {
    return new AppError(400, 'INVALID_MARKET_INPUT', error.message, { [error.field]: error.rule });
  }
  return null;
}

/** 503 'Service temporarily unavailable…' with Retry-After: the database cannot be reached. */
export function sendServiceUnavailable(reply: FastifyReply): FastifyReply {
  reply.header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS);
  return reply
    .status(503)
    .send({ error: SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' } satisfies ApiError);
}

/** "bedrooms: must be a whole number. email: Please enter a valid email address." — a sentence each. */
function fieldSentences(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([field, message]) => `${field}: ${/[.!?]$/.test(message) ? message : `${message}.`}`)
    .join(' ');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const error = domainError(thrown) ?? thrown;
    if (error instanceof AppError) {
      const body: ApiError = { error: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      return reply.status(400).send({
        error: `Please check these fields. ${fieldSentences(fields)}`,
        code: 'VALIDATION_FAILED',
        fields,
      } satisfies ApiError);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ error: SERVER_ERROR, code: 'INTERNAL' } satisfies ApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: error.message, code: clientErrorCode(status) } satisfies ApiError);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      return sendServiceUnavailable(reply);
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ error: SERVER_ERROR, code: 'INTERNAL' } satisfies ApiError);
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: `No route for ${request.method} ${request.url}`, code: 'NOT_FOUND' } satisfies ApiError),
  );
}
