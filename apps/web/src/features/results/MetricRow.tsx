/**
 * One metric of the results: its label with an explanation, and its live value — or, for an
 * editable assumption, a highlighted input in the units people type (dollars, percent, years),
 * with where its value comes from (derived, and how, or set by the user, with a reset).
 */
import {
  type AssumptionOrigin,
  formatMetric,
  formatMoney,
  type MarketFigure,
  METRIC_KIND,
  METRIC_LABELS,
  type MetricKey,
  ORIGIN_WORDS,
  perUnitLabel,
  widenUnit,
} from '@sfr/contracts';
import { isSpreadKey, type SpreadKey } from '@sfr/underwriting';
import { type FormEvent, memo, useCallback, useEffect, useRef, useState } from 'react';
import { InfoTip } from '../../ui/InfoTip';
import { type EditableKey, isEditableKey, metricInputId, UNIT_WORDS } from './metric-edits';
import { useMetricSource } from './metric-source';
import { METRIC_TOOLTIPS } from './tooltips';

/**
 * The row of one metric, read from the results' MetricSource. The drawing below is memoised on
 * plain values, so a keystroke redraws only the rows whose numbers changed.
 */
export function MetricRow({ metric }: { metric: MetricKey }) {
  const source = useMetricSource();
  const label = perUnitLabel(metric, source.labels[metric] ?? METRIC_LABELS[metric], source.units);
  if (!isEditableKey(metric)) {
    const value = source.valueOf(metric);
    // an optional expense line's dollars exist only when the line is given
    if (value === undefined) return null;
    const note = figureNote(metric, value, source.marketFigureOf(metric));
    return <FigureRow metric={metric} label={label} value={value} note={note} />;
  }
  const origin = source.originOf(metric);
  const widen = isSpreadKey(metric) ? source.widenOf(metric) : null;
  return (
    <AssumptionRow
      metric={metric}
      label={label}
      text={source.edits[metric]}
      error={source.errors[metric]}
      originKind={origin?.kind}
      originBasis={origin?.basis}
      onEdit={source.onEdit}
      onReset={source.onReset}
      widenText={widen?.text}
      widenRange={widen?.range}
      widenError={widen?.error}
      widenSimulated={widen?.simulated}
      onWiden={widen ? source.onWiden : undefined}
    />
  );
}

const FigureRow = memo(function FigureRow({
  metric,
  label,
  value,
  note,
}: {
  metric: MetricKey;
  label: string;
  value: number | string | null | undefined;
  note: string | null;
}) {
  return (
    <div className="metric-row">
      <dt>
        <span>{label}</span>
        <InfoTip text={METRIC_TOOLTIPS[metric]} subject={label} />
      </dt>
      <dd className="metric-value">
        {formatMetric(metric, value)}
        {note ? <span className="metric-origin metric-note">{note}</span> : null}
      </dd>
    </div>
  );
});

/**
 * A figure's reading where its number alone would puzzle an investor: a cash-out refinance that
 * returned all the cash invested leaves a cash left in of zero or less (and no cash-on-cash on it);
 * a crime grade shown N/A was estimated (the market figures show the estimate), and the rating counts
 * it as average.
 */
export function figureNote(
  metric: MetricKey,
  value: number | string | null | undefined,
  marketFigure?: MarketFigure,
): string | null {
  if (value === null && marketFigure?.tier === 'estimated' && typeof marketFigure.value === 'string')
    return `Estimated ${marketFigure.value} (no usable police report): the rating counts it as average.`;
  if (metric !== 'cash_left_in_deal' || typeof value !== 'number' || value > 0) return null;
  const more = -value >= 0.005 ? `, and ${formatMoney(-value)} more` : '';
  return `Every dollar you invested came back at the refinance${more}: no cash is left in.`;
}

/**
 * Each assumption's input is the only field of its own form. After every keystroke Chromium's
 * autofill re-reads the form the field belongs to (its fields, labels and visibility, with a
 * forced layout): 3.7 ms of main thread a key on the results page with the inputs outside any
 * form, and as much with all of them in one, against 0.9 ms with one field (Chromium traces, 30
 * keys each). Enter in the field submits the one-field form, which does nothing.
 */
const ignoreSubmit = (event: FormEvent) => event.preventDefault();

interface AssumptionRowProps {
  metric: EditableKey;
  label: string;
  text: string;
  error: string | undefined;
  originKind: AssumptionOrigin['kind'] | undefined;
  originBasis: string | undefined;
  onEdit: (key: EditableKey, text: string) => void;
  onReset: (key: EditableKey) => void;
  /** only for the assumptions a simulation can spread */
  widenText: string | undefined;
  widenRange: string | null | undefined;
  widenError: string | undefined;
  widenSimulated: string | null | undefined;
  onWiden: ((key: SpreadKey, text: string) => void) | undefined;
}

const AssumptionRow = memo(function AssumptionRow({
  metric,
  label,
  text,
  error,
  originKind,
  originBasis,
  onEdit,
  onReset,
  widenText,
  widenRange,
  widenError,
  widenSimulated,
  onWiden,
}: AssumptionRowProps) {
  const kind = METRIC_KIND[metric];
  const id = metricInputId(metric);
  const errorId = `${id}-error`;
  const originId = `${id}-origin`;
  const unit = UNIT_WORDS[kind];
  const describedBy = [error ? errorId : null, originKind ? originId : null].filter(Boolean).join(' ');
  return (
    <div className={`metric-row editable${originKind === 'overridden' ? ' overridden' : ''}`}>
      <dt>
        <label htmlFor={id}>
          {label}
          {unit ? <span className="visually-hidden"> ({unit})</span> : null}
        </label>
        <InfoTip text={METRIC_TOOLTIPS[metric]} subject={label} />
      </dt>
      <dd>
        <form className={`metric-input metric-input-${kind}`} noValidate onSubmit={ignoreSubmit}>
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
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(event) => onEdit(metric, event.target.value)}
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
          {kind === 'months' ? (
            <span className="metric-affix" aria-hidden="true">
              mo
            </span>
          ) : null}
        </form>
        {error ? (
          <span id={errorId} className="field-error">
            {error}
          </span>
        ) : null}
        {originKind === 'derived' || originKind === 'default' ? (
          <span id={originId} className="metric-origin">
            {ORIGIN_WORDS[originKind]}: {originBasis}
          </span>
        ) : null}
        {originKind === 'overridden' ? (
          <span className="metric-origin">
            <span id={originId}>Your value</span>
            <button
              type="button"
              className="button-link metric-reset"
              aria-label={`Reset ${label} to ${originBasis}`}
              onClick={() => onReset(metric)}
            >
              Reset
            </button>
          </span>
        ) : null}
        {onWiden && isSpreadKey(metric) ? (
          <WidenControl
            metric={metric}
            label={label}
            text={widenText ?? ''}
            range={widenRange ?? null}
            error={widenError}
            simulated={widenSimulated ?? null}
            onWiden={onWiden}
          />
        ) : null}
      </dd>
    </div>
  );
});

interface WidenControlProps {
  metric: SpreadKey;
  label: string;
  text: string;
  range: string | null;
  error: string | undefined;
  /** the range the simulated ranges vary it over now */
  simulated: string | null;
  onWiden: (key: SpreadKey, text: string) => void;
}

/**
 * "±": the user's own range for this assumption in the simulated ranges, in dollars or a percent
 * for money and in points for a rate. Closed until asked for; open while it holds a range.
 */
function WidenControl({ metric, label, text, range, error, simulated, onWiden }: WidenControlProps) {
  const [open, setOpen] = useState(text !== '');
  // a range given elsewhere (a scenario shown with its own, a Section 8 rent's band) opens it too
  useEffect(() => {
    if (text !== '') setOpen(true);
  }, [text]);
  // opened by its button, which it replaces: the keyboard's focus goes into the new input
  const asked = useRef(false);
  const focusWhenAsked = useCallback((input: HTMLInputElement | null) => {
    if (input && asked.current) input.focus();
    asked.current = false;
  }, []);
  const id = `${metricInputId(metric)}-widen`;
  if (!open) {
    return (
      <span className="metric-origin">
        {simulated ? `Ranges vary it ${simulated}. ` : null}
        <button
          type="button"
          className="button-link metric-widen-toggle"
          aria-label={`Give ${label} a range of your own`}
          onClick={() => {
            asked.current = true;
            setOpen(true);
          }}
        >
          ± range
        </button>
      </span>
    );
  }
  return (
    <form className="metric-widen" noValidate onSubmit={ignoreSubmit}>
      <label htmlFor={id}>
        ±
        <span className="visually-hidden">
          {' '}
          {label} range in {widenUnit(metric)}
        </span>
      </label>
      <input
        ref={focusWhenAsked}
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={widenUnit(metric) === 'percentage points' ? 'points' : '$ or %'}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(event) => onWiden(metric, event.target.value)}
      />
      <span id={`${id}-note`} className={error ? 'field-error' : 'metric-origin'}>
        {error ??
          (range
            ? `Your range: ${range}`
            : `Type how far it may be off either way${simulated ? ` (the ranges now vary it ${simulated})` : ''}`)}
      </span>
    </form>
  );
}
