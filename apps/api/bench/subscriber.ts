/**
 * A signed-in subscriber for the benchmark, made through the real flow a browser takes: sign up
 * (which sets the session cookie), start a monthly checkout, and complete the offline test-mode
 * checkout page (billing without STRIPE_SECRET_KEY). Every request is same-origin, as the web sends.
 */

export interface Subscriber {
  /** `sfr_session=…`, for the Cookie header */
  cookie: string;
  /** the API's own origin, for the Origin header the cross-site check reads */
  origin: string;
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status} ${await response.text()}`);
  }
}

/** The session cookie a response sets, as `name=value`. */
function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sfr_session='));
  if (!cookie) throw new Error('signup set no session cookie');
  return cookie.split(';')[0] as string;
}

/** Signs a new user up on the API at `origin` and subscribes them; returns their session. */
export async function signUpSubscriber(origin: string): Promise<Subscriber> {
  const json = { 'content-type': 'application/json', origin };
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      firstname: 'Bench',
      lastname: 'Subscriber',
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
    }),
  });
  await expectStatus(signup, 201, 'sign up');
  const cookie = sessionCookie(signup);

  const checkout = await fetch(`${origin}/api/billing/checkout`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ plan: 'monthly' }),
  });
  await expectStatus(checkout, 200, 'checkout');
  const { url } = (await checkout.json()) as { url: string };
  // The server runs with APP_URL = its own origin, so the test checkout page is reachable as given.
  const complete = await fetch(`${url}/complete`, {
    method: 'POST',
    headers: { origin, cookie },
    redirect: 'manual',
  });
  await expectStatus(complete, 303, 'completing the test checkout');

  const subscription = await fetch(`${origin}/api/billing/subscription`, { headers: { cookie } });
  await expectStatus(subscription, 200, 'reading the subscription');
  const body = (await subscription.json()) as { status?: string };
  if (body.status !== 'active') throw new Error(`subscription is ${JSON.stringify(body)}, not active`);
  return { cookie, origin };
}
