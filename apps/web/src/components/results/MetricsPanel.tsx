/**
 * The Metrics block (product spec §2): the groups in the spec's order, Income and Expenses showing
 * their first 2 items with the rest behind a Show/Hide toggle. Editable assumptions are inputs.
 */
import {
  METRIC_GROUPS,
  METRIC_LABELS,
  type MetricGroup,
  type MetricGroupName,
  type MetricKey,
  UI_TEXT,
} from '@sfr/contracts';
import { useId } from 'react';
import { type MetricEdit, MetricRow } from './MetricRow';
import { type EditableKey, isEditableKey, type MetricEditErrors, type MetricEdits } from './metric-edits';

export interface MetricSource {
  /** labels by metric key, as the API sends them */
  labels: Readonly<Record<string, string>>;
  /** a metric's value by key (year-1 figures, sale assumptions, overall returns) */
  valueOf: (key: MetricKey) => number | string | null | undefined;
  edits: MetricEdits;
  errors: MetricEditErrors;
  onEdit: (key: EditableKey, text: string) => void;
}

export function metricRowProps(key: MetricKey, source: MetricSource) {
  const edit: MetricEdit | undefined = isEditableKey(key)
    ? { text: source.edits[key], error: source.errors[key], onChange: source.onEdit }
    : undefined;
  return { metric: key, label: source.labels[key] ?? METRIC_LABELS[key], value: source.valueOf(key), edit };
}

interface MetricsPanelProps {
  source: MetricSource;
  expanded: ReadonlySet<MetricGroupName>;
  onToggle: (group: MetricGroupName) => void;
}

export function MetricsPanel({ source, expanded, onToggle }: MetricsPanelProps) {
  return (
    <section className="card results-block" aria-labelledby="metrics-title">
      <h3 id="metrics-title">{UI_TEXT.metrics}</h3>
      {METRIC_GROUPS.map((group) => (
        <MetricGroupBlock
          key={group.name}
          group={group}
          source={source}
          open={expanded.has(group.name)}
          onToggle={onToggle}
        />
      ))}
    </section>
  );
}

interface MetricGroupBlockProps {
  group: MetricGroup;
  source: MetricSource;
  open: boolean;
  onToggle: (group: MetricGroupName) => void;
}

function MetricGroupBlock({ group, source, open, onToggle }: MetricGroupBlockProps) {
  const titleId = useId();
  const moreId = useId();
  const visible = group.collapse ? group.keys.slice(0, group.collapse.visible) : group.keys;
  const more = group.collapse ? group.keys.slice(group.collapse.visible) : [];
  return (
    <section className="metric-group" aria-labelledby={titleId}>
      <h4 id={titleId}>{group.name}</h4>
      <dl className="metric-list">
        {visible.map((key) => (
          <MetricRow key={key} {...metricRowProps(key, source)} />
        ))}
      </dl>
      {group.collapse && more.length > 0 ? (
        <>
          <div id={moreId} hidden={!open}>
            <dl className="metric-list">
              {more.map((key) => (
                <MetricRow key={key} {...metricRowProps(key, source)} />
              ))}
            </dl>
          </div>
          <button
            type="button"
            className="button-link"
            aria-expanded={open}
            aria-controls={moreId}
            onClick={() => onToggle(group.name)}
          >
            {open ? group.collapse.hide : group.collapse.show}
          </button>
        </>
      ) : null}
    </section>
  );
}
