/**
 * /shared/$token (issue 14 §5): a saved analysis for anyone with its link, signed in or not. Read
 * only: the verdict, the property, every figure as its owner saved it (with the strategy's terms,
 * the MIRR and the after-tax returns when the deal has them), the rating, the sources and the
 * hold-period table; no account data, no edit, save or report controls, `noindex`. An unknown
 * or revoked link says so plainly. Opening it costs nobody a search (the API reads, never analyses).
 */
import {
  type AnalysisResponse,
  assumptionProvenance,
  formatMetric,
  METRIC_LABELS,
  type MetricKey,
  originText,
  perUnitLabel,
  type SharedAnalysis,
  strategyTerms,
} from '@sfr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { ApiRequestError } from '../../lib/api';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { UI_TEXT } from '../../ui/text';
import { useDocumentTitle } from '../../ui/use-document-title';
import { addressOf } from '../compare/compare-model';
import { RangeNotes } from '../ranges/RangeNotes';
import { useRanges } from '../ranges/use-ranges';
import { HoldPeriodTable } from '../results/HoldPeriodTable';
import { MarketSources } from '../results/MarketSources';
import { ModifiedReturns } from '../results/ModifiedReturns';
import { METRIC_GROUPS, OVERALL_RETURN_KEYS, SALE_ASSUMPTION_KEYS } from '../results/metric-groups';
import { metricValues } from '../results/metric-source';
import { AfterTaxReturns } from '../results/OverallReturns';
import { PropertyInformation } from '../results/PropertyInformation';
import { RatingCard } from '../results/RatingCard';
import { VerdictBand } from '../results/VerdictBand';
import { ScenarioTable } from '../scenarios/ScenarioTable';
import { scenarioColumns } from '../scenarios/scenario-columns';
import { SCENARIO_TEXT } from '../scenarios/scenario-text';
import { sharedAnalysisQuery } from './queries';
import '../results/AnalysisResults.css';
import './share.css';

const LINK_GONE = 'This link is no longer available.';

export function SharedAnalysisPage({ token }: { token: string }) {
  const { data, error, isPending, refetch } = useQuery(sharedAnalysisQuery(token));
  return (
    <>
      {/* React hoists this into <head>: a private deal is never indexed, whoever posts the link */}
      <meta name="robots" content="noindex" />
      {isPending ? (
        <LoadingBlock />
      ) : data ? (
        <SharedAnalysisView analysis={data} />
      ) : error instanceof ApiRequestError && (error.status === 404 || error.status === 400) ? (
        <LinkGone />
      ) : (
        <section className="page narrow" aria-labelledby="shared-error">
          <h1 id="shared-error">The analysis could not be loaded</h1>
          <p>{error?.message}</p>
          <button type="button" className="button button-primary" onClick={() => refetch()}>
            Try again
          </button>
        </section>
      )}
    </>
  );
}

function LinkGone() {
  useDocumentTitle('Link not available');
  return (
    <section className="page narrow" aria-labelledby="shared-gone">
      <h1 id="shared-gone">{LINK_GONE}</h1>
      <p>
        Its owner may have stopped sharing it. <Link to="/">Analyse a property yourself</Link>.
      </p>
    </section>
  );
}

/**
 * What the results say under each assumption, as the owner left it: where its value comes from
 * (derived, a line's default, or theirs) and what the ranges vary it over.
 */
function assumptionNotes(analysis: SharedAnalysis): Partial<Record<MetricKey, string>> {
  const notes: Partial<Record<MetricKey, string>> = {};
  for (const { key, origin, range } of assumptionProvenance(analysis)) {
    if (!origin) continue;
    const said = originText(origin, "The owner's value.");
    notes[key] = range ? `${said} Ranges vary it ${range}.` : said;
  }
  return notes;
}

/** A figure as saved, 'N/A' when the model has none; an expense line the deal does not give is left out. */
function FigureList({ keys, values, labels, units, notes = {} }: FigureListProps) {
  return (
    <dl>
      {keys
        .filter((key) => values[key] !== undefined)
        .map((key) => (
          <div key={key}>
            <dt>{perUnitLabel(key, labels[key] ?? METRIC_LABELS[key], units)}</dt>
            <dd>
              {formatMetric(key, values[key])}
              {notes[key] ? <span className="metric-origin">{notes[key]}</span> : null}
            </dd>
          </div>
        ))}
    </dl>
  );
}

interface FigureListProps {
  keys: readonly MetricKey[];
  values: Partial<Record<MetricKey, number | string | null>>;
  labels: Readonly<Record<string, string>>;
  /** the house type's units: HUD's and the market's rents are per unit */
  units: number;
  /** under an assumption: its origin and range (`assumptionNotes`) */
  notes?: Partial<Record<MetricKey, string>>;
}

/** The strategy's terms in words (the PDF's), so a reader sees why the cash to close is what it is. */
function StrategyTermsText({ metrics }: { metrics: SharedAnalysis['property']['metrics'] }) {
  const terms = strategyTerms(metrics);
  if (terms.length === 0) return null;
  return (
    <section className="card results-block" aria-labelledby="shared-terms">
      <h2 id="shared-terms">Strategy Terms</h2>
      <dl>
        {terms.map(({ key, label, text }) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SharedAnalysisView({ analysis }: { analysis: SharedAnalysis }) {
  const address = addressOf(analysis.property);
  useDocumentTitle(`Shared analysis: ${address}`);
  // the results' components read figures only; the analysis id they never read is not shared
  const shown: AnalysisResponse = useMemo(() => ({ ...analysis, analysis_id: '' }), [analysis]);
  const values = metricValues(analysis);
  const labels = analysis.metric_display_names;
  const ranges = useRanges(shown);
  const notes = useMemo(() => assumptionNotes(analysis), [analysis]);
  return (
    <section className="page results shared-page" aria-labelledby="shared-title">
      <h1 id="shared-title">{address}</h1>
      <p className="shared-note">
        A read-only analysis shared with you from SFR Analyst: the figures as their owner saved them.
      </p>
      <VerdictBand analysis={shown} stale={false} ranges={ranges} />
      <RangeNotes ranges={ranges} stale={false} />
      {analysis.scenarios.length > 0 ? (
        <section className="card results-block scenarios" aria-labelledby="shared-scenarios">
          <h2 id="shared-scenarios">{SCENARIO_TEXT.title}</h2>
          <ScenarioTable columns={scenarioColumns(analysis, analysis, null)} />
        </section>
      ) : null}
      <div className="shared-figures">
        <PropertyInformation property={analysis.property} />
        {METRIC_GROUPS.filter((group) => group.keys.some((key) => values[key] !== undefined)).map((group) => (
          <section key={group.name} className="card results-block" aria-labelledby={`shared-${group.name}`}>
            <h2 id={`shared-${group.name}`}>{group.name}</h2>
            <FigureList
              keys={group.keys}
              values={values}
              labels={labels}
              units={analysis.property.factor}
              notes={notes}
            />
          </section>
        ))}
        <StrategyTermsText metrics={analysis.property.metrics} />
        <section className="card results-block" aria-labelledby="shared-sale">
          <h2 id="shared-sale">{UI_TEXT.saleAssumptions}</h2>
          <FigureList
            keys={SALE_ASSUMPTION_KEYS}
            values={values}
            labels={labels}
            units={analysis.property.factor}
            notes={notes}
          />
        </section>
        {(['Unlevered', 'Levered'] as const).map((side) => (
          <section key={side} className="card results-block" aria-labelledby={`shared-returns-${side}`}>
            <h2 id={`shared-returns-${side}`}>
              {UI_TEXT.overallReturns}: {side}
            </h2>
            <FigureList
              keys={OVERALL_RETURN_KEYS[side]}
              values={values}
              labels={labels}
              units={analysis.property.factor}
            />
          </section>
        ))}
        <section className="card results-block" aria-labelledby="shared-returns-more">
          <h2 id="shared-returns-more" className="visually-hidden">
            {UI_TEXT.overallReturns}: MIRR{analysis.after_tax ? ' and after tax' : ''}
          </h2>
          <ModifiedReturns analysis={shown} readOnly />
          {analysis.after_tax ? <AfterTaxReturns afterTax={analysis.after_tax} /> : null}
        </section>
      </div>
      <RatingCard rating={analysis.summary} metrics={analysis.year_1_metrics} />
      <MarketSources marketData={analysis.market_data} units={analysis.property.factor} />
      <HoldPeriodTable
        holdPeriod={analysis.sale_assumptions.hold_period}
        table={analysis.metrics_for_hold_period}
      />
    </section>
  );
}
