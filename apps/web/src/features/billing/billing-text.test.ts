import { MESSAGES } from '@sfr/contracts';
import { describe, expect, it, test } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import {
  checkoutFailureMessage,
  checkoutProviderError,
  planPriceLabel,
  subscriptionDetails,
  subscriptionStatusText,
} from './billing-text';
import { CheckoutTimeoutError } from './queries';

const active = {
  status: 'active' as const,
  plan: 'monthly' as const,
  price_id: 'price_monthly',
  current_period_end: '2027-03-05T12:00:00.000Z',
  cancel_at_period_end: false,
};

describe('planPriceLabel', () => {
  it('writes the spec prices with the money format and the period', () => {
    expect(planPriceLabel('monthly')).toBe('$14.99/month');
    expect(planPriceLabel('yearly')).toBe('$149.99/year');
  });
});

describe('subscriptionStatusText', () => {
  it('shows N/A without a running subscription', () => {
    expect(subscriptionStatusText({ status: 'inactive' })).toBe('N/A');
    expect(subscriptionStatusText(undefined)).toBe('N/A');
  });

  it("shows the provider's status for a running one", () => {
    expect(subscriptionStatusText(active)).toBe('active');
    expect(subscriptionStatusText({ ...active, status: 'trialing' })).toBe('trialing');
  });
});

describe('subscriptionDetails', () => {
  it('has nothing to add when inactive', () => {
    expect(subscriptionDetails({ status: 'inactive' })).toEqual([]);
  });

  it('names the plan, the renewal date and auto-renewal', () => {
    expect(subscriptionDetails(active, 'UTC')).toEqual([
      { term: 'Plan', value: 'Monthly ($14.99/month)' },
      { term: 'Renews on', value: 'March 5, 2027' },
      { term: 'Auto-renewal', value: 'On' },
    ]);
  });

  it('says the subscription ends, not renews, when cancelled at the period end', () => {
    const details = subscriptionDetails({ ...active, plan: 'yearly', cancel_at_period_end: true }, 'UTC');
    expect(details).toEqual([
      { term: 'Plan', value: 'Yearly ($149.99/year)' },
      { term: 'Ends on', value: 'March 5, 2027' },
      { term: 'Auto-renewal', value: 'Off: cancels at the end of the current period' },
    ]);
  });

  it('leaves out a plan this app does not sell and a missing or unreadable date', () => {
    expect(subscriptionDetails({ ...active, plan: null, current_period_end: null })).toEqual([
      { term: 'Auto-renewal', value: 'On' },
    ]);
    expect(subscriptionDetails({ ...active, plan: null, current_period_end: 'soon' })).toHaveLength(1);
  });
});

describe('checkoutFailureMessage', () => {
  it('reports the time-out with the spec sentence', () => {
    expect(checkoutFailureMessage(new CheckoutTimeoutError(15_000))).toBe(MESSAGES.checkoutTimeout);
  });

  it("wraps an error the API explains in 'An error occurred: {message}'", () => {
    const alreadySubscribed = new ApiRequestError(
      409,
      'ALREADY_SUBSCRIBED',
      'You already have an active subscription.',
    );
    expect(checkoutFailureMessage(alreadySubscribed)).toBe(
      'An error occurred: You already have an active subscription.',
    );
  });

  it("does not wrap the API's own creation-failure sentence twice", () => {
    const provider = new ApiRequestError(502, 'BILLING_PROVIDER_ERROR', MESSAGES.checkoutInitError);
    expect(checkoutFailureMessage(provider)).toBe(MESSAGES.checkoutInitError);
  });

  it('reports anything the API did not explain as a failure to initiate', () => {
    expect(
      checkoutFailureMessage(new ApiRequestError(0, 'NETWORK', 'The server could not be reached.')),
    ).toBe(MESSAGES.checkoutInitError);
    expect(checkoutFailureMessage(new ApiRequestError(504, 'HTTP_ERROR', 'The server answered 504.'))).toBe(
      MESSAGES.checkoutInitError,
    );
    expect(checkoutFailureMessage(new TypeError('boom'))).toBe(MESSAGES.checkoutInitError);
    const serverFault = new ApiRequestError(
      500,
      'INTERNAL',
      'Something went wrong on our side. Please try again later.',
    );
    expect(checkoutFailureMessage(serverFault)).toBe(MESSAGES.checkoutInitError);
    const noAnswer = new ApiRequestError(
      0,
      'TIMEOUT',
      'The server took too long to answer. Please try again.',
    );
    expect(checkoutFailureMessage(noAnswer)).toBe(MESSAGES.checkoutInitError);
  });
});

test('a checkout provider error reads as the spec words it', () => {
  expect(checkoutProviderError('card declined')).toBe('An error occurred: card declined');
});
