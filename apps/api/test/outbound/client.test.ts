import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getJson, ProviderError, parseWith, redactUrl } from '../../src/outbound/client.js';
import {
  json,
  providerError,
  type StubServer,
  silent,
  stallAfterHeaders,
  startServer,
  text,
} from '../support/provider-server.js';

const KEY = 'sk-secret-key-123';
let server: StubServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handler: Parameters<typeof startServer>[0]): Promise<StubServer> {
  server = await startServer(handler);
  return server;
}

function keyedUrl(base: string): string {
  return `${base}/v1/thing?api_key=${KEY}&q=austin`;
}

const acmeError = (promise: Promise<unknown>) => providerError(promise, 'acme', KEY);

describe('getJson', () => {
  it('returns the parsed body and sends Accept plus the given headers', async () => {
    const s = await serve(json(200, { ok: true, n: 3 }));
    const body = await getJson(keyedUrl(s.baseUrl), {
      provider: 'acme',
      timeoutMs: 1000,
      headers: { 'x-client': 'sfr' },
    });
    expect(body).toEqual({ ok: true, n: 3 });
    const req = s.onlyRequest();
    expect(req.method).toBe('GET');
    expect(req.url.pathname).toBe('/v1/thing');
    expect(req.url.searchParams.get('api_key')).toBe(KEY);
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers['x-client']).toBe('sfr');
  });

  it('throws kind http with the status and the provider message, with the key scrubbed', async () => {
    const s = await serve(json(401, { message: `Invalid key ${KEY}` }));
    const error = await acmeError(getJson(keyedUrl(s.baseUrl), { provider: 'acme', timeoutMs: 1000 }));
    expect(error.status).toBe(401);
    expect(error.kind).toBe('http');
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('Invalid key REDACTED');
    expect(error.message).toContain(`${s.baseUrl}/v1/thing`);
  });

  it('leaves an HTML error page out of the message', async () => {
    const s = await serve(text(503, '<html><body>Service Unavailable</body></html>', 'text/html'));
    const error = await acmeError(getJson(keyedUrl(s.baseUrl), { provider: 'acme', timeoutMs: 1000 }));
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/HTTP 503$/);
  });

  it('gives up with kind timeout when the server never answers', async () => {
    const s = await serve(silent);
    const started = Date.now();
    const error = await acmeError(getJson(keyedUrl(s.baseUrl), { provider: 'acme', timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up with kind timeout when the body stalls after the headers', async () => {
    const s = await serve(stallAfterHeaders);
    const error = await acmeError(getJson(keyedUrl(s.baseUrl), { provider: 'acme', timeoutMs: 200 }));
    expect(error.kind).toBe('timeout');
  });

  it('throws kind network when nothing listens on the port', async () => {
    const s = await serve(silent);
    const { baseUrl } = s;
    await s.close();
    server = undefined;
    const error = await acmeError(getJson(keyedUrl(baseUrl), { provider: 'acme', timeoutMs: 1000 }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('throws kind parse on a 2xx body that is not JSON', async () => {
    const s = await serve(text(200, '{"median": 12', 'application/json'));
    const error = await acmeError(getJson(keyedUrl(s.baseUrl), { provider: 'acme', timeoutMs: 1000 }));
    expect(error.kind).toBe('parse');
    expect(error.status).toBe(200);
  });
});

describe('redactUrl', () => {
  it('replaces api_key and access_token values and keeps the rest', () => {
    const redacted = redactUrl(`https://x.test/a?api_key=${KEY}&access_token=pk.abc&q=1100+Congress`);
    expect(redacted).not.toContain(KEY);
    expect(redacted).not.toContain('pk.abc');
    expect(new URL(redacted).searchParams.get('api_key')).toBe('REDACTED');
    expect(new URL(redacted).searchParams.get('access_token')).toBe('REDACTED');
    expect(new URL(redacted).searchParams.get('q')).toBe('1100 Congress');
  });
});

describe('parseWith', () => {
  const schema = z.object({ median: z.number() });

  it('returns the parsed value', () => {
    expect(parseWith('acme', schema, { median: 5, extra: 1 })).toEqual({ median: 5 });
  });

  it('throws kind schema naming the path that did not match', () => {
    const error = (() => {
      try {
        parseWith('acme', schema, { median: '5' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('schema');
    expect((error as ProviderError).message).toMatch(/^acme: unexpected response shape \(median: /);
  });
});
