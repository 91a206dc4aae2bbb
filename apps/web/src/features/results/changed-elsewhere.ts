/**
 * What an edit refused because the deal changed in another tab held (update_metrics' or a save's 409
 * ANALYSIS_CHANGED): each assumption it set otherwise than the state it started from, as the input
 * showed it, so the investor can make it again on the latest figures.
 */
import { METRIC_LABELS } from '@sfr/contracts';
import { type Assumptions, EDITABLE_METRIC_KEYS, type EditableKey, metricInputText } from './metric-edits';
import { GROUP_TITLES } from './term-groups';

export interface RefusedChange {
  label: string;
  /** as typed, or the group's 'changed' / 'removed' */
  typed: string;
}

/**
 * `userSet` says which assumptions the user set: one that only followed its driver (closing cost
 * after a new price) is not listed, since typing the driver again brings it back.
 */
export function refusedChanges(
  typed: Assumptions,
  was: Assumptions,
  userSet: (key: EditableKey) => boolean,
): RefusedChange[] {
  const changes: RefusedChange[] = [];
  for (const key of EDITABLE_METRIC_KEYS) {
    if (!userSet(key)) continue;
    const text = metricInputText(key, typed[key]);
    if (text !== metricInputText(key, was[key]))
      changes.push({ label: METRIC_LABELS[key], typed: text || 'left empty' });
  }
  for (const [key, label] of Object.entries(GROUP_TITLES) as [keyof typeof GROUP_TITLES, string][]) {
    if (JSON.stringify(typed[key]) === JSON.stringify(was[key])) continue;
    changes.push({ label, typed: typed[key] === undefined ? 'removed' : 'changed' });
  }
  return changes;
}
