import { PAYMENT_STANDARD_SHARE } from '@sfr/contracts';

/** The words of the scenarios card (web only; the API's messages are SCENARIO_MESSAGES in contracts). */
export const SCENARIO_TEXT = {
  title: 'Scenarios',
  intro:
    'Keep other versions of this deal (a Section 8 lease, a lower offer, a rehab) beside the base case. Show one to edit it; Update Metrics saves the scenario on screen.',
  saveAs: 'Save as scenario',
  nameLabel: 'Scenario name',
  show: 'Show',
  onScreen: 'On screen',
  delete: 'Delete scenario',
  rename: 'Rename scenario',
  renameTitle: 'Rename this scenario',
  renameConfirm: 'Rename',
  renamed: 'Scenario renamed.',
  deleteTitle: 'Delete this scenario?',
  deleteBody: (name: string) =>
    `The scenario “${name}” will be removed from this deal. This cannot be undone.`,
  deleteConfirm: 'Delete',
  cancel: 'Cancel',
  added: 'Scenario saved.',
  updated: 'Scenario updated.',
  deleted: 'Scenario deleted.',
  error: 'The scenario could not be saved. Please try again.',
  best: 'best',
  tableCaption: 'Scenarios side by side',
  comparedTitle: 'Against the base case',
  section8Title: 'Section 8 scenario: the rent a housing voucher pays',
  section8Name: 'Section 8',
  section8Share: 'Payment standard (share of HUD rent)',
  section8TenantPays: 'The tenant pays the utilities',
  section8Allowance: 'Utility allowance a month per unit',
  /** the payment standard's rule in the percent it is typed in (the API's message speaks of fractions) */
  section8AllowanceRule:
    'Enter the utility allowance in dollars a month per unit: 0 when the owner pays every utility',
  section8ShareRule: `Payment standard must be a number from ${Math.round(PAYMENT_STANDARD_SHARE.min * 100)}% to ${Math.round(PAYMENT_STANDARD_SHARE.max * 100)}% of the HUD rent`,
  section8Check: 'Check with the housing authority first:',
  section8Keep: 'Keep as the Section 8 scenario',
  /** QA: an allowance at or above the payment standard could be kept as a scenario at $0 rent */
  section8NoRent:
    'No rent is left once the allowance is deducted, so there is no Section 8 scenario to keep. Check the housing authority’s allowance and payment standard.',
  /** said while a scenario, not the base case, is on screen: what edits and a new scenario start from */
  onScreenNow: (name: string) => `On screen: ${name}. Your edits and a scenario saved now start from it.`,
  showBase: 'Show the base case',
} as const;
