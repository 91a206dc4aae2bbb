import { describe, expect, it } from 'vitest';
import { type SubscriptionState, userSubscriptionFields } from './summary.js';

const now = new Date('2026-04-01T00:00:00Z');
const may1 = new Date('2026-05-01T00:00:00Z');
const march1 = new Date('2026-03-01T00:00:00Z');

const row = (fields: Partial<SubscriptionState>): SubscriptionState => ({
  status: 'active',
  current_period_end: may1,
  cancel_at_period_end: false,
  updated_by_event_at: now,
  updated_at: now,
  ...fields,
});

describe('userSubscriptionFields', () => {
  it("is the spec's initial record without subscriptions", () => {
    expect(userSubscriptionFields([], now)).toEqual({
      subscription_status: 'NOT PAID',
      subscription_expiration: null,
      auto_renewal: false,
    });
  });

  it('renews automatically only while active and not cancelling', () => {
    expect(userSubscriptionFields([row({})], now)).toEqual({
      subscription_status: 'active',
      subscription_expiration: may1,
      auto_renewal: true,
    });
    expect(userSubscriptionFields([row({ cancel_at_period_end: true })], now).auto_renewal).toBe(false);
    // Stripe leaves cancel_at_period_end false on a subscription cancelled at once
    expect(userSubscriptionFields([row({ status: 'canceled' })], now)).toMatchObject({
      subscription_status: 'canceled',
      auto_renewal: false,
    });
  });

  it('describes the running subscription over a newer ended one', () => {
    const running = row({ updated_by_event_at: march1 });
    const ended = row({ status: 'canceled', current_period_end: march1, updated_by_event_at: now });
    expect(userSubscriptionFields([ended, running], now).subscription_status).toBe('active');
  });

  it('describes the most recently changed one when none runs', () => {
    const older = row({ status: 'canceled', updated_by_event_at: march1 });
    const newer = row({ status: 'past_due', current_period_end: march1, updated_by_event_at: now });
    expect(userSubscriptionFields([older, newer], now).subscription_status).toBe('past_due');
  });
});
