/**
 * Issue 26 §2: a request is one log line at info, and only with LOG_REQUESTS=1 (or in production);
 * Fastify's own two lines a request are off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const requestLines = (logs: string[]) =>
  logs.map((line) => JSON.parse(line)).filter((line) => line.reqId && line.level >= 30);

describe('request logs', () => {
  it('are one info line a request with LOG_REQUESTS=1', async () => {
    t = await startApp('pglite', { LOG_REQUESTS: '1' }, { keepLogs: true });
    const before = t.logs.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const lines = requestLines(t.logs.slice(before));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/health',
      status: 200,
      msg: 'GET /api/health 200',
    });
  });

  it('are off in development by default', async () => {
    t = await startApp('pglite', {}, { keepLogs: true });
    const before = t.logs.length;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(requestLines(t.logs.slice(before))).toEqual([]);
  });
});
