/**
 * The Section 8 scenario (issue 28 §5): the deal's base case leased to a voucher holder. The
 * investor sets the housing authority's payment standard (90–110 % of HUD's rent), who pays the
 * utilities and the utility allowance (defaults from published schedules by bedrooms); the rent,
 * vacancy and tenancy it gives are previewed with how each was reached and what to check with the
 * housing authority, then kept as the deal's "Section 8" scenario.
 */
import {
  type AnalysisResponse,
  formatWholeNumber,
  type Metrics,
  PAYMENT_STANDARD_SHARE,
  type RangeWidths,
  SECTION_8_MESSAGES,
  section8Defaults,
  section8Scenario,
  UTILITY_ALLOWANCE_MAX,
  UTILITY_ALLOWANCE_SOURCES,
  utilityAllowanceDefault,
  validateSection8Terms,
} from '@sfr/contracts';
import { memo, useId, useMemo, useState } from 'react';
import { SCENARIO_TEXT } from './scenario-text';

/** The schedules behind the default allowance, each by its housing authority and year. */
const ALLOWANCE_SCHEDULES = UTILITY_ALLOWANCE_SOURCES.map(
  (schedule) => `${schedule.authority}, ${schedule.effective.slice(0, 4)}`,
).join('; ');

/**
 * Each field's message beside it: the payment standard's in the percent it is typed in, the
 * allowance's as the contracts word it (in dollars). The rule itself is the contracts'.
 */
function fieldErrors(errors: readonly string[]): { share?: string; allowance?: string } {
  const out: { share?: string; allowance?: string } = {};
  for (const error of errors) {
    if (error === SECTION_8_MESSAGES.shareRange || error === SECTION_8_MESSAGES.shareRequired)
      out.share = SCENARIO_TEXT.section8ShareRule;
    else if (error === SECTION_8_MESSAGES.allowanceRequired)
      out.allowance = SCENARIO_TEXT.section8AllowanceRule;
    else if (error === SECTION_8_MESSAGES.allowanceRange) out.allowance = error;
  }
  return out;
}

/** What a field holds as a number: NaN (refused as no number) when it is empty, where `Number('')` is 0. */
function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

interface Section8FormProps {
  /** the analysis as the server last answered: its base case is what the voucher replaces the rent of */
  base: AnalysisResponse;
  busy: boolean;
  /** the scenario's name, metrics and own "±" (its rent's band) */
  onKeep: (name: string, metrics: Metrics, rangeWidths: RangeWidths) => void;
}

/** Memoised: its terms and the base case change rarely, the page's figures on every keystroke. */
export const Section8Form = memo(function Section8Form({ base, busy, onKeep }: Section8FormProps) {
  const id = useId();
  const bedrooms = base.property.num_bedrooms;
  const defaults = section8Defaults(bedrooms);
  const allowance = utilityAllowanceDefault(bedrooms);
  const [share, setShare] = useState(String(Math.round(defaults.payment_standard_share * 100)));
  const [allowanceText, setAllowanceText] = useState(String(defaults.utility_allowance));
  const [tenantPays, setTenantPays] = useState(defaults.tenant_pays_utilities);

  // an analysis of its own: computed when the terms or the base case change
  const { checked, scenario } = useMemo(() => {
    const checked = validateSection8Terms({
      payment_standard_share: typedNumber(share) / 100,
      tenant_pays_utilities: tenantPays,
      utility_allowance: typedNumber(allowanceText),
    });
    return { checked, scenario: checked.ok ? section8Scenario(base, checked.terms) : null };
  }, [base, share, tenantPays, allowanceText]);
  const errors = checked.ok ? {} : fieldErrors(checked.errors);
  if (base.year_1_metrics.hud_rent === null) return null;

  return (
    <details className="section8">
      <summary>{SCENARIO_TEXT.section8Title}</summary>
      <div className="section8-fields">
        <label htmlFor={`${id}-share`}>
          {SCENARIO_TEXT.section8Share}
          <span className="metric-input metric-input-percent">
            <input
              id={`${id}-share`}
              type="text"
              inputMode="decimal"
              value={share}
              aria-invalid={errors.share ? true : undefined}
              aria-describedby={errors.share ? `${id}-share-error` : undefined}
              onChange={(event) => setShare(event.target.value)}
            />
            <span className="metric-affix" aria-hidden="true">
              %
            </span>
          </span>
        </label>
        {errors.share ? (
          <span id={`${id}-share-error`} className="field-error">
            {errors.share}
          </span>
        ) : null}
        <label className="section8-check">
          <input
            type="checkbox"
            checked={tenantPays}
            onChange={(event) => setTenantPays(event.target.checked)}
          />
          {SCENARIO_TEXT.section8TenantPays}
        </label>
        <label htmlFor={`${id}-allowance`}>
          {SCENARIO_TEXT.section8Allowance}
          <span className="metric-input metric-input-money">
            <span className="metric-affix" aria-hidden="true">
              $
            </span>
            <input
              id={`${id}-allowance`}
              type="text"
              inputMode="decimal"
              value={allowanceText}
              aria-invalid={errors.allowance ? true : undefined}
              aria-describedby={
                errors.allowance ? `${id}-allowance-error ${id}-allowance-note` : `${id}-allowance-note`
              }
              onChange={(event) => setAllowanceText(event.target.value)}
            />
          </span>
        </label>
        {errors.allowance ? (
          <span id={`${id}-allowance-error`} className="field-error">
            {errors.allowance}
          </span>
        ) : null}
        <p id={`${id}-allowance-note`} className="metric-origin">
          Default for {bedrooms} bedrooms: ${allowance.value} a month, ${allowance.low}–${allowance.high}{' '}
          across the published schedules we read ({ALLOWANCE_SCHEDULES}). Ask the housing authority for its
          own.
        </p>
      </div>
      {scenario ? (
        <>
          <ul className="section8-basis">
            {scenario.basis.sentences.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          <p className="section8-caveats-title">{SCENARIO_TEXT.section8Check}</p>
          <ul className="section8-caveats">
            {scenario.basis.caveats.map((caveat) => (
              <li key={caveat}>{caveat}</li>
            ))}
          </ul>
          {scenario.metrics.rent > 0 ? (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                onKeep(SCENARIO_TEXT.section8Name, scenario.metrics, {
                  rent: String(scenario.basis.rent_width),
                })
              }
            >
              {SCENARIO_TEXT.section8Keep}
            </button>
          ) : (
            <p className="field-error" role="status">
              {SCENARIO_TEXT.section8NoRent}
            </p>
          )}
        </>
      ) : null}
      <p className="metric-origin">
        Payment standard from {Math.round(PAYMENT_STANDARD_SHARE.min * 100)}% to{' '}
        {Math.round(PAYMENT_STANDARD_SHARE.max * 100)}%; allowance up to $
        {formatWholeNumber(UTILITY_ALLOWANCE_MAX)} a month per unit.
      </p>
    </details>
  );
});
