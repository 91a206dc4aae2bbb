/**
 * Every user-facing message of the product spec, verbatim, in one place (STYLE.md: "Every
 * user-facing message in the product spec appears verbatim, from one messages module").
 * Toasts and errors are product-spec §8; screen text, popups and placeholders are §2.
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

/** The checkout provider's error, as shown to the user: 'An error occurred: {message}'. */
export function checkoutProviderError(message: string): string {
  return `An error occurred: ${message}`;
}

/**
 * The toast text for a failed analysis (product spec §8): the server's text, except that the
 * server's complaint about a crime grade variable not being set means the ZIP code was not
 * recognised, and no text at all means an unknown error.
 *
 * @example analysisFailureMessage(undefined) === 'An unknown error occurred.'
 * @example analysisFailureMessage("local variable 'violent_crime_grade' referenced before assignment")
 *   === MESSAGES.invalidZip
 */
export function analysisFailureMessage(serverText: string | null | undefined): string {
  const text = serverText?.trim();
  if (!text) return MESSAGES.unknownError;
  if (/crime[_ ]grade/i.test(text) && /(not (been )?set|before assignment|not defined)/i.test(text)) {
    return MESSAGES.invalidZip;
  }
  return text;
}

/** Under every analysis, on screen and in the deal report. */
export const DISCLAIMER =
  'SFR Analyst’s figures are estimates from public market data and the assumptions shown. They are not financial, tax or legal advice: check every number for your specific property before you invest.';

/** Headings, buttons, placeholders and popups of the screens (product spec §2). */
export const UI_TEXT = {
  /** on every page while the server takes no payments (BILLING_MODE=test; issue 11) */
  testModeNotice: 'Test mode: no payments are taken.',
  analyzeProperty: 'Analyze Property',
  analyzerResults: 'Analyzer Results',
  saveProperty: 'Save Property',
  propertyInformation: 'Property Information',
  metrics: 'Metrics',
  showAdditionalMetrics: 'Show Additional Metrics',
  hideAdditionalMetrics: 'Hide Additional Metrics',
  showAdditionalExpenses: 'Show Additional Expenses',
  hideAdditionalExpenses: 'Hide Additional Expenses',
  saleAssumptions: 'Sale Assumptions',
  overallReturns: 'Overall Returns',
  sfrAnalystRatings: 'SFR Analyst Ratings',
  adjustHighlighted: 'Please adjust highlighted areas to ensure accuracy for your specific property',
  updateMetrics: 'Update Metrics',
  /** The hold-period table title follows the number of years: '5 Year Returns Summary'. */
  yearReturnsSummary: 'Year Returns Summary',
  yearColumn: 'Year',
  loading: 'Loading...',
  notAvailable: 'N/A',
  noSavedProperties: 'No saved properties found.',
  submitFeedback: 'Submit Feedback',
  manageSubscription: 'Manage Subscription',
  pricingOptions: 'Pricing Options',
  signOut: 'Sign Out',
  signUp: 'Sign Up',
  login: 'Login',
} as const;

/** The two popups of product spec §2. */
export const POPUPS = {
  /** Never triggered in the product spec: its state is never set. */
  outOfFreeSearches: {
    title: 'Out of Free Searches',
    subscribeNow: 'Subscribe Now',
  },
  /** Shown when an anonymous user submits the analyzer form. */
  analyzerAccess: {
    title: 'Analyzer Access',
    body: 'Login Or Sign Up To Get Free Searches Today',
    login: 'Login',
    signUp: 'Sign Up',
  },
} as const;
