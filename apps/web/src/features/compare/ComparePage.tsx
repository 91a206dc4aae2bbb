/**
 * /compare (issue 14 §3): two to four of the user's saved properties or recent analyses side by
 * side — address, price, rent with its evidence and tier, and the KPI band — the best value of each
 * figure marked in words and weight, not by colour alone. The picks and the scenario each deal shows
 * live in the URL (`?saved=…&analyses=…&scenarios=…`), so a comparison can be reloaded, bookmarked and
 * printed.
 */
import {
  type AnalysisResponse,
  assembleScenario,
  BASE_SCENARIO_NAME,
  buildingText,
  formatMetric,
} from '@sfr/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { formatDateTime } from '../../ui/format-date';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { UI_TEXT } from '../../ui/text';
import { useDocumentTitle } from '../../ui/use-document-title';
import { currentUserQuery } from '../account/session';
import { analysisQuery, recentAnalysesQuery } from '../analyses/queries';
import { savedPropertyQuery, useSavedProperties } from '../saved/queries';
import { ReportButtons } from '../share/ReportButtons';
import {
  addressOf,
  bestColumns,
  COMPARE_KPIS,
  type ComparedRef,
  type CompareSearch,
  comparedRefs,
  formatKpi,
  kpiValue,
  MAX_COMPARED,
  MIN_COMPARED,
  pickedScenarios,
  pickScenario,
  rentEvidence,
  type ScenarioPick,
  scenarioPickOf,
  searchOf,
  strategyRows,
} from './compare-model';
import './compare.css';

const TITLE = 'Compare properties';

export function ComparePage({ search }: { search: CompareSearch }) {
  useDocumentTitle(TITLE);
  const { data: user, isPending } = useQuery(currentUserQuery());
  if (isPending) return <LoadingBlock />;
  if (!user) {
    return (
      <section className="page narrow" aria-labelledby="compare-title">
        <h1 id="compare-title">{TITLE}</h1>
        <p>Log in to compare the properties you have saved or analysed.</p>
        <Link to="/login" className="button button-primary">
          {UI_TEXT.login}
        </Link>
      </section>
    );
  }
  return <Comparison search={search} />;
}

const refKey = (ref: ComparedRef) => `${ref.kind}:${ref.id}`;

function Comparison({ search }: { search: CompareSearch }) {
  const navigate = useNavigate();
  const refs = comparedRefs(search);
  const picks = pickedScenarios(search);
  const results = useQueries({
    queries: refs.map((ref) => (ref.kind === 'saved' ? savedPropertyQuery(ref.id) : analysisQuery(ref.id))),
  });
  // a pick that could not be loaded (deleted since, or not the user's) neither fills the table nor
  // counts against the four: the picker and the next pick see only those that load
  const loadable = refs.filter((_, index) => !results[index]?.isError);
  const missing = refs.length - loadable.length;
  const enough = loadable.length >= MIN_COMPARED;
  const show = (next: readonly ComparedRef[], nextPicks: readonly ScenarioPick[]) =>
    void navigate({ to: '/compare', search: searchOf(next, nextPicks), replace: true });

  function toggle(ref: ComparedRef, on: boolean) {
    if (on) return show([...loadable, ref], picks);
    show(
      loadable.filter((item) => refKey(item) !== refKey(ref)),
      pickScenario(picks, ref, ''),
    );
  }

  return (
    <section className="page compare-page" aria-labelledby="compare-title">
      <h1 id="compare-title">{TITLE}</h1>
      <Picker refs={loadable} onToggle={toggle} />
      {missing > 0 ? (
        <p className="compare-hint" role="status">
          {missing === 1 ? 'One property' : `${missing} properties`} could not be loaded (deleted, or not
          yours).{' '}
          <button type="button" className="button-link" onClick={() => show(loadable, picks)}>
            Remove {missing === 1 ? 'it' : 'them'} from the comparison
          </button>
        </p>
      ) : null}
      {!enough ? (
        <p className="compare-hint" role="status">
          Pick {MIN_COMPARED} to {MAX_COMPARED} properties to see them side by side.
        </p>
      ) : results.some((result) => result.isPending) ? (
        <LoadingBlock />
      ) : (
        <CompareTable
          columns={refs.flatMap((ref, index) => {
            const analysis = results[index]?.data;
            return analysis ? [{ ref, analysis }] : [];
          })}
          picks={picks}
          onPick={(deal, scenarioId) => show(refs, pickScenario(picks, deal.ref, scenarioId))}
        />
      )}
    </section>
  );
}

/** The user's saved properties and recent analyses as checkboxes; at most four checked. */
function Picker({
  refs,
  onToggle,
}: {
  refs: ComparedRef[];
  onToggle: (ref: ComparedRef, on: boolean) => void;
}) {
  const saved = useSavedProperties();
  const recent = useQuery(recentAnalysesQuery(20));
  const chosen = new Set(refs.map(refKey));
  const full = refs.length >= MAX_COMPARED;
  // open while fewer than two are chosen; then it stays as the user leaves it, so a third and a
  // fourth can be picked without opening it again
  const tooFew = refs.length < MIN_COMPARED;
  const [open, setOpen] = useState(tooFew);
  useEffect(() => {
    if (tooFew) setOpen(true);
  }, [tooFew]);

  const box = (ref: ComparedRef, label: string, detail: string) => {
    const checked = chosen.has(refKey(ref));
    const id = `pick-${ref.kind}-${ref.id}`;
    return (
      <li key={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={!checked && full}
          onChange={(event) => onToggle(ref, event.target.checked)}
        />
        <label htmlFor={id}>
          {label} <span className="compare-pick-detail">{detail}</span>
        </label>
      </li>
    );
  };

  return (
    <details
      className="card compare-picker"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        Choose properties ({refs.length} of up to {MAX_COMPARED})
      </summary>
      {/* the other boxes are disabled now: say why, where the picks are made */}
      <p className="compare-hint" role="status">
        {full ? `${MAX_COMPARED} picked, the most compared at once: unpick one to pick another.` : null}
      </p>
      <div className="compare-picker-lists">
        <fieldset>
          <legend>Saved properties</legend>
          {saved.isPending ? (
            <p>Loading…</p>
          ) : saved.properties.length > 0 ? (
            <ul>
              {saved.properties.map((property) =>
                box(
                  { kind: 'saved', id: property.id },
                  property.address,
                  `${buildingText(property)}, ${formatMetric('purchase_price', property.purchase_price)}, rating ${property.overall_points}%`,
                ),
              )}
            </ul>
          ) : (
            <p>No saved properties yet.</p>
          )}
          {saved.hasNextPage ? (
            <button
              type="button"
              className="link-button"
              disabled={saved.isFetchingNextPage}
              onClick={() => void saved.fetchNextPage()}
            >
              More saved properties
            </button>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>Recent analyses</legend>
          {recent.isPending ? (
            <p>Loading…</p>
          ) : recent.data && recent.data.length > 0 ? (
            <ul>
              {recent.data.map((item) =>
                box(
                  { kind: 'analysis', id: item.id },
                  item.address,
                  `${buildingText(item)}, ${formatMetric('purchase_price', item.purchase_price)}, rating ${item.overall_points}%, ${formatDateTime(item.created_at)}`,
                ),
              )}
            </ul>
          ) : (
            <p>{recent.isError ? 'Recent analyses could not be loaded.' : 'No analyses yet.'}</p>
          )}
        </fieldset>
      </div>
    </details>
  );
}

interface Column {
  ref: ComparedRef;
  analysis: AnalysisResponse;
}

/**
 * The table, each deal with a scenario of its own to compare (issue 28 §6): its base case until the
 * reader picks another of its scenarios.
 */
function CompareTable({
  columns: deals,
  picks,
  onPick,
}: {
  columns: Column[];
  picks: readonly ScenarioPick[];
  onPick: (deal: Column, scenarioId: string) => void;
}) {
  const columns = useMemo(
    () =>
      deals.map(({ ref, analysis }) => {
        const scenario = pickedOf(analysis, scenarioPickOf(picks, ref));
        return {
          ref,
          scenarioId: scenario?.id ?? null,
          analysis: scenario
            ? { ...assembleScenario(analysis, scenario), analysis_id: analysis.analysis_id }
            : analysis,
        };
      }),
    [deals, picks],
  );
  const headers = columns.map(({ analysis }) => addressOf(analysis.property));
  const refs = columns.map(({ ref }) => ref);
  return (
    <>
      {/* outside the table, which scrolls sideways on a phone: a caption as wide as the table was cut (QA) */}
      <p className="compare-note" id="compare-note">
        Side by side as last saved or analysed. <strong>Best</strong> marks the best value of each figure
        (highest, or lowest cash to close).
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can scroll it sideways */}
      <section className="compare-scroll" aria-label="Comparison" tabIndex={0}>
        <table className="compare-table" data-testid="compare-table" aria-describedby="compare-note">
          <caption>Deals side by side</caption>
          <thead>
            <tr>
              <th scope="col">Figure</th>
              {headers.map((address, index) => (
                <th key={refKey(columns[index]?.ref ?? { kind: 'saved', id: String(index) })} scope="col">
                  {address}
                  <span className="compare-kind">
                    {columns[index]?.ref.kind === 'saved' ? 'Saved property' : 'Analysis'}
                  </span>
                  <ScenarioSelect
                    deal={deals[index]}
                    address={address}
                    picked={columns[index]?.scenarioId ?? ''}
                    onPick={onPick}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Building</th>
              {columns.map(({ ref, analysis }) => (
                <td key={refKey(ref)}>{buildingText(analysis.property)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Purchase price</th>
              {columns.map(({ ref, analysis }) => (
                <td key={refKey(ref)}>{formatMetric('purchase_price', analysis.property.purchase_price)}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Rent</th>
              {columns.map(({ ref, analysis }) => {
                const units = analysis.property.factor;
                const perUnit = units > 1 ? ' per unit' : '';
                const evidence = [
                  rentEvidence(`HUD${perUnit}`, analysis.market_data.figures.hud_rent),
                  rentEvidence(`Market${perUnit}`, analysis.market_data.figures.rentometer_rent),
                ].filter((line): line is string => line !== null);
                return (
                  <td key={refKey(ref)} className="compare-rent">
                    <span>{formatMetric('rent', analysis.property.metrics.rent)} a month used</span>
                    {evidence.map((line) => (
                      <span key={line} className="compare-evidence">
                        {line}
                      </span>
                    ))}
                  </td>
                );
              })}
            </tr>
            {COMPARE_KPIS.map(({ key, label, better }) => {
              const shown = columns.map(({ analysis }) => formatKpi(analysis, key));
              const best = bestColumns(
                columns.map(({ analysis }) => kpiValue(analysis, key)),
                better,
                shown,
              );
              return <ComparedRow key={key} kpi={key} label={label} refs={refs} shown={shown} best={best} />;
            })}
            {strategyRows(columns.map(({ analysis }) => analysis)).map(({ label, shown, best }) => (
              <ComparedRow key={label} label={label} refs={refs} shown={shown} best={best} />
            ))}
            <tr className="compare-reports">
              <th scope="row">Report</th>
              {columns.map(({ ref, scenarioId }, index) => (
                <td key={refKey(ref)}>
                  <ReportButtons source={ref} scenarioId={scenarioId} label={headers[index]} />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>
      <button type="button" className="button button-outline compare-print" onClick={() => window.print()}>
        Print
      </button>
    </>
  );
}

/** One figure across the deals, each cell as shown, the best marked. */
function ComparedRow(props: {
  label: string;
  refs: readonly ComparedRef[];
  shown: readonly string[];
  best: ReadonlySet<number>;
  /** the KPI's key, for the tests (the strategy rows have none) */
  kpi?: string;
}) {
  const { label, refs, shown, best, kpi } = props;
  return (
    <tr data-kpi={kpi}>
      <th scope="row">{label}</th>
      {refs.map((ref, index) => (
        <td key={refKey(ref)} className={best.has(index) ? 'compare-best' : undefined}>
          {shown[index]}
          {best.has(index) ? <span className="compare-best-mark"> Best</span> : null}
        </td>
      ))}
    </tr>
  );
}

/** The scenario a column shows, if the URL picks one the deal still has. */
const pickedOf = (analysis: AnalysisResponse, scenarioId: string | undefined) =>
  analysis.scenarios.find((scenario) => scenario.id === scenarioId);

/** A deal's scenarios to compare, when it has any: its base case or one of them. */
function ScenarioSelect({
  deal,
  address,
  picked,
  onPick,
}: {
  deal: Column | undefined;
  address: string;
  /** the scenario's id, '' for the base case */
  picked: string;
  onPick: (deal: Column, scenarioId: string) => void;
}) {
  if (!deal || deal.analysis.scenarios.length === 0) return null;
  return (
    <select
      className="compare-scenario"
      // the kind too: a saved property and its own analysis share an address (QA: two pickers, one name)
      aria-label={`Scenario of ${address} (${deal.ref.kind === 'saved' ? 'saved property' : 'analysis'})`}
      value={picked}
      onChange={(event) => onPick(deal, event.target.value)}
    >
      <option value="">{BASE_SCENARIO_NAME}</option>
      {deal.analysis.scenarios.map((scenario) => (
        <option key={scenario.id} value={scenario.id}>
          {scenario.name}
        </option>
      ))}
    </select>
  );
}
