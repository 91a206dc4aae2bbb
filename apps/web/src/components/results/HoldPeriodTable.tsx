/**
 * The '<N> Year Returns Summary' table (product spec §2): Year 1 to Year N across, the Unlevered
 * and Levered groups down, each group and row label with its tooltip. Scrolls sideways on phones.
 */
import { UI_TEXT } from '@sfr/contracts';
import { useId } from 'react';
import { holdPeriodView } from './hold-period-table';
import { InfoTip } from './InfoTip';
import './HoldPeriodTable.css';

interface HoldPeriodTableProps {
  holdPeriod: number | string | null | undefined;
  table: Parameters<typeof holdPeriodView>[1];
}

export function HoldPeriodTable({ holdPeriod, table }: HoldPeriodTableProps) {
  const captionId = useId();
  const view = holdPeriodView(holdPeriod, table);
  if (view.kind === 'placeholder') {
    return <p className="card hold-period-placeholder">{view.message}</p>;
  }
  const columns = view.years.length + 1;
  return (
    <div className="card hold-period">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll it sideways */}
      <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
        <table className="hold-period-table">
          <caption id={captionId}>{view.title}</caption>
          <thead>
            <tr>
              <th scope="col" className="year-header sticky-label">
                {UI_TEXT.yearColumn}
              </th>
              {view.years.map((year) => (
                <th key={year} scope="col" className="year-header">
                  {UI_TEXT.yearColumn} {year}
                </th>
              ))}
            </tr>
          </thead>
          {view.groups.map((group) => (
            <tbody key={group.name}>
              <tr>
                <th scope="rowgroup" colSpan={columns} className="hold-period-group">
                  {group.name}
                  <InfoTip text={group.tooltip} />
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="sticky-label">
                    {row.label}
                    <InfoTip text={row.tooltip} />
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={view.years[index]}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </section>
    </div>
  );
}
