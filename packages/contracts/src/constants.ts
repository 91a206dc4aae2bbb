/** Business constants and limits of the product (product spec §9). */
import type { RatingColor } from '@sfr/underwriting';

export const FREE_SEARCHES_AT_SIGNUP = 5;

/** Subscription prices in US dollars; each is charged through a provider price id. */
export const SUBSCRIPTION_PRICES = { monthly: 14.99, yearly: 149.99 } as const;

/** Give up waiting for the checkout link after 15 seconds. */
export const CHECKOUT_TIMEOUT_MS = 15_000;

/** Toasts close after 5 seconds by default, some after 3. */
export const TOAST_DEFAULT_MS = 5_000;
export const TOAST_SHORT_MS = 3_000;
export const TOAST_POSITION = 'top-right';

/** After sign-up the app waits 3 seconds, then goes to /. */
export const SIGNUP_REDIRECT_MS = 3_000;

export const MAP_ZOOM = 15;
export const MAP_HEIGHT_PX = 400;

/** Address suggestions are requested 200 ms after the user stops typing. */
export const ADDRESS_DEBOUNCE_MS = 200;

/** The maps script loader retries 3 times, waiting attempt × 2^attempt ms before each retry. */
export const MAPS_LOADER_RETRIES = 3;
export function mapsLoaderRetryDelayMs(attempt: number): number {
  return attempt * 2 ** attempt;
}

/** A call to the server gives up after 70 seconds (the spec's callable time-out). */
export const API_REQUEST_TIMEOUT_MS = 70_000;

/** Responsive breakpoints in pixels (minimum widths). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

/** A subscription counts as active in these provider statuses. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['trialing', 'active'] as const;
export type ActiveSubscriptionStatus = (typeof ACTIVE_SUBSCRIPTION_STATUSES)[number];

export function isActiveSubscriptionStatus(
  status: string | null | undefined,
): status is ActiveSubscriptionStatus {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? '');
}

/** A new user record's subscriptionStatus. */
export const INITIAL_SUBSCRIPTION_STATUS = 'NOT PAID';
/** The status when the user has no subscription (the profile then shows N/A). */
export const NO_SUBSCRIPTION_STATUS = 'inactive';

/** Feedback rating bounds. */
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;

/** The analyst rating's colours, best first (underwriting-model.md, "Analyst rating"). */
export const RATING_COLORS = [
  'Green',
  'Light-Green',
  'Yellow',
  'Red Orange',
  'Red',
] as const satisfies readonly RatingColor[];
