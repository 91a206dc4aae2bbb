/**
 * The right column's Overall Returns: equity, equity multiple, profit and XIRR, unlevered and
 * levered; the MIRR at a finance and a reinvestment rate (issue 27 §4); and after tax, when the deal
 * gives its tax situation (issue 28 §4).
 */
import { type AnalysisResponse, formatMetric } from '@sfr/contracts';
import { UI_TEXT } from '../../ui/text';
import { MetricRow } from './MetricRow';
import { ModifiedReturns } from './ModifiedReturns';
import { OVERALL_RETURN_KEYS } from './metric-groups';

const SIDES = ['Unlevered', 'Levered'] as const;

interface OverallReturnsProps {
  returns: AnalysisResponse['overall_returns'];
  afterTax?: AnalysisResponse['after_tax'];
  /** the deferred analysis, for the MIRR (computed off the keystroke path) */
  deferred: AnalysisResponse;
}

export function OverallReturns({ returns, afterTax, deferred }: OverallReturnsProps) {
  const multipleRoots = {
    Unlevered: returns.unlevered_xirr_multiple_roots,
    Levered: returns.levered_xirr_multiple_roots,
  };
  return (
    <section className="card results-block" aria-labelledby="overall-returns-title">
      <h3 id="overall-returns-title">{UI_TEXT.overallReturns}</h3>
      <div className="returns-sides">
        {SIDES.map((side) => (
          <section key={side} aria-labelledby={`overall-returns-${side}`}>
            <h4 id={`overall-returns-${side}`}>{side}</h4>
            <dl className="metric-list">
              {OVERALL_RETURN_KEYS[side].map((key) => (
                <MetricRow key={key} metric={key} />
              ))}
            </dl>
            {multipleRoots[side] ? (
              <p className="results-note">
                These cash flows change sign more than once, so more than one rate solves them; the XIRR shown
                is the one nearest 0 the way the profit points, and the MIRR below is one rate at your own.
              </p>
            ) : null}
          </section>
        ))}
      </div>
      <ModifiedReturns analysis={deferred} />
      {afterTax ? <AfterTaxReturns afterTax={afterTax} /> : null}
    </section>
  );
}

/**
 * A tax as paid or saved, in words and a positive amount: the hold-period table shows a tax paid as
 * subtracted and a saving as added, so a sign here would read the other way (QA).
 *
 * @example taxRow('at the sale', 1_200) // ['Tax paid at the sale', '$1,200.00']
 * @example taxRow('over the hold, sale included', -300) // ['Tax saved over the hold, sale included', '$300.00']
 */
export function taxRow(when: string, tax: number): [string, string] {
  return [`Tax ${tax < 0 ? 'saved' : 'paid'} ${when}`, formatMetric('levered_profit', Math.abs(tax))];
}

/** The levered returns after income tax, depreciation and the tax at sale, with what the tax came to. */
export function AfterTaxReturns({ afterTax }: { afterTax: NonNullable<AnalysisResponse['after_tax']> }) {
  const rows: [string, string][] = [
    ['After-tax levered XIRR', formatMetric('levered_xirr', afterTax.levered_xirr)],
    ['After-tax equity multiple', formatMetric('levered_equity_multiple', afterTax.levered_equity_multiple)],
    ['After-tax profit', formatMetric('levered_profit', afterTax.levered_profit)],
    ['Depreciation a full year', formatMetric('levered_profit', afterTax.basis.annual_depreciation)],
    taxRow('over the hold, sale included', afterTax.total_tax),
    taxRow('at the sale', afterTax.sale.tax),
  ];
  return (
    <section aria-labelledby="overall-returns-after-tax" className="returns-after-tax">
      <h4 id="overall-returns-after-tax">Levered, after tax</h4>
      <dl className="metric-list">
        {rows.map(([label, value]) => (
          <div key={label} className="metric-row">
            <dt>{label}</dt>
            <dd className="metric-value">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="results-note">
        Depreciation of the building over 27.5 years, interest and costs deducted, losses as you chose, and
        recaptured depreciation and capital gains taxed at the sale
        {afterTax.sale.short_term
          ? ' (a one-year hold is a short-term sale: its whole gain at your income rate)'
          : ''}
        . Simplified: one rate for all your income, no brackets, no $25,000 allowance for passive losses; ask
        your tax adviser.
      </p>
    </section>
  );
}
