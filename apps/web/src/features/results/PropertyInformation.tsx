/** The Property Information block: the one-line address (when complete) and the property's facts. */
import type { AnalysisResponse } from '@sfr/contracts';
import { UI_TEXT } from '../../ui/text';
import { oneLineAddress, propertyFacts } from './property-info';

export function PropertyInformation({ property }: { property: AnalysisResponse['property'] }) {
  const address = oneLineAddress(property);
  return (
    <section className="card results-block" aria-labelledby="property-information-title">
      <h3 id="property-information-title">{UI_TEXT.propertyInformation}</h3>
      {address ? <p className="property-address">{address}</p> : null}
      <dl className="metric-list">
        {propertyFacts(property).map((fact) => (
          <div key={fact.label} className="metric-row">
            <dt>{fact.label}</dt>
            <dd className="metric-value">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
