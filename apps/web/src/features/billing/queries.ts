/**
 * The signed-in user's subscription (query options) and the two trips to the billing provider:
 * the hosted checkout and the billing portal.
 */
import {
  CHECKOUT_TIMEOUT_MS,
  type Plan,
  redirectResponseSchema,
  subscriptionResponseSchema,
} from '@sfr/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import { currentUserQuery } from '../account/session';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
};

/** The running subscription (trialing or active), or { status: 'inactive' }. */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: billingKeys.subscription(),
    queryFn: ({ signal }) => apiGet('/api/billing/subscription', subscriptionResponseSchema, signal),
  });

/** The checkout link did not arrive in time (product spec §9: 15 seconds). */
export class CheckoutTimeoutError extends Error {
  override readonly name = 'CheckoutTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`No checkout link after ${timeoutMs} ms`);
  }
}

/**
 * The URL of a hosted checkout for `plan`. The request is aborted after `timeoutMs`, and then
 * fails with CheckoutTimeoutError; an answer from the API that is an error is an ApiRequestError.
 */
export async function requestCheckoutUrl(plan: Plan, timeoutMs = CHECKOUT_TIMEOUT_MS): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { url } = await apiRequest(
      'POST',
      '/api/billing/checkout',
      redirectResponseSchema,
      { plan },
      controller.signal,
    );
    return url;
  } catch (error) {
    if (controller.signal.aborted) throw new CheckoutTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The URL of the billing portal, which sends the user back to `returnUrl`. */
export async function requestBillingPortalUrl(returnUrl: string): Promise<string> {
  return (await apiPost('/api/billing/portal', redirectResponseSchema, { returnUrl })).url;
}

/**
 * Reads the subscription and the user record again: after a checkout or a visit to the billing
 * portal they may have changed. A refresh already running is reused (focus and visibilitychange
 * often fire together).
 */
export function refreshBillingState(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.subscription() }, { cancelRefetch: false }),
    queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }, { cancelRefetch: false }),
  ]);
}
