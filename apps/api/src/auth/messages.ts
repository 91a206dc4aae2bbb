/**
 * Auth messages the product spec does not have (its auth provider showed its own). The spec's own
 * sentences ('Email is already in use. Please log in.', …) come from `MESSAGES` in @sfr/contracts.
 */
export const AUTH_MESSAGES = {
  unauthenticated: 'Please log in to continue.',
  crossSite: 'This request came from another site and was refused.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  invalidLink: 'This link is invalid or has expired. Please request a new one.',
  emailVerified: 'Your email address is verified.',
  otherEmailVerified:
    'This link verified the email address of another account, not of the one signed in here.',
  verificationSent: 'Verification email sent. Check your inbox.',
  /** a development server without an email server: where the link went instead of an inbox */
  verificationLogged:
    'This development server sends no email: the verification link was written to the server log and its email outbox.',
  alreadyVerified: 'Your email address is already verified.',
  passwordChanged: 'Your password has been changed.',
  accountDeleted: 'Your account and everything saved in it have been deleted.',
  deleteWhileRenewing:
    'Your subscription still renews: cancel it under Manage Subscription first, then delete your account.',
  googleNotConfigured: 'Google sign-in is not available.',
} as const;
