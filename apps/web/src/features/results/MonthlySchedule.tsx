/**
 * The month-by-month schedule (issue 28 §7): every month of the hold, its income, each expense, each
 * loan's payment and balance, a refinance's cash, the sale and both cash flows, computed from the
 * figures on screen with the engine's `monthlyScheduleOf` (the flows the XIRR is computed on). Drawn
 * only when opened: a 30-year hold is 360 rows. The CSV download is the saved analysis's.
 */
import { type AnalysisResponse, dealInput, factsOf, formatMoney } from '@sfr/contracts';
import { monthlyScheduleOf, scheduleColumns } from '@sfr/underwriting';
import { useState } from 'react';
import { type ReportSource, scheduleUrl } from '../share/ReportButtons';

interface MonthlyScheduleProps {
  analysis: AnalysisResponse;
  source: ReportSource;
  /** the scenario on screen, whose schedule the download is; null for the base case */
  scenarioId: string | null;
}

export function MonthlySchedule({ analysis, source, scenarioId }: MonthlyScheduleProps) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="card results-block monthly-schedule"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Month-by-month schedule</summary>
      <p>
        <a className="button button-outline" href={scheduleUrl(source, scenarioId)} download>
          Download the schedule (CSV)
        </a>{' '}
        <span className="results-note">as last saved or updated</span>
      </p>
      {open ? <ScheduleTable analysis={analysis} /> : null}
    </details>
  );
}

function ScheduleTable({ analysis }: { analysis: AnalysisResponse }) {
  const rows = monthlyScheduleOf(dealInput(analysis.property, analysis.property.metrics, factsOf(analysis)));
  const columns = scheduleColumns(rows);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll it
    <section className="monthly-schedule-scroll" aria-label="Month-by-month schedule" tabIndex={0}>
      <table className="monthly-schedule-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month}>
              {columns.map((column) =>
                column.key === 'month' ? (
                  <th key={column.key} scope="row">
                    {row.month}
                  </th>
                ) : (
                  <td key={column.key}>
                    {column.key === 'year' ? row.year : formatMoney(row[column.key] ?? 0)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
