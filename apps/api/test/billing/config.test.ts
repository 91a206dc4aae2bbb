import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { stripeEnv } from './helpers.js';

describe('billing configuration', () => {
  it('is the test mode without a Stripe key', () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('takes a complete Stripe configuration', () => {
    const config = loadConfig(stripeEnv('http://127.0.0.1:12111'));
    expect(config.STRIPE_PRICE_YEARLY).toBe('price_1YearlyTest');
    expect(config.STRIPE_API_BASE).toBe('http://127.0.0.1:12111');
  });

  it('refuses a Stripe key without the webhook secret and prices, naming each', () => {
    const attempt = () => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_MONTHLY: ' ' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    expect(attempt).toThrow(/STRIPE_PRICE_MONTHLY: is required/);
    expect(attempt).toThrow(/STRIPE_PRICE_YEARLY: is required/);
  });
});
