/**
 * The in-flight count a stop waits on before closing the database: a request counts until its
 * answer is handed over, including one whose client hung up while its handler ran, and no request
 * that ended some other way (aborted mid-body or before its body was read, refused, unknown route)
 * stays counted.
 */
import { connect } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type InFlight, trackInFlight } from '../../src/http/in-flight.js';

let app: FastifyInstance;
let inFlight: InFlight;
let port: number;
let openGate: () => void;
let handlerStarted: Promise<void>;
let handlerRuns = 0;

/** The app: `slowHook`, if given, is an async onRequest hook after the tracker's (the session lookup's place). */
async function start(slowHook?: (request: FastifyRequest) => Promise<unknown>) {
  app = Fastify({ logger: false });
  inFlight = trackInFlight(app);
  if (slowHook) app.addHook('onRequest', slowHook);
  handlerRuns = 0;
  let started: () => void;
  handlerStarted = new Promise((resolve) => {
    started = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  app.post('/work', async () => {
    handlerRuns++;
    started();
    await gate;
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
}

/** Writes raw HTTP, then hangs up once `hangUpWhen` resolves. */
function hangUp(request: string, hangUpWhen: Promise<unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request);
      void hangUpWhen.then(() => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

/** Writes raw HTTP and resolves with the status line of the answer. */
function statusOf(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.once('data', (chunk) => {
      resolve(chunk.toString('latin1').split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.on('error', reject);
  });
}

afterEach(async () => {
  openGate?.();
  await app?.close();
});

describe('trackInFlight', () => {
  it('counts a handler whose client hung up until its answer is handed over', async () => {
    await start();
    await hangUp(
      'POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      handlerStarted,
    );
    expect(inFlight.count()).toBe(1);
    let settled = false;
    // two waiters (a second close, say): both are woken when the last answer goes
    const waiting = Promise.all([inFlight.settled(60_000), inFlight.settled(60_000)]).then((woken) => {
      settled = true;
      return woken;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    openGate();
    expect(await waiting).toEqual([true, true]);
    expect(inFlight.count()).toBe(0);
  });

  it('gives up after its limit, saying so, while a handler still runs', async () => {
    await start();
    const request = statusOf(
      'POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await handlerStarted;
    expect(await inFlight.settled(20)).toBe(false);
    expect(inFlight.count()).toBe(1);
    openGate();
    expect(await request).toBe('HTTP/1.1 200 OK');
    expect(await inFlight.settled(60_000)).toBe(true);
  });

  it('counts nothing once requests end without a handler: aborted mid-body, bad JSON, unknown route', async () => {
    await start();
    await hangUp(
      'POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      new Promise((resolve) => setTimeout(resolve, 50)),
    );
    expect(
      await statusOf(
        'POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 3\r\n\r\n{x}',
      ),
    ).toBe('HTTP/1.1 400 Bad Request');
    expect(await statusOf('GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n')).toBe('HTTP/1.1 404 Not Found');
    // the aborted body's request is let go when Fastify notices the hang-up
    for (let i = 0; i < 100 && inFlight.count() > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(inFlight.count()).toBe(0);
  });

  it('answers a request whose client hung up while the onRequest hooks ran, before its body was read', async () => {
    let hookStarted: () => void;
    const hookRunning = new Promise<void>((resolve) => {
      hookStarted = resolve;
    });
    // the hook outlasts the client: it returns once Node has seen the hang-up (listening for
    // 'close' only: events.once would add an 'error' listener, which would hear the abort)
    await start(async (request) => {
      hookStarted();
      await new Promise((resolve) => request.raw.on('close', resolve));
    });
    await hangUp(
      'POST /work HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      hookRunning,
    );
    // Fastify alone would wait for the destroyed body forever, and the count would never fall
    expect(await inFlight.settled(2_000)).toBe(true);
    expect(inFlight.count()).toBe(0);
    expect(handlerRuns).toBe(0);
  });
});
