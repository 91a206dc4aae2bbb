/**
 * One error body for every failure: `{ error, code, fields? }`. 4xx messages are meant for users;
 * 5xx details are logged and never sent.
 */
import { type ApiError, MESSAGES } from '@sfr/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const invalidZip = () => new AppError(400, 'INVALID_ZIP', MESSAGES.invalidZip);

const SERVER_ERROR = 'Something went wrong on our side. Please try again later.';

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = { error: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const list = Object.entries(fields).map(([field, message]) => `${field}: ${message}`);
      return reply.status(400).send({
        error: `Please check these fields. ${list.join('; ')}`,
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
      // Fastify's own client errors: malformed JSON, body too large, wrong content type…
      return reply
        .status(status)
        .send({ error: error.message, code: error.code ?? 'BAD_REQUEST' } satisfies ApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: SERVER_ERROR, code: 'INTERNAL' } satisfies ApiError);
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ error: `No route for ${request.method} ${request.url}`, code: 'NOT_FOUND' } satisfies ApiError),
  );
}
