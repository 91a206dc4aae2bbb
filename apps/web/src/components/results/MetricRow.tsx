/**
 * One metric of the results: its label with an explanation, and its value — or, for an editable
 * assumption, a highlighted input in the units people type (dollars, percent, years).
 */
import { formatMetric, METRIC_KIND, METRIC_TOOLTIPS, type MetricKey } from '@sfr/contracts';
import { InfoTip } from './InfoTip';
import { type EditableKey, metricInputId } from './metric-edits';

export interface MetricEdit {
  text: string;
  error: string | undefined;
  onChange: (key: EditableKey, text: string) => void;
}

interface MetricRowProps {
  metric: MetricKey;
  label: string;
  value: number | string | null | undefined;
  /** present when the metric is an editable assumption */
  edit?: MetricEdit;
}

const UNIT_WORDS: Partial<Record<string, string>> = { money: 'dollars', percent: 'percent', years: 'years' };

export function MetricRow({ metric, label, value, edit }: MetricRowProps) {
  const kind = METRIC_KIND[metric];
  if (!edit) {
    return (
      <div className="metric-row">
        <dt>
          <span>{label}</span>
          <InfoTip text={METRIC_TOOLTIPS[metric]} />
        </dt>
        <dd className="metric-value">{formatMetric(metric, value)}</dd>
      </div>
    );
  }

  const key = metric as EditableKey;
  const id = metricInputId(key);
  const errorId = `${id}-error`;
  const unit = UNIT_WORDS[kind];
  return (
    <div className="metric-row editable">
      <dt>
        <label htmlFor={id}>
          {label}
          {unit ? <span className="visually-hidden"> ({unit})</span> : null}
        </label>
        <InfoTip text={METRIC_TOOLTIPS[metric]} />
      </dt>
      <dd>
        <span className={`metric-input metric-input-${kind}`}>
          {kind === 'money' ? (
            <span className="metric-affix" aria-hidden="true">
              $
            </span>
          ) : null}
          <input
            id={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={edit.text}
            aria-invalid={edit.error ? true : undefined}
            aria-describedby={edit.error ? errorId : undefined}
            onChange={(event) => edit.onChange(key, event.target.value)}
          />
          {kind === 'percent' ? (
            <span className="metric-affix" aria-hidden="true">
              %
            </span>
          ) : null}
          {kind === 'years' ? (
            <span className="metric-affix" aria-hidden="true">
              yrs
            </span>
          ) : null}
        </span>
        {edit.error ? (
          <span id={errorId} className="field-error">
            {edit.error}
          </span>
        ) : null}
      </dd>
    </div>
  );
}
