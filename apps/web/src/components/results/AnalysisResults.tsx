/**
 * 'Analyzer Results' (product spec §2): save, property information and metrics on the left; sale
 * assumptions, overall returns, map, rating and sources on the right; then the hold-period table
 * and 'Update Metrics'. Loaded lazily: nothing here is needed before the first analysis.
 */
import {
  type AnalysisResponse,
  MESSAGES,
  METRIC_GROUPS,
  METRIC_LABELS,
  type MetricGroupName,
  type MetricKey,
  SALE_ASSUMPTION_KEYS,
  UI_TEXT,
} from '@sfr/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { saveProperty, updateMetrics } from '../../queries/analysis';
import { savedPropertiesQuery, savedPropertyKeys } from '../../queries/saved-properties';
import { PropertyMap } from '../map/PropertyMap';
import { HoldPeriodTable } from './HoldPeriodTable';
import { MarketSources, MarketWarnings } from './MarketSources';
import { type MetricSource, MetricsPanel } from './MetricsPanel';
import {
  type EditableKey,
  editableDisplayOrder,
  initialMetricEdits,
  type MetricEditErrors,
  metricInputId,
  pickMetricErrors,
  readMetricEdits,
} from './metric-edits';
import { OverallReturns } from './OverallReturns';
import { PropertyInformation } from './PropertyInformation';
import { oneLineAddress } from './property-info';
import { RatingCard } from './RatingCard';
import { SaleAssumptions } from './SaleAssumptions';
import { findSavedCopy } from './saved-match';
import './AnalysisResults.css';

export interface AnalysisResultsProps {
  analysis: AnalysisResponse;
  /** the saved copy's id when the shown analysis is saved */
  savedId: string | null;
  onSaved: (id: string) => void;
  onUpdated: (analysis: AnalysisResponse) => void;
  /** changes with every new analysis: the results then take the focus (and scroll into view) */
  focusKey: number;
}

const EDITABLE_ORDER = editableDisplayOrder(METRIC_GROUPS, SALE_ASSUMPTION_KEYS);

/** The collapsed groups that hide one of these metrics: they open so the error can be seen. */
function groupsHiding(keys: readonly EditableKey[]): MetricGroupName[] {
  return METRIC_GROUPS.filter((group) => {
    const hidden = group.collapse ? group.keys.slice(group.collapse.visible) : [];
    return hidden.some((key) => (keys as readonly MetricKey[]).includes(key));
  }).map((group) => group.name);
}

export default function AnalysisResults({
  analysis,
  savedId,
  onSaved,
  onUpdated,
  focusKey,
}: AnalysisResultsProps) {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey > 0) heading.current?.focus();
  }, [focusKey]);
  const metrics = analysis.property.metrics;
  // A save or an update answers about the analysis it started from; by then a new analysis may be
  // on screen, which its answer must not replace or mark as saved.
  const latest = useRef(analysis);
  latest.current = analysis;

  // The inputs restart from the new numbers whenever the results change (spec §3).
  const [shown, setShown] = useState(analysis);
  const [edits, setEdits] = useState(() => initialMetricEdits(metrics));
  const [errors, setErrors] = useState<MetricEditErrors>({});
  if (shown !== analysis) {
    setShown(analysis);
    setEdits(initialMetricEdits(metrics));
    setErrors({});
  }
  const [expanded, setExpanded] = useState<ReadonlySet<MetricGroupName>>(new Set());

  const onEdit = useCallback((key: EditableKey, text: string) => {
    setEdits((current) => ({ ...current, [key]: text }));
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _, ...rest } = current;
      return rest;
    });
  }, []);

  const onToggle = useCallback((group: MetricGroupName) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  }, []);

  /** Shows the errors beside their inputs, opening hidden sections, and focuses the first. */
  function showErrors(next: MetricEditErrors) {
    const keys = EDITABLE_ORDER.filter((key) => next[key]);
    flushSync(() => {
      setErrors(next);
      setExpanded((current) => new Set([...current, ...groupsHiding(keys)]));
    });
    const first = keys[0];
    if (first) document.getElementById(metricInputId(first))?.focus();
  }

  // every displayed number by metric key (the xirr root flags are notes, not metrics)
  const values = useMemo(() => {
    const { unlevered_xirr_multiple_roots, levered_xirr_multiple_roots, ...returns } =
      analysis.overall_returns;
    const byKey: Partial<Record<MetricKey, number | string | null>> = {
      ...analysis.year_1_metrics,
      ...analysis.sale_assumptions,
      ...returns,
    };
    return byKey;
  }, [analysis]);

  const source: MetricSource = useMemo(
    () => ({ labels: analysis.metric_display_names, valueOf: (key) => values[key], edits, errors, onEdit }),
    [analysis.metric_display_names, values, edits, errors, onEdit],
  );

  const save = useMutation({
    onMutate: () => ({ startedFrom: analysis }),
    mutationFn: async () => {
      // spec §4: an address already saved is not written again (the API's 409 covers races)
      const saved = await queryClient.fetchQuery(savedPropertiesQuery()).catch(() => []);
      if (findSavedCopy(saved, analysis.property)) return null;
      return saveProperty(analysis.property);
    },
    onSuccess: (saved, _variables, context) => {
      if (!saved) {
        toast.info(MESSAGES.alreadySaved);
        return;
      }
      if (context.startedFrom === latest.current) onSaved(saved.id);
      toast.success(MESSAGES.saveSuccess);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        toast.info(MESSAGES.alreadySaved);
        return;
      }
      console.warn('Saving the property failed', error);
      toast.error(MESSAGES.saveError);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedPropertyKeys.all }),
  });

  const update = useMutation({
    onMutate: () => ({ startedFrom: analysis }),
    mutationFn: updateMetrics,
    onSuccess: (result, _variables, context) => {
      // the server overwrote a saved copy of this address, if there is one
      void queryClient.invalidateQueries({ queryKey: savedPropertyKeys.all });
      if (context.startedFrom !== latest.current) return;
      onUpdated(result);
      toast.success(MESSAGES.updateMetricsSuccess);
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) {
        console.warn('Updating the metrics failed', error);
        toast.error(MESSAGES.updateMetricsError);
        return;
      }
      const fieldErrors = pickMetricErrors(error.fields);
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      toast.error(error.message.trim() || MESSAGES.updateMetricsError);
    },
  });

  function onUpdate() {
    const read = readMetricEdits(edits, metrics);
    if (read.kind === 'empty') {
      toast.error(MESSAGES.fillAllMetricFields);
      showErrors(Object.fromEntries(read.keys.map((key) => [key, `${METRIC_LABELS[key]} is required`])));
      return;
    }
    if (read.kind === 'invalid') {
      const first = EDITABLE_ORDER.find((key) => read.errors[key]);
      toast.error((first && read.errors[first]) || MESSAGES.updateMetricsError);
      showErrors(read.errors);
      return;
    }
    update.mutate({ ...analysis.property, metrics: read.metrics });
  }

  return (
    <section className="results" aria-labelledby="results-title">
      <div className="results-header">
        <h2 id="results-title" ref={heading} tabIndex={-1}>
          {UI_TEXT.analyzerResults}
        </h2>
        <div className="results-save">
          {savedId ? (
            <span className="saved-badge">
              <span aria-hidden="true">✓</span> Saved
            </span>
          ) : null}
          <button
            type="button"
            className="button button-primary"
            disabled={save.isPending}
            aria-busy={save.isPending || undefined}
            onClick={() => save.mutate()}
          >
            {UI_TEXT.saveProperty}
          </button>
        </div>
      </div>
      <MarketWarnings warnings={analysis.market_data.warnings} />

      <div className="results-grid">
        <div className="results-column">
          <PropertyInformation property={analysis.property} />
          <MetricsPanel source={source} expanded={expanded} onToggle={onToggle} />
        </div>
        <div className="results-column">
          <SaleAssumptions source={source} />
          <OverallReturns source={source} returns={analysis.overall_returns} />
          <section className="card results-block" aria-labelledby="map-title">
            <h3 id="map-title">Location</h3>
            <PropertyMap address={oneLineAddress(analysis.property)} />
          </section>
          <RatingCard rating={analysis.summary} metrics={analysis.year_1_metrics} />
          <MarketSources marketData={analysis.market_data} />
        </div>
      </div>

      <HoldPeriodTable
        holdPeriod={analysis.sale_assumptions.hold_period}
        table={analysis.metrics_for_hold_period}
      />

      <div className="results-update">
        <p>{UI_TEXT.adjustHighlighted}</p>
        <button
          type="button"
          className="button button-primary"
          disabled={update.isPending}
          aria-busy={update.isPending || undefined}
          onClick={onUpdate}
        >
          {update.isPending ? <span className="button-spinner" aria-hidden="true" /> : null}
          {UI_TEXT.updateMetrics}
        </button>
      </div>
    </section>
  );
}
