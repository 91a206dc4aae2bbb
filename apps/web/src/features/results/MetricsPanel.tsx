/**
 * The Metrics block (product spec §2): the groups in the spec's order, Income and Expenses showing
 * their first 2 items with the rest behind a Show/Hide toggle. Editable assumptions are inputs.
 */

import { useId } from 'react';
import { UI_TEXT } from '../../ui/text';
import { MetricRow } from './MetricRow';
import { METRIC_GROUPS, type MetricGroup, type MetricGroupName } from './metric-groups';

interface MetricsPanelProps {
  expanded: ReadonlySet<MetricGroupName>;
  onToggle: (group: MetricGroupName) => void;
}

export function MetricsPanel({ expanded, onToggle }: MetricsPanelProps) {
  return (
    <section className="card results-block" aria-labelledby="metrics-title">
      <h3 id="metrics-title">{UI_TEXT.metrics}</h3>
      {METRIC_GROUPS.map((group) => (
        <MetricGroupBlock
          key={group.name}
          group={group}
          open={expanded.has(group.name)}
          onToggle={onToggle}
        />
      ))}
    </section>
  );
}

interface MetricGroupBlockProps {
  group: MetricGroup;
  open: boolean;
  onToggle: (group: MetricGroupName) => void;
}

function MetricGroupBlock({ group, open, onToggle }: MetricGroupBlockProps) {
  const titleId = useId();
  const moreId = useId();
  const visible = group.collapse ? group.keys.slice(0, group.collapse.visible) : group.keys;
  const more = group.collapse ? group.keys.slice(group.collapse.visible) : [];
  return (
    <section className="metric-group" aria-labelledby={titleId}>
      <h4 id={titleId}>{group.name}</h4>
      <dl className="metric-list">
        {visible.map((key) => (
          <MetricRow key={key} metric={key} />
        ))}
      </dl>
      {group.collapse && more.length > 0 ? (
        <>
          <div id={moreId} hidden={!open}>
            <dl className="metric-list">
              {more.map((key) => (
                <MetricRow key={key} metric={key} />
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
