/**
 * The one error handler: domain errors thrown anywhere become the user's 400 naming the field, and
 * Fastify's own client errors carry a code from the contracts' list instead of Fastify's names.
 */
import { apiErrorSchema, emailSchema } from '@sfr/contracts';
import { UnderwritingInputError } from '@sfr/underwriting';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { isDatabaseUnavailable, loggableError } from '../src/db/client.js';
import { registerErrorHandling } from '../src/errors.js';
import { MarketInputError } from '../src/market/tables/errors.js';

const app = Fastify({ logger: false, bodyLimit: 64 });
registerErrorHandling(app);
app.get('/market', async () => {
  throw new MarketInputError('bedrooms', 'must be a whole number from 0 to 10');
});
app.get('/underwriting', async () => {
  throw new UnderwritingInputError('vacancy_rate', 'must be from 0 to 1');
});
app.get('/bug', async () => {
  throw new Error('database password is hunter2');
});
app.post('/echo', async (request) => request.body);
app.setValidatorCompiler(validatorCompiler);
app.post(
  '/form',
  { schema: { body: z.object({ email: emailSchema, bedrooms: z.number().check(z.int()) }) } },
  async () => ({ ok: true }),
);

beforeAll(() => app.ready());
afterAll(() => app.close());

describe('error handler', () => {
  it('answers a market lookup out of bounds with 400 INVALID_MARKET_INPUT naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/market' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bedrooms: must be a whole number from 0 to 10',
      code: 'INVALID_MARKET_INPUT',
      fields: { bedrooms: 'must be a whole number from 0 to 10' },
    });
  });

  it('answers an assumption outside the model with 400 INVALID_ASSUMPTION naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/underwriting' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'vacancy_rate: must be from 0 to 1',
      code: 'INVALID_ASSUMPTION',
      fields: { vacancy_rate: 'must be from 0 to 1' },
    });
  });

  it('answers a body that fails its schema with a sentence per field (QA: they were joined as ".;")', async () => {
    const res = await app.inject({ method: 'POST', url: '/form', payload: { email: 'no', bedrooms: 2.5 } });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual({
      email: 'Please enter a valid email address.',
      bedrooms: expect.stringMatching(/[^.]$/),
    });
    expect(body.error).toBe(
      `Please check these fields. email: Please enter a valid email address. bedrooms: ${body.fields?.bedrooms}.`,
    );
  });

  it('keeps an unexpected error to a 500 without its details', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    expect(res.body).not.toContain('hunter2');
  });

  it("names Fastify's client errors with codes from the contracts' list", async () => {
    const cases = [
      { payload: '{"a":', type: 'application/json', status: 400, code: 'BAD_REQUEST' },
      {
        payload: JSON.stringify({ a: 'x'.repeat(100) }),
        type: 'application/json',
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      },
      { payload: 'a', type: 'text/csv', status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    ];
    for (const { payload, type, status, code } of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/echo',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(status);
      expect(apiErrorSchema.parse(res.json()).code).toBe(code);
    }
  });
});

describe('loggableError', () => {
  it("logs a failed query's text and cause, never its parameters (a user's stored analysis)", () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const failed = new DrizzleQueryError(
      'insert into "analyses" ("address") values ($1)',
      ['12 Secret St'],
      cause,
    );
    const logged = loggableError(failed);
    expect(JSON.stringify(logged)).not.toContain('12 Secret St');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "analyses" ("address") values ($1)',
      cause,
    });
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // anything else is logged as it is
    const other = new Error('database password is hunter2');
    expect(loggableError(other)).toBe(other);
  });
});
