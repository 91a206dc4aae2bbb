/**
 * The connections a stop closes while Fastify's close waits for them. Node's
 * `closeIdleConnections` closes keep-alive sockets between requests, but counts a connection that
 * has not yet sent a request as busy (it is waiting for its headers), so one that never sends any
 * held the close open until the 10 s guard exited 1, before the database was closed and while
 * handlers whose clients had gone were still working. Browsers open such connections ahead of need
 * (preconnect), and load balancers open them to check a port.
 *
 * A connection that has sent nothing carries no request, so closing it loses nothing. One that has
 * sent part of a request is left to finish it (Fastify answers it 503 while closing).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface Connections {
  /** Closes the keep-alive connections between requests and those that never sent a byte. */
  closeUnused(): void;
}

export function trackConnections(server: Server): Connections {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    closeUnused() {
      server.closeIdleConnections();
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}
