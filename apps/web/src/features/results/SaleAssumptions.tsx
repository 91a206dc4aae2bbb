/** The right column's Sale Assumptions (product spec §2); appreciation, hold period and cost to sell are editable. */
import { SALE_ASSUMPTION_KEYS, UI_TEXT } from '@sfr/contracts';
import { MetricRow } from './MetricRow';

export function SaleAssumptions() {
  return (
    <section className="card results-block" aria-labelledby="sale-assumptions-title">
      <h3 id="sale-assumptions-title">{UI_TEXT.saleAssumptions}</h3>
      <dl className="metric-list">
        {SALE_ASSUMPTION_KEYS.map((key) => (
          <MetricRow key={key} metric={key} />
        ))}
      </dl>
    </section>
  );
}
