/**
 * Three charts of the hold (Chart.js, loaded with the results in a chunk of its own): yearly
 * levered cash flow against NOI, equity build-up against cumulative rental cash flow, and where the
 * levered profit comes from. Each is a figure whose caption says what it shows and whose numbers
 * are also a table for screen readers (the canvas itself is hidden from them). Live: the charts
 * redraw, without animation, with every edit of the assumptions.
 */
import type { AnalysisResponse } from '@sfr/contracts';
import { formatMoney } from '@sfr/contracts';
import type { Simulation } from '@sfr/underwriting';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartData,
  type ChartType,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { type RangesState, shownSimulation } from '../ranges/use-ranges';
import {
  cashFlowSeries,
  equitySeries,
  type ReturnSources,
  returnSources,
  returnSourcesSentence,
} from './chart-data';
import './ResultsCharts.css';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

/** Series colours: each at least 3:1 against the white background (WCAG 1.4.11). */
const COLORS = {
  cashFlow: '#166534',
  noi: '#1d4ed8',
  equity: '#6d28d9',
  appreciation: '#1d4ed8',
  loanPaydown: '#6d28d9',
  costs: '#b91c1c',
  profit: '#374151',
  band: 'rgba(22, 101, 52, 0.18)',
  text: '#374151',
  grid: '#e5e7eb',
} as const;

const compactMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * What every chart shares. Chart.js re-lays the chart out on each update, so what it would
 * otherwise measure is fixed (labels never rotate) and the data is declared sorted (`normalized`).
 */
function baseOptions(horizontal = false) {
  const money = {
    ticks: {
      color: COLORS.text,
      callback: (value: number | string) => compactMoney.format(Number(value)),
      maxTicksLimit: 5,
      minRotation: 0,
      maxRotation: 0,
    },
    grid: { color: COLORS.grid },
  };
  const labels = {
    ticks: { color: COLORS.text, autoSkip: true, minRotation: 0, maxRotation: 0 },
    grid: { display: false },
  };
  return {
    animation: false as const,
    normalized: true,
    responsive: true,
    maintainAspectRatio: false,
    indexAxis: horizontal ? ('y' as const) : ('x' as const),
    scales: horizontal ? { x: money, y: labels } : { x: labels, y: money },
    plugins: {
      legend: { position: 'bottom' as const, labels: { color: COLORS.text, boxWidth: 12 } },
      tooltip: {
        callbacks: {
          label: (item: { dataset: { label?: string }; raw: unknown }) =>
            `${item.dataset.label ? `${item.dataset.label}: ` : ''}${formatMoney(Number(item.raw))}`,
        },
      },
    },
  };
}

/** How far beyond the viewport a chart still counts as in view: it is redrawn before it scrolls in. */
const NEAR_VIEW = '50% 0px';

/**
 * A Chart.js chart on a canvas: made once, then fed new numbers in place and redrawn without
 * animation. A redraw waits for the frame that shows the new figures to be painted (a keystroke
 * paints the numbers first; the charts follow in the next frame), a burst of edits redraws once,
 * and a chart out of view waits until it comes near (typing in the metrics, the charts are below
 * the fold: their redraws, ~9 ms a key in all, would only hold up the next key).
 */
function useChart<T extends ChartType>(make: () => ChartConfiguration<T>, data: ChartData<T>) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<T> | null>(null);
  const first = useRef({ make, data });
  const latest = useRef(data);
  const scheduled = useRef(false);
  const inView = useRef(true);

  /** Feeds the latest numbers to the chart and redraws it, when they are new and it is in view (or printed). */
  const redraw = useCallback((force = false) => {
    const current = chart.current;
    const next = latest.current;
    if (!current || current.data === next || !(inView.current || force)) return;
    current.data.labels = next.labels;
    next.datasets.forEach((dataset, index) => {
      const shown = current.data.datasets[index];
      if (shown) shown.data = dataset.data;
    });
    current.update('none');
  }, []);

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const config = first.current.make();
    const made = new Chart(element, { ...config, data: first.current.data });
    chart.current = made;
    const observer = new IntersectionObserver(
      ([entry]) => {
        inView.current = entry?.isIntersecting ?? true;
        redraw();
      },
      { rootMargin: NEAR_VIEW },
    );
    // the figure, not the canvas: the canvas lies in the figure's content-visibility: auto subtree,
    // and once that is skipped Chromium may report no more intersections for it (the chart then
    // never caught up when scrolled to); the figure's own box is always laid out
    observer.observe(element.closest('figure') ?? element);
    // a printed page shows every chart, in view or not
    const forPrint = () => redraw(true);
    window.addEventListener('beforeprint', forPrint);
    return () => {
      window.removeEventListener('beforeprint', forPrint);
      observer.disconnect();
      made.destroy();
      chart.current = null;
    };
  }, [redraw]);
  useLayoutEffect(() => {
    latest.current = data;
    if (scheduled.current) return;
    scheduled.current = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        scheduled.current = false;
        redraw();
      }, 0),
    );
  }, [data, redraw]);
  return canvas;
}

interface FigureProps {
  id: string;
  title: string;
  summary: string;
  canvas: React.RefObject<HTMLCanvasElement | null>;
  table: { columns: string[]; rows: { label: string; values: number[] }[] };
}

/** The chart with its caption and, for screen readers, its numbers as a table. */
function ChartFigure({ id, title, summary, canvas, table }: FigureProps) {
  return (
    <figure className="card results-chart" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`}>{title}</h3>
        <p className="results-chart-summary">{summary}</p>
      </figcaption>
      <div className="results-chart-canvas" aria-hidden="true">
        <canvas ref={canvas} />
      </div>
      {/* a table ignores the width the hiding class gives it: a block around it holds the 1 px box */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.values.map((value, index) => (
                  <td key={table.columns[index]}>{formatMoney(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const CashFlowChart = memo(function CashFlowChart({ analysis }: { analysis: AnalysisResponse }) {
  const series = useMemo(() => cashFlowSeries(analysis), [analysis]);
  const data: ChartData<'bar' | 'line', number[], string> = useMemo(
    () => ({
      labels: series.years,
      datasets: [
        {
          type: 'bar',
          label: 'Levered cash flow',
          data: series.leveredCashFlow,
          backgroundColor: COLORS.cashFlow,
        },
        {
          type: 'line',
          label: 'Net operating income',
          data: series.netOperatingIncome,
          borderColor: COLORS.noi,
          backgroundColor: COLORS.noi,
          pointRadius: 3,
        },
      ],
    }),
    [series],
  );
  const canvas = useChart(() => ({ type: 'bar', data, options: baseOptions() }), data as ChartData<'bar'>);
  const last = series.years.length - 1;
  return (
    <ChartFigure
      id="chart-cash-flow"
      title="Cash flow by year"
      summary={`Levered cash flow (the table's Rental Cashflow: before the sale and any refinance's cash) goes from ${formatMoney(series.leveredCashFlow[0] ?? 0)} in year 1 to ${formatMoney(series.leveredCashFlow[last] ?? 0)} in year ${last + 1}; net operating income from ${formatMoney(series.netOperatingIncome[0] ?? 0)} to ${formatMoney(series.netOperatingIncome[last] ?? 0)}.`}
      canvas={canvas}
      table={{
        columns: series.years,
        rows: [
          { label: 'Levered cash flow', values: series.leveredCashFlow },
          { label: 'Net operating income', values: series.netOperatingIncome },
        ],
      }}
    />
  );
});

const EquityChart = memo(function EquityChart({ analysis }: { analysis: AnalysisResponse }) {
  const series = useMemo(() => equitySeries(analysis), [analysis]);
  const data: ChartData<'line', number[], string> = useMemo(
    () => ({
      labels: series.years,
      datasets: [
        {
          label: 'Equity',
          data: series.equity,
          borderColor: COLORS.equity,
          backgroundColor: COLORS.equity,
          pointRadius: 3,
        },
        {
          label: 'Cumulative rental cash flow',
          data: series.cumulativeCashFlow,
          borderColor: COLORS.cashFlow,
          backgroundColor: COLORS.cashFlow,
          borderDash: [6, 4],
          pointRadius: 3,
        },
      ],
    }),
    [series],
  );
  const canvas = useChart(() => ({ type: 'line', data, options: baseOptions() }), data);
  const last = series.years.length - 1;
  return (
    <ChartFigure
      id="chart-equity"
      title="Equity build-up"
      summary={`At the end of year ${last + 1}: ${formatMoney(series.equity[last] ?? 0)} of equity, and a cumulative rental cash flow (before the sale and any refinance's cash) of ${formatMoney(series.cumulativeCashFlow[last] ?? 0)}.`}
      canvas={canvas}
      table={{
        columns: series.years,
        rows: [
          { label: 'Equity', values: series.equity },
          { label: 'Cumulative rental cash flow', values: series.cumulativeCashFlow },
        ],
      }}
    />
  );
});

/** The bars of "Where the return comes from", in order; the rehab's only on a deal that has one. */
function sourceBars(sources: ReturnSources): { label: string; value: number; color: string }[] {
  return [
    { label: 'Cash flow', value: sources.cashFlow, color: COLORS.cashFlow },
    { label: 'Appreciation', value: sources.appreciation, color: COLORS.appreciation },
    ...(sources.rehab === 0 ? [] : [{ label: 'Rehab', value: sources.rehab, color: COLORS.costs }]),
    { label: 'Loan paydown', value: sources.loanPaydown, color: COLORS.loanPaydown },
    { label: 'Buying and selling costs', value: sources.costs, color: COLORS.costs },
    { label: 'Levered profit', value: sources.profit, color: COLORS.profit },
  ];
}

const ReturnSourcesChart = memo(function ReturnSourcesChart({ analysis }: { analysis: AnalysisResponse }) {
  const sources = useMemo(() => returnSources(analysis), [analysis]);
  const bars = useMemo(() => sourceBars(sources), [sources]);
  const data: ChartData<'bar', number[], string> = useMemo(
    () => ({
      labels: bars.map((bar) => bar.label),
      datasets: [
        {
          label: 'Amount',
          data: bars.map((bar) => bar.value),
          backgroundColor: bars.map((bar) => bar.color),
        },
      ],
    }),
    [bars],
  );
  const canvas = useChart(() => {
    const options = baseOptions(true);
    return {
      type: 'bar',
      data,
      options: { ...options, plugins: { ...options.plugins, legend: { display: false } } },
    };
  }, data);
  return (
    <ChartFigure
      id="chart-return-sources"
      title="Where the return comes from"
      summary={returnSourcesSentence(sources)}
      canvas={canvas}
      table={{
        columns: ['Amount'],
        rows: bars.map((bar) => ({ label: bar.label, values: [bar.value] })),
      }}
    />
  );
});

const FanChart = memo(function FanChart({ simulation }: { simulation: Simulation }) {
  const years = simulation.yearly_levered_cash_flow;
  const series = useMemo(
    () => ({
      years: years.map((row) => `Year ${row.year}`),
      p10: years.map((row) => row.p10),
      p50: years.map((row) => row.p50),
      p90: years.map((row) => row.p90),
    }),
    [years],
  );
  const data: ChartData<'line', number[], string> = useMemo(
    () => ({
      labels: series.years,
      datasets: [
        {
          label: '10th percentile',
          data: series.p10,
          borderColor: COLORS.cashFlow,
          borderDash: [4, 4],
          pointRadius: 0,
        },
        {
          label: '90th percentile',
          data: series.p90,
          borderColor: COLORS.cashFlow,
          borderDash: [4, 4],
          backgroundColor: COLORS.band,
          fill: '-1',
          pointRadius: 0,
        },
        {
          label: 'Median',
          data: series.p50,
          borderColor: COLORS.cashFlow,
          backgroundColor: COLORS.cashFlow,
          pointRadius: 3,
        },
      ],
    }),
    [series],
  );
  const canvas = useChart(() => ({ type: 'line', data, options: baseOptions() }), data);
  const last = series.years.length - 1;
  return (
    <ChartFigure
      id="chart-cash-flow-range"
      title="Range of yearly cash flow"
      summary={`Levered cash flow in 8 of 10 simulated outcomes: ${formatMoney(series.p10[0] ?? 0)} to ${formatMoney(series.p90[0] ?? 0)} in year 1, ${formatMoney(series.p10[last] ?? 0)} to ${formatMoney(series.p90[last] ?? 0)} in year ${last + 1} (median ${formatMoney(series.p50[last] ?? 0)}).`}
      canvas={canvas}
      table={{
        columns: series.years,
        rows: [
          { label: '10th percentile', values: series.p10 },
          { label: 'Median', values: series.p50 },
          { label: '90th percentile', values: series.p90 },
        ],
      }}
    />
  );
});

interface ResultsChartsProps {
  analysis: AnalysisResponse;
  ranges: RangesState;
}

/**
 * Memoised, as each chart is: the urgent pass of a keystroke passes the charts by, the pass after
 * the paint redraws the three of the analysis, and the ranges' answer the fan chart alone.
 */
export default memo(function ResultsCharts({ analysis, ranges }: ResultsChartsProps) {
  const simulation = shownSimulation(ranges);
  return (
    <section className="results-charts" aria-label="Charts">
      {simulation ? <FanChart simulation={simulation} /> : null}
      <CashFlowChart analysis={analysis} />
      <EquityChart analysis={analysis} />
      <ReturnSourcesChart analysis={analysis} />
    </section>
  );
});
