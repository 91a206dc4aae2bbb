/**
 * The one way the web talks to the API: same-origin JSON with the session cookie, and every
 * failure turned into an `ApiRequestError` carrying the API's error body ({ error, code, fields }).
 */
import { API_REQUEST_TIMEOUT_MS, type ApiErrorCode, apiErrorSchema, okResponseSchema } from '@sfr/contracts';
import { z } from 'zod/mini';

/** Failures the browser names itself, when there is no API error body to read. */
export type RequestFailureCode = 'NETWORK' | 'TIMEOUT' | 'HTTP_ERROR' | 'BAD_RESPONSE';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, blocked) */
    readonly status: number,
    /** the API's machine code, e.g. OUT_OF_FREE_SEARCHES; NETWORK when there was no answer */
    readonly code: ApiErrorCode | RequestFailureCode,
    message: string,
    /** one message per invalid field, keyed by its dotted path */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Sends `body` as JSON and parses the answer with `schema`; throws ApiRequestError on any failure.
 * A request with no answer after API_REQUEST_TIMEOUT_MS fails with code TIMEOUT; one the caller
 * aborts through `signal` rethrows the abort.
 */
export async function apiRequest<S extends z.ZodMiniType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const timeout = AbortSignal.timeout(API_REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) {
      throw new ApiRequestError(0, 'TIMEOUT', 'The server took too long to answer. Please try again.');
    }
    throw new ApiRequestError(
      0,
      'NETWORK',
      'The server could not be reached. Check your connection and try again.',
    );
  }
  // 204 No Content has no body: the schema then reads null
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    if (parsed.success) {
      throw new ApiRequestError(response.status, parsed.data.code, parsed.data.error, parsed.data.fields);
    }
    throw new ApiRequestError(response.status, 'HTTP_ERROR', `The server answered ${response.status}.`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(
      response.status,
      'BAD_RESPONSE',
      'The server sent an answer this page cannot read.',
    );
  }
  return parsed.data;
}

export const apiGet = <S extends z.ZodMiniType>(path: string, schema: S, signal?: AbortSignal) =>
  apiRequest('GET', path, schema, undefined, signal);

export const apiPost = <S extends z.ZodMiniType>(path: string, schema: S, body: unknown = {}) =>
  apiRequest('POST', path, schema, body);

/** A DELETE answers 204 with no body (read as null), or `{ ok: true }`. */
const deleted = z.union([z.null(), okResponseSchema]);

export const apiDelete = (path: string) => apiRequest('DELETE', path, deleted);
