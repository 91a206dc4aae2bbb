/**
 * The one HTTP helper the third-party adapters share: a GET that returns parsed JSON or throws a
 * `ProviderError`. Nothing here logs, and nothing it throws carries a credential: `api_key` and
 * `access_token` query values are redacted from every URL and scrubbed from every message, and so
 * are header credentials the caller names in `secrets` (HUD's bearer token).
 */
import type { z } from 'zod';

/** Why a provider call failed: so a caller can tell "try later" from "our request is wrong". */
export type ProviderErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'schema' | 'input';

/**
 * A third-party call that did not produce a usable answer. The message starts with the provider's
 * name and never contains its key; `status` is the HTTP status when the provider answered.
 * Callers fall back to their offline default and show a warning.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly kind: ProviderErrorKind;

  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
    options: { kind?: ProviderErrorKind } = {},
  ) {
    super(`${provider}: ${message}`);
    this.kind = options.kind ?? (status === undefined ? 'network' : 'http');
  }
}

/** Query parameters whose values are credentials. */
const SECRET_PARAMS = ['api_key', 'access_token'] as const;
const REDACTED = 'REDACTED';

/** `url` with each credential query value replaced by `REDACTED`, safe to log or show. */
export function redactUrl(url: string | URL): string {
  const copy = new URL(url);
  for (const name of SECRET_PARAMS) if (copy.searchParams.has(name)) copy.searchParams.set(name, REDACTED);
  return copy.toString();
}

/**
 * Removes every credential value found in `url`, and every one of `secrets` (header tokens), from
 * `text` (for provider error bodies).
 */
function scrub(text: string, url: URL, secrets: readonly string[] = []): string {
  let out = text;
  const values = [...SECRET_PARAMS.flatMap((name) => url.searchParams.getAll(name)), ...secrets];
  for (const secret of values) {
    if (secret.length > 0) out = out.split(secret).join(REDACTED);
  }
  return out;
}

const MAX_DETAIL_LENGTH = 200;

/** The provider's own short error text from a non-2xx body, if it has one. */
function errorDetail(body: string, url: URL, secrets: readonly string[]): string {
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const candidate = record.message ?? record.error ?? record.errors;
      if (typeof candidate === 'string') text = candidate;
      else if (Array.isArray(candidate)) text = candidate.filter((e) => typeof e === 'string').join('; ');
    }
  } catch {
    // Not JSON (an HTML error page, say): keep the start of the text only if it is short prose.
    if (text.startsWith('<')) text = '';
  }
  text = scrub(text.replace(/\s+/g, ' '), url, secrets);
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

export interface GetJsonOptions {
  /** Names the provider in every error, e.g. 'rentometer'. */
  provider: string;
  /** The whole call, headers and body, must finish within this many milliseconds. */
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Credentials sent outside the URL (a bearer token): never repeated in an error message. */
  secrets?: readonly string[];
}

/**
 * GETs `url` and returns its body parsed as JSON (not yet validated: see `parseWith`).
 * Throws `ProviderError` on a network failure, a timeout, a non-2xx status, or a body that is not
 * JSON. Error messages name the endpoint by origin and path only, so no query value leaks.
 */
export async function getJson(url: string | URL, options: GetJsonOptions): Promise<unknown> {
  const { provider, timeoutMs, headers = {}, secrets = [] } = options;
  const target = new URL(url);
  const where = `${target.origin}${target.pathname}`;
  const signal = AbortSignal.timeout(timeoutMs);

  const failure = (error: unknown, stage: string): ProviderError => {
    if (signal.aborted || (error instanceof Error && error.name === 'TimeoutError')) {
      return new ProviderError(provider, `${where} did not answer within ${timeoutMs} ms`, undefined, {
        kind: 'timeout',
      });
    }
    const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    const reason = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
    return new ProviderError(
      provider,
      `${stage} ${where} failed (${scrub(reason, target, secrets)})`,
      undefined,
      {
        kind: 'network',
      },
    );
  };

  let response: Response;
  try {
    response = await fetch(target, { headers: { accept: 'application/json', ...headers }, signal });
  } catch (error) {
    throw failure(error, 'request to');
  }

  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    throw failure(error, 'reading the response of');
  }

  if (!response.ok) {
    const detail = errorDetail(body, target, secrets);
    throw new ProviderError(
      provider,
      `${where} answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
      response.status,
      { kind: 'http' },
    );
  }

  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ProviderError(provider, `${where} answered with a body that is not JSON`, response.status, {
      kind: 'parse',
    });
  }
}

/**
 * `data` checked against the provider's documented response `schema`; a mismatch throws
 * `ProviderError` (kind 'schema') listing the first few paths that did not match.
 */
export function parseWith<Schema extends z.ZodType>(
  provider: string,
  schema: Schema,
  data: unknown,
): z.output<Schema> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
  throw new ProviderError(provider, `unexpected response shape (${issues})`, undefined, { kind: 'schema' });
}
