/**
 * What the live provider showed for this address: the rentals behind its rent estimate, and the
 * property record with its tax bill beside our tax. Nothing when the analysis had no live provider.
 */
import { comparableRows, liveRentLine, type MarketData, recordFactsLine, taxBillLine } from '@sfr/contracts';
import { memo } from 'react';

export const LiveEvidence = memo(function LiveEvidence({
  marketData,
  yearlyTax,
}: {
  marketData: MarketData;
  /** the yearly property tax the analysis uses now (edited or not) */
  yearlyTax: number;
}) {
  const comparables = comparableRows(marketData.comparables ?? []);
  const record = marketData.property_record;
  if (comparables.length === 0 && !record) return null;
  const rentLine = liveRentLine(marketData);
  const facts = record ? recordFactsLine(record) : null;
  const bill = record ? taxBillLine(record, yearlyTax) : null;
  return (
    <section className="card results-block live-evidence" aria-labelledby="live-evidence-title">
      <h3 id="live-evidence-title">Rent Comparables and Property Record</h3>
      {rentLine ? <p>{rentLine}</p> : null}
      {comparables.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll it sideways
        <section className="table-scroll" aria-labelledby="comparables-caption" tabIndex={0}>
          <table className="comparables">
            <caption id="comparables-caption">The rentals the estimate rests on, nearest first</caption>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Distance</th>
                <th scope="col">Beds</th>
                <th scope="col">Baths</th>
                <th scope="col">Rent</th>
                <th scope="col">Listed</th>
              </tr>
            </thead>
            <tbody>
              {comparables.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.address}</th>
                  <td>{row.distance}</td>
                  <td>{row.bedrooms}</td>
                  <td>{row.bathrooms}</td>
                  <td>{row.rent}</td>
                  <td>{row.listed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {facts ? <p>{facts}</p> : null}
      {bill ? <p className="live-evidence-tax">{bill}</p> : null}
    </section>
  );
});
