/**
 * The scenarios side by side: a column per scenario (the base case first), a row per figure, the
 * best value of each row marked. With `onShow`, each column not on screen offers to show it; without
 * it (the share page, the report's reader) the table only reads.
 */
import { type ScenarioColumn, scenarioRows } from './scenario-columns';
import { SCENARIO_TEXT } from './scenario-text';
import './scenarios.css';

interface ScenarioTableProps {
  columns: readonly ScenarioColumn[];
  busy?: boolean;
  onShow?: (scenarioId: string | null) => void;
}

export function ScenarioTable({ columns, busy = false, onShow }: ScenarioTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll it sideways
    <section className="scenarios-scroll" aria-label={SCENARIO_TEXT.tableCaption} tabIndex={0}>
      <table className="scenarios-table">
        <caption className="visually-hidden">{SCENARIO_TEXT.tableCaption}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((column) => (
              <th
                key={column.id ?? 'base'}
                scope="col"
                aria-current={(onShow && column.onScreen) || undefined}
              >
                <span className="scenario-name">{column.name}</span>
                {onShow && column.onScreen ? (
                  <span className="scenario-on-screen">{SCENARIO_TEXT.onScreen}</span>
                ) : null}
                {onShow && !column.onScreen ? (
                  <button
                    type="button"
                    className="button-link"
                    disabled={busy}
                    aria-label={`${SCENARIO_TEXT.show} ${column.name}`}
                    onClick={() => onShow(column.id)}
                  >
                    {SCENARIO_TEXT.show}
                  </button>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scenarioRows(columns).map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {columns.map((column, index) => (
                <td key={column.id ?? 'base'} className={row.best.has(index) ? 'scenario-best' : undefined}>
                  {row.shown[index]}
                  {row.best.has(index) ? (
                    <span className="visually-hidden"> ({SCENARIO_TEXT.best})</span>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
