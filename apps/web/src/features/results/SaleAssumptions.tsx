/** The right column's Sale Assumptions (product spec §2); appreciation, hold period and cost to sell are editable. */

import { UI_TEXT } from '../../ui/text';
import { MetricRow } from './MetricRow';
import { SALE_ASSUMPTION_KEYS } from './metric-groups';

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
