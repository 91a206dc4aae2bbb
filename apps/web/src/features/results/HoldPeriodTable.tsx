/**
 * The '<N> Year Returns Summary' table (product spec §2): Year 1 to Year N across, the Unlevered
 * and Levered groups down, each group and row label with its tooltip; an expense line's rows
 * (after Expense) and the after-tax rows (after the Levered Cashflow) only when the analysis has
 * them (issue 28). On narrow screens (below md, 768 px) the years become rows: one block per year
 * with both groups, so every value shows whole with its group beside it and nothing scrolls
 * sideways.
 */

import { EXPENSE_PART_PREFIX } from '@sfr/contracts';
import { useId } from 'react';
import { InfoTip } from '../../ui/InfoTip';
import { UI_TEXT } from '../../ui/text';
import { useMediaQuery } from '../../ui/use-media-query';
import { type HoldPeriodTableGroup, type HoldPeriodTableRow, holdPeriodView } from './hold-period-table';
import './HoldPeriodTable.css';

interface HoldPeriodTableProps {
  holdPeriod: number | string | null | undefined;
  table: Parameters<typeof holdPeriodView>[1];
}

const NARROW_SCREEN = '(max-width: 767.98px)';

export function HoldPeriodTable({ holdPeriod, table }: HoldPeriodTableProps) {
  const captionId = useId();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const view = holdPeriodView(holdPeriod, table);
  if (view.kind === 'placeholder') {
    return <p className="card hold-period-placeholder">{view.message}</p>;
  }
  if (narrow) {
    return (
      <section className="card hold-period hold-period-by-year" aria-labelledby={captionId}>
        <h3 id={captionId} className="hold-period-title">
          {view.title}
        </h3>
        {view.years.map((year, index) => (
          <YearTable key={year} year={year} index={index} groups={view.groups} />
        ))}
      </section>
    );
  }
  const columns = view.years.length + 1;
  return (
    <div className="card hold-period">
      {/* a heading, as every results block has (QA: moving by headings passed the table by), and
          outside the sideways scroll, so it stays in view */}
      <h3 id={captionId} className="hold-period-title">
        {view.title}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll it sideways */}
      <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
        <table className="hold-period-table" aria-labelledby={captionId}>
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
                <GroupHeader group={group} colSpan={columns} sticky />
              </tr>
              {group.rows.map((row) => (
                <tr key={row.label} className={row.part ? 'hold-period-part' : undefined}>
                  <RowHeader row={row} className="sticky-label" />
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

/** One year of the table on a narrow screen: each group's rows with that year's values. */
function YearTable({ year, index, groups }: { year: number; index: number; groups: HoldPeriodTableGroup[] }) {
  return (
    <table className="hold-period-table hold-period-year">
      <caption>
        {UI_TEXT.yearColumn} {year}
      </caption>
      {groups.map((group) => (
        <tbody key={group.name}>
          <tr>
            <GroupHeader group={group} colSpan={2} />
          </tr>
          {group.rows.map((row) => (
            <tr key={row.label} className={row.part ? 'hold-period-part' : undefined}>
              <RowHeader row={row} />
              <td>{row.cells[index]}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

/*
 * A header's name is its label alone (aria-labelledby): named from its content, it would take in
 * its explanation button's name too, and each of the row's cells would be read as in
 * 'Revenue Explain Revenue'.
 */

/** A group's header ('Unlevered'); `sticky` keeps its name in view while the years scroll sideways. */
function GroupHeader({
  group,
  colSpan,
  sticky,
}: {
  group: HoldPeriodTableGroup;
  colSpan: number;
  sticky?: boolean;
}) {
  const nameId = useId();
  const content = (
    <>
      <span id={nameId}>{group.name}</span>
      <InfoTip text={group.tooltip} subject={group.name} />
    </>
  );
  return (
    <th scope="rowgroup" colSpan={colSpan} className="hold-period-group" aria-labelledby={nameId}>
      {sticky ? <span className="hold-period-group-name">{content}</span> : content}
    </th>
  );
}

/** A row's header: its label and explanation. */
function RowHeader({ row, className }: { row: HoldPeriodTableRow; className?: string }) {
  const labelId = useId();
  return (
    <th scope="row" className={className} aria-labelledby={labelId}>
      <span id={labelId}>
        <RowLabel row={row} />
      </span>
      <InfoTip text={row.tooltip} subject={row.label} />
    </th>
  );
}

/** A row's label; an expense line's reads 'of which …', being part of the Expense above it. */
function RowLabel({ row }: { row: HoldPeriodTableRow }) {
  if (!row.part) return <>{row.label}</>;
  return (
    <>
      <span className="hold-period-part-prefix">{EXPENSE_PART_PREFIX} </span>
      {row.label}
    </>
  );
}
