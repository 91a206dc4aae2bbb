/**
 * What the profile says about billing: plan prices, the subscription status and its details, and
 * the checkout failure messages of product spec §8. Pure, so it is unit-tested.
 */
import {
  formatMoney,
  MESSAGES,
  NO_SUBSCRIPTION_STATUS,
  type Plan,
  SUBSCRIPTION_PRICES,
  type SubscriptionResponse,
} from '@sfr/contracts';
import { ApiRequestError } from '../../lib/api';
import { formatLongDate } from '../../ui/format-date';
import { UI_TEXT } from '../../ui/text';
import { CheckoutTimeoutError } from './queries';

const PERIOD: Record<Plan, string> = { monthly: 'month', yearly: 'year' };
const PLAN_NAME: Record<Plan, string> = { monthly: 'Monthly', yearly: 'Yearly' };

/** The price button's text: '$14.99/month', '$149.99/year'. */
export function planPriceLabel(plan: Plan): string {
  return `${formatMoney(SUBSCRIPTION_PRICES[plan])}/${PERIOD[plan]}`;
}

/** The provider's status ('active', 'trialing'), or 'N/A' without a running subscription. */
export function subscriptionStatusText(subscription: SubscriptionResponse | undefined): string {
  if (!subscription || subscription.status === NO_SUBSCRIPTION_STATUS) return UI_TEXT.notAvailable;
  return subscription.status;
}

export interface SubscriptionDetail {
  term: string;
  value: string;
}

/**
 * The rows shown under the status for a running subscription: its plan, when it renews (or ends,
 * when cancelled at the period's end) and whether it renews automatically. None when inactive.
 */
export function subscriptionDetails(
  subscription: SubscriptionResponse | undefined,
  timeZone?: string,
): SubscriptionDetail[] {
  if (!subscription || subscription.status === NO_SUBSCRIPTION_STATUS) return [];
  const details: SubscriptionDetail[] = [];
  if (subscription.plan) {
    details.push({
      term: 'Plan',
      value: `${PLAN_NAME[subscription.plan]} (${planPriceLabel(subscription.plan)})`,
    });
  }
  const periodEnd = subscription.current_period_end
    ? formatLongDate(subscription.current_period_end, timeZone)
    : null;
  if (periodEnd) {
    details.push({ term: subscription.cancel_at_period_end ? 'Ends on' : 'Renews on', value: periodEnd });
  }
  details.push({
    term: 'Auto-renewal',
    value: subscription.cancel_at_period_end ? 'Off: cancels at the end of the current period' : 'On',
  });
  return details;
}

/**
 * Codes whose message explains nothing about the subscription: the ones the web gives a request the
 * API never answered with its error body, and the API's own unexpected failure (500).
 */
const NOT_FROM_API = new Set(['NETWORK', 'TIMEOUT', 'HTTP_ERROR', 'BAD_RESPONSE', 'INTERNAL']);

/**
 * The toast for a checkout that did not produce a link (product spec §8): after the time-out,
 * 'Failed to generate checkout link…'; an error the API explains, 'An error occurred: {message}';
 * anything else (no answer, an unreadable answer, the API's own creation-failure sentence),
 * 'An error occurred while initiating subscription.'
 */
export function checkoutFailureMessage(error: unknown): string {
  if (error instanceof CheckoutTimeoutError) return MESSAGES.checkoutTimeout;
  if (
    error instanceof ApiRequestError &&
    !NOT_FROM_API.has(error.code) &&
    error.message &&
    error.message !== MESSAGES.checkoutInitError
  ) {
    return checkoutProviderError(error.message);
  }
  return MESSAGES.checkoutInitError;
}

/** The checkout provider's error, as shown to the user: 'An error occurred: {message}'. */
export function checkoutProviderError(message: string): string {
  return `An error occurred: ${message}`;
}
