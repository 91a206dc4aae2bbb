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
  added: 'Scenario saved.',
  updated: 'Scenario updated.',
  deleted: 'Scenario deleted.',
  error: 'The scenario could not be saved. Please try again.',
  best: 'best',
  tableCaption: 'Scenarios side by side',
} as const;
