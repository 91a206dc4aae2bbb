/**
 * What an edit refused because the deal changed in another tab held (update_metrics' 409
 * ANALYSIS_CHANGED): each assumption it set otherwise than the state it started from, as the input
 * showed it, so the investor can make it again on the latest figures.
 */
import { METRIC_LABELS } from '@sfr/contracts';
import { type Assumptions, EDITABLE_METRIC_KEYS, metricInputText } from './metric-edits';

/** The grouped terms, named as their cards name them. */
const GROUP_NAMES = {
  refinance: 'Cash-out refinance',
  second_loan: 'Second loan (seller financing)',
  rehab_financed: 'The rehab budget on the loan',
  tax: 'After-tax returns',
} as const;

export interface RefusedChange {
  label: string;
  /** as typed, or the group's 'changed' / 'removed' */
  typed: string;
}

export function refusedChanges(typed: Assumptions, was: Assumptions): RefusedChange[] {
  const changes: RefusedChange[] = [];
  for (const key of EDITABLE_METRIC_KEYS) {
    const text = metricInputText(key, typed[key]);
    if (text !== metricInputText(key, was[key]))
      changes.push({ label: METRIC_LABELS[key], typed: text || 'left empty' });
  }
  for (const [key, label] of Object.entries(GROUP_NAMES) as [keyof typeof GROUP_NAMES, string][]) {
    if (JSON.stringify(typed[key]) === JSON.stringify(was[key])) continue;
    changes.push({ label, typed: typed[key] === undefined ? 'removed' : 'changed' });
  }
  return changes;
}
