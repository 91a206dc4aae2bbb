/**
 * /api/billing: subscribe through a hosted checkout, manage the subscription in the billing portal,
 * read it back, and the provider's webhook. In test mode (no STRIPE_SECRET_KEY) the checkout and
 * portal pages are served here too.
 */
import {
  apiErrorSchema,
  checkoutBodySchema,
  isActiveSubscriptionStatus,
  NO_SUBSCRIPTION_STATUS,
  portalBodySchema,
  redirectResponseSchema,
  type SubscriptionResponse,
  subscriptionResponseSchema,
  webhookResponseSchema,
} from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/plugin.js';
import { AppError } from '../errors.js';
import type { Billing } from './index.js';
import { BILLING_MESSAGES } from './messages.js';
import { WebhookSignatureError } from './provider.js';
import { scrubbedError } from './service.js';
import { InvalidEventError } from './stripe-events.js';
import type { SyncResult } from './subscription-sync.js';
import { testModeRoutes } from './test-mode/routes.js';

/** Stripe's events stay well under this; the API's default body limit is for user input. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const billingRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  const { service, provider, sync } = billing;

  app.post(
    '/checkout',
    {
      schema: {
        tags: ['billing'],
        summary: 'Start a subscription: the URL of a hosted checkout for the monthly or yearly plan',
        description:
          '409 ALREADY_SUBSCRIBED when a subscription is running; 502 BILLING_PROVIDER_ERROR when the provider fails.',
        body: checkoutBodySchema,
        response: { 200: redirectResponseSchema, ...errors, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => ({ url: await service.checkout(requireUser(request), request.body.plan) }),
  );

  app.post(
    '/portal',
    {
      schema: {
        tags: ['billing'],
        summary: 'The URL of the billing portal, which returns to `returnUrl` (a page of this app)',
        description:
          '400 INVALID_RETURN_URL for another site; 409 NO_BILLING_ACCOUNT before any checkout; 502 when the provider fails.',
        body: portalBodySchema,
        response: { 200: redirectResponseSchema, ...errors, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (request) => ({ url: await service.portal(requireUser(request), request.body.returnUrl) }),
  );

  app.get(
    '/subscription',
    {
      schema: {
        tags: ['billing'],
        summary:
          "The user's running subscription (trialing or active, period not over), or { status: 'inactive' }",
        response: { 200: subscriptionResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<SubscriptionResponse> => {
      const s = await service.current(requireUser(request).id);
      // current() only returns trialing/active; the guard tells TypeScript the status is one of them
      if (!s || !isActiveSubscriptionStatus(s.status)) return { status: NO_SUBSCRIPTION_STATUS };
      return {
        status: s.status,
        plan: s.plan,
        price_id: s.priceId,
        current_period_end: s.currentPeriodEnd?.toISOString() ?? null,
        cancel_at_period_end: s.cancelAtPeriodEnd,
      };
    },
  );

  // The webhook in its own scope: only here is a JSON body kept as the raw bytes Stripe signed.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      '/webhook',
      {
        // Stripe posts from its servers: no session, no Origin to check; the signature is the proof
        config: { allowCrossSite: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['billing'],
          summary: 'Stripe webhook (signed): checkout.session.completed, customer.subscription.*',
          response: { 200: webhookResponseSchema, 400: apiErrorSchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        let event: unknown;
        try {
          if (!Buffer.isBuffer(request.body)) throw new WebhookSignatureError('no body');
          event = provider.verifyWebhook(request.body, typeof signature === 'string' ? signature : undefined);
        } catch (e) {
          if (!(e instanceof WebhookSignatureError)) throw e;
          request.log.warn({ reason: e.message }, 'webhook refused: signature');
          throw new AppError(400, 'INVALID_SIGNATURE', BILLING_MESSAGES.invalidSignature);
        }
        let result: SyncResult;
        try {
          result = await sync.process(event);
        } catch (e) {
          if (!(e instanceof InvalidEventError)) throw e;
          request.log.error({ reason: e.message }, 'webhook refused: malformed event');
          throw new AppError(400, 'INVALID_EVENT', BILLING_MESSAGES.invalidEvent);
        }
        if (result.cancelSubscriptionId && billing.cancelSubscription) {
          // one live subscription per user, and none without a user: a second payment's subscription,
          // or one paid for in a checkout left open while the account was deleted, is cancelled at
          // Stripe, whose customer.subscription.deleted then ends it here too
          try {
            await billing.cancelSubscription(result.cancelSubscriptionId);
          } catch (err) {
            request.log.error(
              { err: scrubbedError(err), subscriptionId: result.cancelSubscriptionId },
              'could not cancel a subscription at Stripe; cancel it in the dashboard',
            );
          }
        }
        return { received: true as const };
      },
    );
  });

  if (billing.testMode) {
    await app.register(testModeRoutes, {
      provider: billing.testMode,
      sync,
      billing: service,
      appUrl: billing.appUrl,
    });
  }
};
