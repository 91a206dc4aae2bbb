/**
 * What breaks the deal (issue 14 §2): one outcome over two drivers, seven steps each around the
 * deal on screen (steps editable), each cell coloured by the rating band it falls in, the current
 * deal marked. Computed in the browser with `sensitivityGrid`. The drivers are the deal's
 * (`driversFor`, issue 28 §7): the seven every deal has, plus the rehab budget, after-repair value
 * and refinance LTV when the deal gives them; a picked driver the deal no longer has (the rehab
 * removed) shows the default pair instead (`gridAxesFor`).
 */
import {
  type DealDriver,
  type DealInput,
  driversFor,
  type OptionalInputs,
  SENSITIVITY_OUTCOMES,
  SENSITIVITY_STEPS,
  type SensitivityOutcome,
  sensitivityGrid,
} from '@sfr/underwriting';
import { useId, useMemo, useState } from 'react';
import { ratingTone } from '../results/rating';
import {
  DEFAULT_GRID_AXES,
  DRIVER_LABELS,
  driverInSentence,
  formatDriverValue,
  formatOutcome,
  gridAxesFor,
  OUTCOME_LABELS,
  parseSteps,
  stepsHint,
  stepsText,
} from './decision-model';

interface Axis {
  driver: DealDriver;
  text: string;
}

interface Axes {
  row: Axis;
  col: Axis;
}

const axisOf = (driver: DealDriver): Axis => ({
  driver,
  text: stepsText(SENSITIVITY_STEPS[driver].steps),
});

/** The picked axes when the deal has both drivers, else the default pair with its default steps. */
function fitAxes(drivers: readonly DealDriver[], axes: Axes): Axes {
  const pair = gridAxesFor(drivers, { row: axes.row.driver, col: axes.col.driver });
  return pair.row === axes.row.driver && pair.col === axes.col.driver
    ? axes
    : { row: axisOf(pair.row), col: axisOf(pair.col) };
}

const BANDS = ['Green', 'Light-Green', 'Yellow', 'Red Orange', 'Red'] as const;

export function SensitivityTable({ deal }: { deal: DealInput & OptionalInputs }) {
  const idBase = useId();
  const drivers = useMemo(() => driversFor(deal), [deal]);
  // the user's pick; the grid draws it while the deal has both drivers (`fitAxes`)
  const [picked, setPicked] = useState<Axes>(() => ({
    row: axisOf(DEFAULT_GRID_AXES.row),
    col: axisOf(DEFAULT_GRID_AXES.col),
  }));
  const axes = fitAxes(drivers, picked);
  const { row, col } = axes;
  const [outcome, setOutcome] = useState<SensitivityOutcome>('monthly_levered_cash_flow');
  const rowSteps = parseSteps(row.text);
  const colSteps = parseSteps(col.text);
  const rowKey = rowSteps.ok ? rowSteps.steps.join() : null;
  const colKey = colSteps.ok ? colSteps.steps.join() : null;

  const grid = useMemo(() => {
    if (rowKey === null || colKey === null) return null;
    return sensitivityGrid(deal, {
      row: row.driver,
      col: col.driver,
      outcome,
      rowSteps: rowKey.split(',').map(Number),
      colSteps: colKey.split(',').map(Number),
    });
  }, [deal, row.driver, col.driver, outcome, rowKey, colKey]);

  /**
   * Picking a driver the other axis has swaps the two, so the axes never repeat. Every change
   * starts from the axes shown, so an edit after a fallback keeps the pair on screen.
   */
  function pick(which: 'row' | 'col', driver: DealDriver) {
    const otherKey = which === 'row' ? 'col' : 'row';
    const mine = axes[which];
    if (driver === mine.driver) return;
    const other = driver === axes[otherKey].driver ? mine : axes[otherKey];
    setPicked(which === 'row' ? { row: axisOf(driver), col: other } : { row: other, col: axisOf(driver) });
  }

  const axisControls = (which: 'row' | 'col', axis: Axis, parsed: ReturnType<typeof parseSteps>) => {
    const id = `${idBase}-${which}`;
    return (
      <fieldset className="decision-axis">
        <legend>{which === 'row' ? 'Rows' : 'Columns'}</legend>
        <div className="decision-field">
          <label htmlFor={`${id}-driver`}>Driver</label>
          <select
            id={`${id}-driver`}
            value={axis.driver}
            onChange={(event) => pick(which, event.target.value as DealDriver)}
          >
            {drivers.map((driver) => (
              <option key={driver} value={driver}>
                {DRIVER_LABELS[driver]}
              </option>
            ))}
          </select>
        </div>
        <div className="decision-field">
          <label htmlFor={`${id}-steps`}>Steps ({stepsHint(axis.driver)})</label>
          <input
            id={`${id}-steps`}
            value={axis.text}
            aria-invalid={parsed.ok ? undefined : true}
            aria-describedby={parsed.ok ? undefined : `${id}-steps-error`}
            onChange={(event) =>
              setPicked({ ...axes, [which]: { driver: axis.driver, text: event.target.value } })
            }
          />
          {parsed.ok ? null : (
            <p id={`${id}-steps-error`} className="field-error">
              {parsed.message}
            </p>
          )}
        </div>
      </fieldset>
    );
  };

  return (
    <section className="card decision-grid" aria-labelledby={`${idBase}-title`}>
      <h3 id={`${idBase}-title`}>What breaks the deal</h3>
      <div className="decision-controls">
        {axisControls('row', row, rowSteps)}
        {axisControls('col', col, colSteps)}
        <div className="decision-field">
          <label htmlFor={`${idBase}-outcome`}>Each cell shows</label>
          <select
            id={`${idBase}-outcome`}
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as SensitivityOutcome)}
          >
            {SENSITIVITY_OUTCOMES.map((name) => (
              <option key={name} value={name}>
                {OUTCOME_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {grid ? (
        <>
          {/* outside the table, which scrolls sideways on a phone: a caption as wide as the table was
              cut, and it is the only key to the ● and the colours (QA) */}
          <p className="decision-grid-note" id={`${idBase}-grid-note`}>
            {OUTCOME_LABELS[outcome]} by {driverInSentence(grid.row)} (rows) and {driverInSentence(grid.col)}{' '}
            (columns); the current deal is outlined and marked ●. Colours are the rating bands.
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll it sideways */}
          <section className="decision-grid-scroll" aria-label="Sensitivity grid" tabIndex={0}>
            <table
              className="decision-table"
              data-testid="sensitivity-grid"
              aria-labelledby={`${idBase}-grid-note`}
            >
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{DRIVER_LABELS[grid.row]}</span>
                  </th>
                  {grid.cols.map((axis) => (
                    <th key={axis.step} scope="col" data-value={axis.value}>
                      {formatDriverValue(grid.col, axis.value)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grid.rows.map((rowAxis, i) => (
                  <tr key={rowAxis.step}>
                    <th scope="row" data-value={rowAxis.value}>
                      {formatDriverValue(grid.row, rowAxis.value)}
                    </th>
                    {grid.cols.map((colAxis, j) => {
                      const cell = grid.cells[i]?.[j] ?? null;
                      const current = grid.current?.row === i && grid.current?.col === j;
                      if (!cell) {
                        return (
                          <td key={colAxis.step} className="decision-cell out-of-range">
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">outside the model's range</span>
                          </td>
                        );
                      }
                      return (
                        <td
                          key={colAxis.step}
                          className={`decision-cell band-${ratingTone(cell.color)}${current ? ' current' : ''}`}
                          data-value={cell.value ?? ''}
                          aria-current={current ? 'true' : undefined}
                        >
                          {current ? <span aria-hidden="true">● </span> : null}
                          {formatOutcome(outcome, cell.value)}
                          <span className="visually-hidden">
                            {` (${cell.color}${current ? ', current deal' : ''})`}
                          </span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      ) : (
        <p className="decision-hint">Correct the steps to see the grid.</p>
      )}
      <ul className="decision-legend" aria-label="Rating bands">
        {BANDS.map((band) => (
          <li key={band} className={`band-${ratingTone(band)}`}>
            {band}
          </li>
        ))}
      </ul>
    </section>
  );
}
