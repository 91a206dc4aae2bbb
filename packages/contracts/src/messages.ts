/**
 * Every user-facing message of the product spec, verbatim, in one place (STYLE.md: "Every
 * user-facing message in the product spec appears verbatim, from one messages module").
 * Toasts and errors (product spec §8), which the API sends too, and the report's disclaimer; the
 * screens' own words (§2: headings, buttons, popups) are the web's, in apps/web/src/ui/text.ts.
 */

/** Toasts and error messages (product spec §8). */
export const MESSAGES = {
  // Analysis
  invalidZip: 'Invalid ZIP code. Please check the provided ZIP code and try again.',
  unknownError: 'An unknown error occurred.',
  analysisError: 'An error occurred. Please try again later.',
  analysisSuccess: 'Property analyzed successfully!',
  // Update metrics
  fillAllMetricFields: 'Please fill in all metric fields.',
  updateMetricsError: 'An error occurred while updating property metrics. Please try again later.',
  updateMetricsSuccess: 'Metrics updated successfully!',
  analysisChanged:
    'This deal was changed in another tab or window since you opened it. Load the latest figures, then make your edit again.',
  // Save
  saveError: 'Error saving property. Please try again later.',
  alreadySaved: 'Property is already saved!',
  saveSuccess: 'Property saved successfully!',
  // Sign-up
  emailInUse: 'Email is already in use. Please log in.',
  weakPassword: 'Password should be at least 6 characters.',
  signUpError: 'Error signing up. Please try again.',
  signUpSuccess: 'User created successfully! Please check your email for verification.',
  // Login
  userNotFound: 'User not found, please Sign Up',
  loginError: 'Error logging in. Please try again.',
  loginSuccess: 'Login successful!',
  // Password reset
  passwordResetSent: 'Password reset email sent. Check your inbox.',
  /** a development server without an email server: where the link went instead of an inbox */
  passwordResetLogged:
    'This development server sends no email: the reset link was written to the server log and its email outbox.',
  passwordResetError: 'Error sending password reset email. Please try again.',
  // Checkout
  generatingCheckout: 'Generating Checkout link',
  checkoutTimeout: 'Failed to generate checkout link. Please try again.',
  checkoutInitError: 'An error occurred while initiating subscription.',
  // Sign out
  signOutSuccess: 'Signed out successfully!',
  // Map and hold-period table placeholders
  mapUnavailable: 'Map data not available',
  /** under an offline map: the pin is the ZIP code's centre */
  mapZipCentre: "The pin marks the ZIP code's centre, not the street address.",
  noHoldPeriod: 'No hold period specified.',
  noHoldPeriodData: 'No Hold Period data available.',
} as const;

/** Under every analysis, on screen and in the deal report. */
export const DISCLAIMER =
  'SFR Analyst’s figures are estimates from public market data and the assumptions shown. They are not financial, tax or legal advice: check every number for your specific property before you invest.';
