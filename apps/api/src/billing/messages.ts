/** What billing tells users (4xx bodies); the checkout failure is the product spec's own sentence (§8). */
import { MESSAGES } from '@sfr/contracts';

export const BILLING_MESSAGES = {
  checkoutFailed: MESSAGES.checkoutInitError,
  portalFailed: 'The billing portal could not be opened. Please try again later.',
  alreadySubscribed: 'You already have an active subscription. Manage it from your profile.',
  noBillingAccount: 'You have no subscription to manage yet.',
  returnUrlNotOurs: 'The return address must be a page of this site.',
  invalidSignature: 'The webhook signature could not be verified.',
  invalidEvent: 'The webhook event could not be read.',
} as const;
