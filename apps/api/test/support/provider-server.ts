/**
 * A real HTTP server on 127.0.0.1 (an OS-chosen port) standing in for a provider: it records every
 * request and answers with whatever the test's handler writes. No network beyond the loopback.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { ProviderError } from '../../src/outbound/client.js';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
}

export interface StubServer {
  /** 'http://127.0.0.1:PORT' */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The one request the test expects to have been made. */
  onlyRequest(): RecordedRequest;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startServer(handler: Handler): Promise<StubServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      headers: req.headers,
    });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    onlyRequest() {
      if (requests.length !== 1) throw new Error(`expected 1 request, got ${requests.length}`);
      return requests[0] as RecordedRequest;
    },
    close() {
      // Handlers that never answer leave sockets open; drop them so close() resolves.
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** Answers with `body` serialized as JSON. */
export function json(status: number, body: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
}

/** Answers with `body` as-is. */
export function text(status: number, body: string, contentType = 'text/plain'): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  };
}

/** Never answers (the test's client must give up on its own). */
export const silent: Handler = () => {};

/** Sends the status line and headers, then stalls before the body. */
export const stallAfterHeaders: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"median": ');
};

/** Rejects with the error `promise` throws, for asserting on its fields. */
export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/**
 * The `ProviderError` `promise` rejects with, checked as every provider's must be: named for
 * `provider`, its message starting with that name, and `secret` (the key or token) nowhere in it.
 */
export async function providerError(
  promise: Promise<unknown>,
  provider: string,
  secret: string,
): Promise<ProviderError> {
  const error = await caught(promise);
  expect(error).toBeInstanceOf(ProviderError);
  const pe = error as ProviderError;
  expect(pe.provider).toBe(provider);
  expect(pe.message.startsWith(`${provider}: `)).toBe(true);
  expect(pe.message).not.toContain(secret);
  expect(JSON.stringify(pe)).not.toContain(secret);
  return pe;
}
