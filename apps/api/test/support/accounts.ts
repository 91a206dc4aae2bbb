import type { FastifyInstance } from 'fastify';
import { austin } from './app.js';

let counter = 0;

/** Signs a new user up through the real route and returns the session cookie to send back. */
export async function signUp(app: FastifyInstance, email = `investor${++counter}-${Date.now()}@example.com`) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { firstname: 'Ada', lastname: 'Investor', email, password: 'correct horse' },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sfr_session');
  if (!cookie) throw new Error('signup set no session cookie');
  return { email, cookie: `${cookie.name}=${cookie.value}`, user: res.json().user as { id: string } };
}

/** A created analysis: its id and its property with the metrics, ready for /saved_properties and /update_metrics. */
export async function analysedProperty(
  app: FastifyInstance,
  cookie: string,
  overrides: Partial<typeof austin> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create_property',
    headers: { cookie },
    payload: { ...austin, ...overrides },
  });
  if (res.statusCode !== 200) throw new Error(`create_property failed: ${res.statusCode} ${res.body}`);
  const { analysis_id, property } = res.json();
  return { analysis_id: analysis_id as string, property };
}
