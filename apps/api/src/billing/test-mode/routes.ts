/**
 * The test mode's checkout and portal pages (registered only without STRIPE_SECRET_KEY). Each
 * session belongs to the user who opened it; anyone else gets the same "not open" page as for an
 * unknown session. Completing a checkout or changing the subscription in the portal makes the
 * Stripe-shaped events the webhook would receive and hands them to the same subscription sync.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BillingService, CurrentSubscription } from '../service.js';
import { onePeriodAfter, type SubscriptionSync } from '../subscription-sync.js';
import { checkoutCompletedEvent, subscriptionEvent, type TestSubscription, testId } from './events.js';
import { checkoutPage, notOpenPage, pageCsp, portalPage } from './pages.js';
import type { TestModeProvider } from './provider.js';

export interface TestModeRoutesOptions {
  provider: TestModeProvider;
  sync: SubscriptionSync;
  billing: BillingService;
  appUrl: string;
}

const params = z.object({ sessionId: z.string().min(1).max(100) });
const hidden = { hide: true, params };

export const testModeRoutes: FastifyPluginAsyncZod<TestModeRoutesOptions> = async (app, options) => {
  const { provider, sync, billing, appUrl } = options;
  const profileUrl = `${appUrl}/profile`;

  // The pages' forms post application/x-www-form-urlencoded (empty); only this scope accepts it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  function sendPage(reply: FastifyReply, status: number, render: (nonce: string) => string) {
    const nonce = randomBytes(16).toString('base64');
    // helmet's no-referrer makes browsers post these pages' forms with `Origin: null`, which the
    // cross-site check refuses; same-origin keeps the real Origin on the form posts
    return reply
      .status(status)
      .header('content-security-policy', pageCsp(nonce, appUrl))
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(render(nonce));
  }

  const notOpen = (reply: FastifyReply, what: string) =>
    sendPage(reply, 404, (nonce) =>
      notOpenPage({ what, profileUrl, signedIn: reply.request.user !== null, nonce }),
    );

  /** The session if it is open and the signed-in user's own. */
  function owned<T extends { userId: string }>(
    request: FastifyRequest,
    session: T | undefined,
  ): T | undefined {
    return session && request.user?.id === session.userId ? session : undefined;
  }

  app.get('/test-checkout/:sessionId', { schema: hidden }, async (request, reply) => {
    const session = owned(request, await provider.checkoutSession(request.params.sessionId));
    if (!session || !request.user) return notOpen(reply, 'test checkout');
    const email = request.user.email;
    return sendPage(reply, 200, (nonce) =>
      checkoutPage({ sessionId: session.id, plan: session.plan, email, nonce }),
    );
  });

  app.post('/test-checkout/:sessionId/complete', { schema: hidden }, async (request, reply) => {
    const { sessionId } = request.params;
    if (!owned(request, await provider.checkoutSession(sessionId))) return notOpen(reply, 'test checkout');
    const session = await provider.closeCheckoutSession(sessionId);
    if (!session) return notOpen(reply, 'test checkout');
    const now = new Date();
    const subscription: TestSubscription = {
      id: testId('sub'),
      customerId: session.customerId,
      userId: session.userId,
      plan: session.plan,
      status: 'active',
      priceId: session.priceId,
      currentPeriodEnd: onePeriodAfter(now, session.plan),
      cancelAtPeriodEnd: false,
    };
    // what Stripe sends after a paid checkout, in its usual order
    await sync.process(subscriptionEvent('customer.subscription.created', subscription, now));
    const result = await sync.process(checkoutCompletedEvent(session, subscription.id, now));
    if (result.outcome === 'second-subscription') {
      // one live subscription per user: cancelled at once, as the Stripe webhook has Stripe do
      const canceled: TestSubscription = { ...subscription, status: 'canceled' };
      await sync.process(subscriptionEvent('customer.subscription.deleted', canceled, new Date()));
    }
    return reply.redirect(session.successUrl, 303);
  });

  app.post('/test-checkout/:sessionId/cancel', { schema: hidden }, async (request, reply) => {
    const { sessionId } = request.params;
    if (!owned(request, await provider.checkoutSession(sessionId))) return notOpen(reply, 'test checkout');
    const session = await provider.closeCheckoutSession(sessionId);
    return reply.redirect(session?.cancelUrl ?? profileUrl, 303);
  });

  app.get('/test-portal/:sessionId', { schema: hidden }, async (request, reply) => {
    const session = owned(request, await provider.portalSession(request.params.sessionId));
    if (!session) return notOpen(reply, 'test billing portal');
    const subscription = await billing.current(session.userId);
    return sendPage(reply, 200, (nonce) =>
      portalPage({ sessionId: session.id, subscription, returnUrl: session.returnUrl, nonce }),
    );
  });

  /** Sets cancel-at-period-end as the Stripe portal does, through a customer.subscription.updated event. */
  async function setCancelAtPeriodEnd(
    request: FastifyRequest,
    reply: FastifyReply,
    sessionId: string,
    cancel: boolean,
  ) {
    const session = owned(request, await provider.portalSession(sessionId));
    if (!session) return notOpen(reply, 'test billing portal');
    const current: CurrentSubscription | null = await billing.current(session.userId);
    if (current && current.cancelAtPeriodEnd !== cancel) {
      const updated: TestSubscription = {
        ...current,
        customerId: session.customerId,
        userId: session.userId,
        cancelAtPeriodEnd: cancel,
      };
      await sync.process(subscriptionEvent('customer.subscription.updated', updated, new Date()));
    }
    return reply.redirect(session.returnUrl, 303);
  }

  app.post('/test-portal/:sessionId/cancel', { schema: hidden }, (request, reply) =>
    setCancelAtPeriodEnd(request, reply, request.params.sessionId, true),
  );
  app.post('/test-portal/:sessionId/renew', { schema: hidden }, (request, reply) =>
    setCancelAtPeriodEnd(request, reply, request.params.sessionId, false),
  );
};
