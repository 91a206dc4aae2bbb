/**
 * The MIRR beside each XIRR (issue 27 §4): one rate whatever the flows' signs do, at a finance and a
 * reinvestment rate the investor can change (both the loan's rate until then). Computed from the
 * deferred analysis, as the schedule is, so typing elsewhere never waits for it.
 */
import { type AnalysisResponse, dealInput, factsOf, formatMetric } from '@sfr/contracts';
import { defaultMirrRates, type MirrRates, modifiedReturns } from '@sfr/underwriting';
import { memo, useId, useMemo, useState } from 'react';
import { TextField } from '../../ui/forms/FormField';

const RATE_FIELDS = [
  { key: 'finance_rate', label: 'Finance rate' },
  { key: 'reinvestment_rate', label: 'Reinvestment rate' },
] as const;

type RateKey = (typeof RATE_FIELDS)[number]['key'];

/** A percent typed as text: the rate, or the message to show at the field. */
function parseRate(text: string, label: string): number | string {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100)
    return `${label} must be a number from 0 to 100 %`;
  return value / 100;
}

const percentText = (rate: number): string => String(Math.round(rate * 100_000) / 1_000);

/**
 * Memoised: it follows the deferred analysis, so the keystroke's urgent pass passes it by. With
 * `readOnly` (the shared page) the rates are said, at their defaults, instead of asked.
 */
export const ModifiedReturns = memo(function ModifiedReturns({
  analysis,
  readOnly = false,
}: {
  analysis: AnalysisResponse;
  readOnly?: boolean;
}) {
  const idBase = useId();
  const deal = useMemo(
    () => dealInput(analysis.property, analysis.property.metrics, factsOf(analysis)),
    [analysis],
  );
  // the investor's own text per rate; until typed, the default follows the loan's rate
  const [typed, setTyped] = useState<Partial<Record<RateKey, string>>>({});
  const defaults = defaultMirrRates(deal);
  const texts = {
    finance_rate: typed.finance_rate ?? percentText(defaults.finance_rate),
    reinvestment_rate: typed.reinvestment_rate ?? percentText(defaults.reinvestment_rate),
  };
  const parsed = Object.fromEntries(
    RATE_FIELDS.map(({ key, label }) => [key, parseRate(texts[key], label)]),
  ) as Record<RateKey, number | string>;
  const rates =
    typeof parsed.finance_rate === 'number' && typeof parsed.reinvestment_rate === 'number'
      ? { finance_rate: parsed.finance_rate, reinvestment_rate: parsed.reinvestment_rate }
      : null;
  const result = useMemo(
    () => (rates ? mirrOrNull(deal, rates) : null),
    [deal, rates?.finance_rate, rates?.reinvestment_rate],
  );

  return (
    <section aria-labelledby={`${idBase}-title`} className="returns-mirr">
      <h4 id={`${idBase}-title`}>Modified IRR</h4>
      <dl className="metric-list">
        {(['unlevered', 'levered'] as const).map((side) => (
          <div key={side} className="metric-row">
            <dt>{side === 'unlevered' ? 'Unlevered MIRR' : 'Levered MIRR'}</dt>
            <dd className="metric-value">
              {formatMetric('levered_xirr', result ? result[`${side}_mirr`] : null)}
            </dd>
          </div>
        ))}
      </dl>
      {readOnly ? (
        <p className="results-note">
          At a finance rate of {texts.finance_rate}% and a reinvestment rate of {texts.reinvestment_rate}%,
          the loan's interest rate.
        </p>
      ) : (
        <div className="returns-mirr-rates">
          {RATE_FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              id={`${idBase}-${key}`}
              name={key}
              label={`${label} (%)`}
              inputMode="decimal"
              value={texts[key]}
              error={typeof parsed[key] === 'string' ? (parsed[key] as string) : undefined}
              onChange={(event) => setTyped((current) => ({ ...current, [key]: event.target.value }))}
            />
          ))}
        </div>
      )}
      <p className="results-note">
        One rate whatever the cash flows' signs do: money the deal needs later is set aside today at the
        finance rate, and cash it returns earns the reinvestment rate until the sale. Both start at the loan's
        interest rate (cash it throws off could pay that loan down){readOnly ? '.' : '; set your own.'}
      </p>
    </section>
  );
});

/** The MIRRs of the deal on screen, or null if its figures are not a valid deal yet. */
function mirrOrNull(deal: Parameters<typeof modifiedReturns>[0], rates: MirrRates) {
  try {
    return modifiedReturns(deal, rates);
  } catch {
    return null;
  }
}
