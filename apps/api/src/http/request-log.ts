/** One info line per answered request: method, path, status and time, which is all an operator scans for. */
import type { FastifyInstance } from 'fastify';

export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      `${request.method} ${request.url} ${reply.statusCode}`,
    );
  });
}
