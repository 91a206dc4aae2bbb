/**
 * Hostile text and numbers answered with 400 naming the field, before anything reaches the
 * database or the market layer: NUL and lone surrogates in text (the contracts' check, which the
 * web's forms share), and bedrooms outside 1-10 (what the market layer prices).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { austin, createProperty, DATABASE_KINDS, startApp, type TestApp } from '../support/app.js';

describe.each(DATABASE_KINDS)('input hygiene on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind, { RATE_LIMIT_ANALYSES_PER_MINUTE: '1000' });
  }, 60_000);
  afterAll(async () => t?.close());

  it.each([
    ['street', 'Street', '1100 Congress\u0000 Ave'],
    ['city', 'City', 'Aus\uD800tin'],
    ['county_name', 'County', 'Travis \uDC00County'],
  ])('refuses a %s with a NUL or a lone surrogate: 400 naming the field', async (field, label, value) => {
    // JSON.stringify writes a lone surrogate as its \\u escape, as a hostile client would
    const res = await createProperty(t, { ...austin, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: `${label} contains characters that are not allowed` },
    });
  });

  it('refuses the same in sign-up and feedback', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstname: 'A\u0000', lastname: 'B', email: 'nul@example.com', password: 'secret12' },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().fields).toEqual({
      firstname: 'First name contains characters that are not allowed',
    });
    const feedback = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { comments: 'good \uD83D', rating: 5 },
      headers: { cookie: t.cookie },
    });
    expect(feedback.statusCode).toBe(400);
    expect(feedback.json().fields).toEqual({ comments: 'Comments contains characters that are not allowed' });
  });

  it.each([11, 12, 15, 20, 21, 100, 1_000])(
    'refuses %i bedrooms with 400 (the market prices 1 to 10)',
    async (beds) => {
      const res = await createProperty(t, { ...austin, num_bedrooms: beds });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        num_bedrooms: 'Number of Bedrooms must be a whole number from 1 to 10',
      });
    },
  );

  it('prices 10 bedrooms', async () => {
    const res = await createProperty(t, { ...austin, num_bedrooms: 10 });
    expect(res.statusCode).toBe(200);
  });
});
