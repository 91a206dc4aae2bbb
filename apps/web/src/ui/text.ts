/**
 * The words of the screens that only the web shows: headings, buttons, placeholders and the two
 * popups (product spec §2). The messages the API also sends, and the formatting both sides share,
 * stay in @sfr/contracts.
 */
import { NOT_AVAILABLE } from '@sfr/contracts';

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
  notAvailable: NOT_AVAILABLE,
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

/** Asked before leaving results that hold edits not yet kept (features/results/LeaveGuard.tsx). */
export const UNKEPT_EDITS = {
  title: 'Leave without keeping your edits?',
  body: 'The assumptions you changed are not kept yet: Update Metrics keeps them. If you leave now, they are lost.',
  stay: 'Stay',
  leave: 'Leave',
  /** beside the results while something typed is not kept: the reports read the kept analysis */
  reports:
    'Your edits are not kept yet: the PDF, the CSVs and share links show the figures as last kept. Update Metrics keeps them.',
  /** before Show puts another scenario's figures over edits not kept */
  showScenario: {
    title: 'Show this scenario without keeping your edits?',
    body: 'The assumptions you changed are not kept yet: Update Metrics keeps them, and Save as Scenario keeps them under a name. If you show another scenario now, they are lost.',
    leave: 'Show it',
  },
} as const;

/** After an edit refused because the deal changed in another tab (features/results/ChangedElsewhere.tsx). */
export const CHANGED_ELSEWHERE = {
  title: 'This deal changed in another tab or window',
  body: 'Your edit was not kept, and the other change stays as it was made. Load the latest figures, then make your edit again.',
  typed: 'You had typed:',
  loadLatest: 'Load the latest figures',
  loaded: 'The latest figures are on screen.',
} as const;
