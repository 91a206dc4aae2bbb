/**
 * The connections a stop closes while Fastify's close waits for them. Node's
 * `closeIdleConnections` closes keep-alive sockets between requests, but counts a connection that
 * has not yet sent a request as busy (it is waiting for its headers), so one that never sends any
 * held the close open until the 10 s guard exited 1, before the database was closed and while
 * handlers whose clients had gone were still working. Browsers open such connections ahead of need
 * (preconnect), and load balancers open them to check a port.
 *
 * A connection that has sent nothing carries no request, so closing it loses nothing. One still
 * sending a request gets `REQUEST_GRACE_MS` from the stop's start to finish it (Fastify then answers
 * 503 to one that only had its headers left, and the handler runs for one that only had its body
 * left); one that trickles its headers or its body for longer (a slowloris, or a client gone quiet)
 * would hold the close to the guard like a silent one, and is closed. No handler has seen that
 * request, so that too loses nothing. A request received whole is left to finish.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a stop waits for a connection to finish sending a request. */
const REQUEST_GRACE_MS = 1_000;

export interface Connections {
  /**
   * Closes the keep-alive connections between requests, those that never sent a byte and, from
   * `REQUEST_GRACE_MS` after the first call, those still sending a request's headers or body.
   */
  closeUnused(): void;
}

export function trackConnections(server: Server): Connections {
  const open = new Set<Socket>();
  // connections with a request under way (its headers have arrived, its answer is not finished),
  // and that request
  const serving = new Map<Socket, IncomingMessage>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    serving.set(request.socket, request);
    response.once('close', () => serving.delete(request.socket));
  });
  let stopStartedAt: number | undefined;
  return {
    closeUnused() {
      const now = performance.now();
      stopStartedAt ??= now;
      server.closeIdleConnections();
      const overdue = now - stopStartedAt >= REQUEST_GRACE_MS;
      for (const socket of open) {
        // `complete`: the whole body has arrived (at once for a request without one)
        const unfinished = socket.bytesRead === 0 || (overdue && !serving.get(socket)?.complete);
        if (unfinished) socket.destroy();
      }
    },
  };
}
