/** Where the market figures came from, with their vintage, and the API's warnings about them. */
import type { MarketData } from '@sfr/contracts';
import { memo } from 'react';
import { marketSourceRows } from './market-sources';

/** Memoised: the market figures do not change as assumptions are edited. */
export const MarketSources = memo(function MarketSources({
  marketData,
  units,
}: {
  marketData: MarketData;
  units: number;
}) {
  const rows = marketSourceRows(marketData, units);
  if (rows.length === 0) return null;
  return (
    <section className="card results-block" aria-labelledby="market-sources-title">
      <h3 id="market-sources-title">Market Data Sources</h3>
      <ul className="source-list">
        {rows.map((row) => (
          <li key={row.key}>
            <span className="source-figure">
              <span>{row.label}</span>
              <span className="metric-value">{row.value}</span>
            </span>
            <span className="source-origin">
              {row.source}{' '}
              <span className="source-tier" data-tier={row.tierKey} title={row.tierHelp}>
                {row.tier}
              </span>
            </span>
            {row.range ? <span className="source-note">Range: {row.range}</span> : null}
            {row.note ? <span className="source-note">{row.note}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
});

/** The API's notes on what it could not find (e.g. no rent estimate): shown above the results. */
export function MarketWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="results-warnings" role="note" aria-label="Check these figures">
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}

/** What the figures together say in the investor's favour (a Section 8 opportunity). */
export function MarketOpportunities({ opportunities }: { opportunities: readonly string[] | undefined }) {
  if (!opportunities || opportunities.length === 0) return null;
  return (
    <div className="results-opportunities" role="note" aria-label="Opportunities">
      <ul>
        {opportunities.map((opportunity) => (
          <li key={opportunity}>{opportunity}</li>
        ))}
      </ul>
    </div>
  );
}
