import { describe, expect, test } from 'vitest';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  BREAKPOINTS,
  CHECKOUT_TIMEOUT_MS,
  FREE_SEARCHES_AT_SIGNUP,
  INITIAL_SUBSCRIPTION_STATUS,
  isActiveSubscriptionStatus,
  MAP_HEIGHT_PX,
  MAP_ZOOM,
  MESSAGES,
  mapsLoaderRetryDelayMs,
  RATING_COLORS,
  SIGNUP_REDIRECT_MS,
  SUBSCRIPTION_PRICES,
} from '../src/index.js';

describe('MESSAGES', () => {
  test('are the product spec’s words, character for character', () => {
    // Copied from product-spec.md §8; a reworded message fails here.
    expect(MESSAGES).toMatchObject({
      invalidZip: 'Invalid ZIP code. Please check the provided ZIP code and try again.',
      unknownError: 'An unknown error occurred.',
      analysisError: 'An error occurred. Please try again later.',
      analysisSuccess: 'Property analyzed successfully!',
      fillAllMetricFields: 'Please fill in all metric fields.',
      updateMetricsError: 'An error occurred while updating property metrics. Please try again later.',
      updateMetricsSuccess: 'Metrics updated successfully!',
      saveError: 'Error saving property. Please try again later.',
      alreadySaved: 'Property is already saved!',
      saveSuccess: 'Property saved successfully!',
      emailInUse: 'Email is already in use. Please log in.',
      weakPassword: 'Password should be at least 6 characters.',
      signUpError: 'Error signing up. Please try again.',
      signUpSuccess: 'User created successfully! Please check your email for verification.',
      userNotFound: 'User not found, please Sign Up',
      loginError: 'Error logging in. Please try again.',
      loginSuccess: 'Login successful!',
      passwordResetSent: 'Password reset email sent. Check your inbox.',
      passwordResetError: 'Error sending password reset email. Please try again.',
      generatingCheckout: 'Generating Checkout link',
      checkoutTimeout: 'Failed to generate checkout link. Please try again.',
      checkoutInitError: 'An error occurred while initiating subscription.',
      signOutSuccess: 'Signed out successfully!',
      mapUnavailable: 'Map data not available',
      noHoldPeriod: 'No hold period specified.',
      noHoldPeriodData: 'No Hold Period data available.',
    });
  });
});

describe('business constants', () => {
  test('match product spec §9', () => {
    expect(FREE_SEARCHES_AT_SIGNUP).toBe(5);
    expect(SUBSCRIPTION_PRICES).toEqual({ monthly: 14.99, yearly: 149.99 });
    expect(CHECKOUT_TIMEOUT_MS).toBe(15_000);
    expect(SIGNUP_REDIRECT_MS).toBe(3_000);
    expect([MAP_ZOOM, MAP_HEIGHT_PX]).toEqual([15, 400]);
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
    expect(INITIAL_SUBSCRIPTION_STATUS).toBe('NOT PAID');
    expect(RATING_COLORS).toEqual(['Green', 'Light-Green', 'Yellow', 'Red Orange', 'Red']);
  });

  test('only trialing and active subscriptions are active', () => {
    expect(ACTIVE_SUBSCRIPTION_STATUSES).toEqual(['trialing', 'active']);
    expect(isActiveSubscriptionStatus('trialing')).toBe(true);
    expect(isActiveSubscriptionStatus('active')).toBe(true);
    expect(isActiveSubscriptionStatus('NOT PAID')).toBe(false);
    expect(isActiveSubscriptionStatus(null)).toBe(false);
  });

  test('the maps loader waits attempt × 2^attempt ms', () => {
    expect([1, 2, 3].map(mapsLoaderRetryDelayMs)).toEqual([2, 8, 24]);
  });
});
