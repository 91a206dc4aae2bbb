/**
 * 'Analyzer Results' (product spec §2): the verdict first (rating and the figures that decide),
 * then save, property information and metrics on the left; sale assumptions, overall returns,
 * map, rating and sources on the right; charts, the hold-period table and 'Update Metrics'.
 *
 * Every figure is live: each edit of an assumption re-derives what the user has not overridden
 * and recomputes the analysis in the browser with the server's engine (assumption-editor.ts).
 * 'Update Metrics' and 'Save Property' send exactly the numbers on screen. Loaded lazily: nothing
 * here is needed before the first analysis. One results session per analysis: the page keys it.
 */
import {
  type AnalysisResponse,
  type AssumptionOrigin,
  analysisSpreads,
  assumptionOrigin,
  hasLineDefault,
  isDerived,
  MESSAGES,
  METRIC_LABELS,
  type MetricKey,
  type RangeWidths,
  type Scenario,
  sameName,
  scenarioNameSchema,
  spreadText,
  widenedRangeText,
  widenedSpreads,
} from '@sfr/contracts';
import { NEW_ANALYSIS_EXPENSE_DEFAULTS, type SpreadKey } from '@sfr/underwriting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiRequestError } from '../../lib/api';
import { useValueAfterPaint } from '../../ui/after-paint';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { useOneAtATime } from '../../ui/one-at-a-time';
import { useStableCallback } from '../../ui/stable-callback';
import { CHANGED_ELSEWHERE, UI_TEXT, UNKEPT_EDITS } from '../../ui/text';
import { toast } from '../../ui/toast';
import { analysisQuery } from '../analyses/queries';
import { PropertyMap as PropertyMapLive } from '../map/PropertyMap';
import { RangeNotes as RangeNotesLive } from '../ranges/RangeNotes';
import { useRanges } from '../ranges/use-ranges';
import { type ScenarioChange, useChangeScenario } from '../scenarios/queries';
import { ScenarioPanel as ScenarioPanelLive } from '../scenarios/ScenarioPanel';
import { SCENARIO_TEXT } from '../scenarios/scenario-text';
import { ReportButtons as ReportButtonsLive, type ReportSource } from '../share/ReportButtons';
import { assumptionEditor, hasUnkeptEdits, inputErrors, isStale, startEditing } from './assumption-editor';
import { ChangedElsewhere } from './ChangedElsewhere';
import { type RefusedChange, refusedChanges } from './changed-elsewhere';
import { HoldPeriodTable } from './HoldPeriodTable';
import { LeaveGuard } from './LeaveGuard';
import { LiveEvidence as LiveEvidenceLive } from './LiveEvidence';
import {
  MarketOpportunities as MarketOpportunitiesLive,
  MarketSources as MarketSourcesLive,
  MarketWarnings as MarketWarningsLive,
} from './MarketSources';
import { MetricsPanel as MetricsPanelLive } from './MetricsPanel';
import { MonthlySchedule as MonthlyScheduleLive } from './MonthlySchedule';
import {
  type EditableKey,
  editableDisplayOrder,
  type MetricEditErrors,
  metricInputId,
  pickMetricErrors,
} from './metric-edits';
import { METRIC_GROUPS, type MetricGroupName, SALE_ASSUMPTION_KEYS } from './metric-groups';
import { type MetricSource, MetricSourceContext, metricValues } from './metric-source';
import { OverallReturns as OverallReturnsLive } from './OverallReturns';
import { PropertyInformation as PropertyInformationLive } from './PropertyInformation';
import { oneLineAddress } from './property-info';
import { useSaveProperty, useUpdateMetrics } from './queries';
import { RatingCard as RatingCardLive } from './RatingCard';
import { SaleAssumptions as SaleAssumptionsLive } from './SaleAssumptions';
import { StrategyTerms as StrategyTermsLive } from './StrategyTerms';
import { termInputId } from './term-groups';
import { VerdictBand as VerdictBandLive } from './VerdictBand';
import './AnalysisResults.css';

/** The map depends on the address only: edits of the assumptions pass it by. */
const PropertyMap = memo(PropertyMapLive);

/*
 * A keystroke renders the results three times: the edit itself, then (after the paint) the charts,
 * table and tools below, then the ranges when the worker answers. Each block is memoised, so each
 * render redraws only the blocks whose figures it changed (their callbacks are stable for that).
 */
const VerdictBand = memo(VerdictBandLive);
const RangeNotes = memo(RangeNotesLive);
const OverallReturns = memo(OverallReturnsLive);
const MonthlySchedule = memo(MonthlyScheduleLive);
const ReportButtons = memo(ReportButtonsLive);
const MarketWarnings = memo(MarketWarningsLive);
const MarketOpportunities = memo(MarketOpportunitiesLive);
const ScenarioPanel = memo(ScenarioPanelLive);
const PropertyInformation = memo(PropertyInformationLive);
const MetricsPanel = memo(MetricsPanelLive);
const StrategyTerms = memo(StrategyTermsLive);
const SaleAssumptions = memo(SaleAssumptionsLive);
const RatingCard = memo(RatingCardLive);
const MarketSources = memo(MarketSourcesLive);
const LiveEvidence = memo(LiveEvidenceLive);

/** The table follows the deferred analysis, as the charts do (see `charted`). */
const HoldPeriod = memo(HoldPeriodTable);

/** The charts and their library load with the results, in a chunk of their own. */
const ResultsCharts = lazy(() => import('./ResultsCharts'));

/** The offer line, what breaks the deal and the break-even (issue 14), in a chunk of their own. */
const DecisionTools = lazy(() => import('../decision/DecisionTools'));

export interface AnalysisResultsProps {
  /** the analysis this results session starts from */
  analysis: AnalysisResponse;
  /** the saved copy's id when the analysis shown is saved */
  savedId: string | null;
  /** a new analysis: bring the results into view and focus their heading */
  takeFocus: boolean;
}

const EDITABLE_ORDER = editableDisplayOrder(METRIC_GROUPS, SALE_ASSUMPTION_KEYS);

/** The collapsed groups that hide one of these metrics: they open so the error can be seen. */
function groupsHiding(keys: readonly EditableKey[]): MetricGroupName[] {
  return METRIC_GROUPS.filter((group) => {
    const hidden = group.collapse ? group.keys.slice(group.collapse.visible) : [];
    return hidden.some((key) => (keys as readonly MetricKey[]).includes(key));
  }).map((group) => group.name);
}

const requiredMessage = (key: EditableKey) => `${METRIC_LABELS[key]} is required`;

export default function AnalysisResults({
  analysis,
  savedId: startSavedId,
  takeFocus,
}: AnalysisResultsProps) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    // the verdict is the first thing seen; focus tells screen readers the results arrived
    section.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [takeFocus]);

  // the scenario the URL names (`&scenario=`), if the deal still has it, is on screen from the first
  // paint; from then on the URL follows the scenario on screen (below)
  const urlScenario = useSearch({ from: '/' }).scenario ?? null;
  const startScenario = analysis.scenarios.find((scenario) => scenario.id === urlScenario) ?? null;
  const [editor, dispatch] = useReducer(assumptionEditor, analysis, (start) => {
    const editing = startEditing(start);
    return startScenario
      ? assumptionEditor(editing, { type: 'load', metrics: startScenario.metrics })
      : editing;
  });
  const [savedId, setSavedId] = useState(startSavedId);
  const [expanded, setExpanded] = useState<ReadonlySet<MetricGroupName>>(new Set());
  const { live } = editor;
  const stale = isStale(editor);
  // the charts, the hold-period table (~100 cells) and the decision tools, below the figures,
  // redraw once the figures have painted: a keystroke paints those first
  const charted = useValueAfterPaint(live);
  // the "±" ranges the user gave, as typed (first those the analysis keeps); they follow the value
  // they surround, and Update Metrics keeps those that read with the analysis
  const [widenTexts, setWidenTexts] = useState<RangeWidths>(
    () => startScenario?.range_widths ?? analysis.range_widths,
  );
  const widened = useMemo(() => widenedSpreads(widenTexts, live.property.metrics), [widenTexts, live]);
  // what the ranges vary each assumption over: its default spread (from its source and tier) or the
  // user's; like the charts, it follows a keystroke once the figures have painted
  const simulatedSpreads = useMemo(
    () => analysisSpreads(charted, { widened: widenedSpreads(widenTexts, charted.property.metrics).spreads }),
    [charted, widenTexts],
  );
  // the same spreads keep one object: a keystroke that leaves them as they were (most do) leaves
  // the decision tools' and the ranges' inputs as they were
  const spreadsKey = JSON.stringify(widened.spreads);
  const rangeOptions = useMemo(() => ({ widened: widened.spreads }), [spreadsKey]);
  const ranges = useRanges(live, rangeOptions);
  const onWiden = useCallback(
    (key: SpreadKey, text: string) => setWidenTexts((current) => ({ ...current, [key]: text })),
    [],
  );

  const onEdit = useCallback((key: EditableKey, text: string) => dispatch({ type: 'edit', key, text }), []);
  const onReset = useCallback((key: EditableKey) => dispatch({ type: 'reset', key }), []);
  const onToggle = useCallback((group: MetricGroupName) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(group)) next.add(group);
      return next;
    });
  }, []);

  /** Brings these inputs into view (their errors beside them), opening hidden sections, and focuses the first. */
  const revealInputs = useCallback((keys: readonly EditableKey[]) => {
    const ordered = EDITABLE_ORDER.filter((key) => keys.includes(key));
    flushSync(() => setExpanded((current) => new Set([...current, ...groupsHiding(ordered)])));
    const first = ordered[0];
    if (first) document.getElementById(metricInputId(first))?.focus();
  }, []);
  const onCheckInput = useCallback((key: EditableKey) => revealInputs([key]), [revealInputs]);

  const source: MetricSource = useMemo(() => {
    const values = metricValues(live);
    const originOf = (key: EditableKey): AssumptionOrigin | null => {
      const origin = assumptionOrigin(key, editor.metrics, editor.overridden, live.market_data.figures);
      // a line the analysis held and the user emptied is theirs too, with a Reset back to its default
      if (origin || !hasLineDefault(key) || editor.base.property.metrics[key] === undefined) return origin;
      return { kind: 'overridden', basis: NEW_ANALYSIS_EXPENSE_DEFAULTS[key].basis };
    };
    return {
      labels: live.metric_display_names,
      valueOf: (key) => values[key],
      edits: editor.edits,
      errors: inputErrors(editor, requiredMessage),
      onEdit,
      originOf,
      onReset,
      widenOf: (key) => {
        const spread = widened.spreads[key];
        return {
          text: widenTexts[key] ?? '',
          range: spread ? widenedRangeText(key, spread) : null,
          error: widened.errors[key],
          simulated: simulatedSpreads[key] ? spreadText(key, simulatedSpreads[key]) : null,
        };
      },
      onWiden,
      units: live.property.factor,
      marketFigureOf: (key) => live.market_data.figures[key],
    };
  }, [live, editor, onEdit, onReset, widened, widenTexts, onWiden, simulatedSpreads]);

  const analysisId = editor.base.analysis_id;
  // the reports of the saved copy once there is one, else of the analysis
  const reportSource: ReportSource = useMemo(
    () => (savedId ? { kind: 'saved', id: savedId } : { kind: 'analysis', id: analysisId }),
    [savedId, analysisId],
  );

  const save = useSaveProperty();
  // Save and Save as scenario: a double click sends one request (the button disables a render later)
  const oneSaveAtATime = useOneAtATime();
  // …and Update Metrics: a second request would start from the revision the first replaces (a 409)
  const oneUpdateAtATime = useOneAtATime();
  const update = useUpdateMetrics();
  const scenarioChange = useChangeScenario();
  // which scenario's metrics are on screen: null for the base case (the analysis's own)
  const [onScreenId, setOnScreenId] = useState<string | null>(startScenario?.id ?? null);
  // the URL names the scenario on screen, so a reload or a copied link shows it again (in place:
  // the page stays where it is scrolled)
  const navigate = useNavigate();
  useEffect(() => {
    if (onScreenId === urlScenario) return;
    void navigate({
      to: '/',
      search: (current) => ({ ...current, scenario: onScreenId ?? undefined }),
      replace: true,
      resetScroll: false,
      ignoreBlocker: true,
    });
  }, [onScreenId, urlScenario, navigate]);
  const [scenarioNameError, setScenarioNameError] = useState<string>();
  // an Update Metrics or Save refused because another tab changed the deal: what it held, until the latest loads
  const [refused, setRefused] = useState<readonly RefusedChange[] | null>(null);
  const queryClient = useQueryClient();
  const latest = useMutation({
    mutationFn: () => queryClient.fetchQuery({ ...analysisQuery(editor.base.analysis_id), staleTime: 0 }),
    onSuccess: (analysis) => {
      dispatch({ type: 'rebase', analysis });
      dispatch({ type: 'load', metrics: analysis.property.metrics });
      setWidenTexts(analysis.range_widths);
      setOnScreenId(null);
      setRefused(null);
      // the notice and its button go: the focus goes to the results' heading, not the page's start
      heading.current?.focus();
      toast.success(CHANGED_ELSEWHERE.loaded);
    },
    onError: (error) => {
      console.warn('Loading the latest figures failed', error);
      toast.error(error instanceof ApiRequestError ? error.message : MESSAGES.updateMetricsError);
    },
  });
  const onScreenScenario = editor.base.scenarios.find((scenario) => scenario.id === onScreenId) ?? null;

  /**
   * The scenario on screen with `metrics`, from the state on screen: an edit made in another tab
   * since is refused (409), not overwritten.
   */
  function scenarioEdit(
    scenario: Scenario,
    metrics: AnalysisResponse['property']['metrics'],
  ): ScenarioChange {
    return {
      kind: 'update',
      analysisId: editor.base.analysis_id,
      scenarioId: scenario.id,
      request: { name: scenario.name, metrics, range_widths: widthsToKeep(), revision: editor.base.revision },
    };
  }

  /**
   * The server's refusal of a scenario change: its field messages beside their inputs; an edit
   * another tab's change overtook (`edit`: what was typed and what it started from) shown as refused.
   */
  function scenarioFailed(
    error: unknown,
    edit?:
      | { typed: AnalysisResponse['property']['metrics']; from: AnalysisResponse['property']['metrics'] }
      | false,
  ) {
    if (!(error instanceof ApiRequestError)) {
      console.warn('Changing the scenario failed', error);
      toast.error(SCENARIO_TEXT.error);
      return;
    }
    if (error.code === 'ANALYSIS_CHANGED' && edit) showRefused(edit.typed, edit.from);
    const fieldErrors = pickMetricErrors(error.fields);
    const keys = Object.keys(fieldErrors) as EditableKey[];
    if (keys.length > 0) {
      dispatch({ type: 'server-errors', errors: fieldErrors });
      revealInputs(keys);
    }
    if (error.fields.name) setScenarioNameError(error.fields.name);
    // a field's own words, not the API's list of dotted paths ("name: Name the scenario.")
    const fieldMessage = Object.values(error.fields).find(Boolean);
    toast.error(
      (error.code === 'VALIDATION_FAILED' && fieldMessage) || error.message.trim() || SCENARIO_TEXT.error,
    );
  }

  const onShowScenario = useCallback(
    (scenarioId: string | null) => {
      const scenario = editor.base.scenarios.find((s) => s.id === scenarioId);
      const metrics = scenarioId === null ? editor.base.property.metrics : scenario?.metrics;
      if (!metrics) return;
      dispatch({ type: 'load', metrics });
      // each case keeps its own "±": a scenario's, else the deal's
      setWidenTexts(scenario?.range_widths ?? editor.base.range_widths);
      setOnScreenId(scenarioId);
    },
    [editor.base],
  );

  const onSaveAsScenario = useStableCallback(
    async (name: string): Promise<boolean> =>
      (await oneSaveAtATime(async () => {
        // a name the API would refuse is said beside it at once, without a request
        const named = scenarioNameSchema.safeParse(name);
        if (!named.success) {
          const message = named.error.issues[0]?.message ?? SCENARIO_TEXT.error;
          setScenarioNameError(message);
          toast.error(message);
          return false;
        }
        const property = numbersOnScreen();
        if (!property) return false;
        setScenarioNameError(undefined);
        try {
          const result = await scenarioChange.mutateAsync({
            kind: 'add',
            analysisId: editor.base.analysis_id,
            request: { name, metrics: property.metrics, range_widths: widthsToKeep() },
          });
          dispatch({ type: 'rebase', analysis: result });
          // the figures on screen are now the new scenario's
          setOnScreenId(result.scenarios.at(-1)?.id ?? null);
          toast.success(SCENARIO_TEXT.added);
          return true;
        } catch (error) {
          scenarioFailed(error);
          return false;
        }
      })) ?? false,
  );

  /** Keeps `metrics` as the scenario called `name` (updating the one so named), and shows it. */
  const onKeepScenario = useStableCallback(
    (name: string, metrics: AnalysisResponse['property']['metrics'], rangeWidths: RangeWidths) => {
      const named = editor.base.scenarios.find((scenario) => sameName(scenario.name, name));
      const analysisId = editor.base.analysis_id;
      const request = { name, metrics, range_widths: rangeWidths };
      scenarioChange.mutate(
        named
          ? {
              kind: 'update',
              analysisId,
              scenarioId: named.id,
              request: { ...request, revision: editor.base.revision },
            }
          : { kind: 'add', analysisId, request },
        {
          onSuccess: (result) => {
            dispatch({ type: 'rebase', analysis: result });
            dispatch({ type: 'load', metrics });
            setWidenTexts(rangeWidths);
            setOnScreenId(result.scenarios.find((scenario) => sameName(scenario.name, name))?.id ?? null);
            toast.success(named ? SCENARIO_TEXT.updated : SCENARIO_TEXT.added);
          },
          onError: (error) => scenarioFailed(error, named && { typed: metrics, from: named.metrics }),
        },
      );
    },
  );

  /**
   * Renames a scenario with its figures as kept (the edits on screen stay unkept); resolves with
   * what is wrong with the name (said in the dialog), or null.
   */
  const onRenameScenario = useStableCallback(
    async (scenarioId: string, name: string): Promise<string | null> => {
      const named = scenarioNameSchema.safeParse(name);
      if (!named.success) return named.error.issues[0]?.message ?? SCENARIO_TEXT.error;
      const scenario = editor.base.scenarios.find((s) => s.id === scenarioId);
      if (!scenario) return SCENARIO_TEXT.error;
      try {
        const result = await scenarioChange.mutateAsync({
          kind: 'update',
          analysisId: editor.base.analysis_id,
          scenarioId,
          request: {
            name: named.data,
            metrics: scenario.metrics,
            range_widths: scenario.range_widths,
            revision: editor.base.revision,
          },
        });
        dispatch({ type: 'rebase', analysis: result });
        toast.success(SCENARIO_TEXT.renamed);
        return null;
      } catch (error) {
        if (error instanceof ApiRequestError && error.fields.name) return error.fields.name;
        scenarioFailed(error);
        return SCENARIO_TEXT.error;
      }
    },
  );

  const onDeleteScenario = useStableCallback((scenarioId: string) => {
    scenarioChange.mutate(
      { kind: 'delete', analysisId: editor.base.analysis_id, scenarioId },
      {
        onSuccess: (result) => {
          dispatch({ type: 'rebase', analysis: result });
          dispatch({ type: 'load', metrics: result.property.metrics });
          setOnScreenId(null);
          toast.success(SCENARIO_TEXT.deleted);
        },
        onError: (error) => scenarioFailed(error),
      },
    );
  });

  /** The deal changed in another tab: what the refused edit held stays on screen (ChangedElsewhere). */
  function showRefused(
    typed: AnalysisResponse['property']['metrics'],
    from: AnalysisResponse['property']['metrics'] = editor.base.property.metrics,
  ) {
    const userSet = (key: EditableKey) => !isDerived(key) || editor.overridden.has(key);
    setRefused(refusedChanges(typed, from, userSet));
  }

  /** The numbers on screen, or null (with the errors shown and a toast) when an input is empty or invalid. */
  function numbersOnScreen(): AnalysisResponse['property'] | null {
    const { check } = editor;
    if (check.kind === 'ok') return live.property;
    if (check.kind === 'empty') {
      toast.error(MESSAGES.fillAllMetricFields);
      revealInputs(check.keys);
    } else {
      const first = EDITABLE_ORDER.find((key) => check.errors[key]);
      // an error of a grouped term (a refinance, a second loan) is shown in its own card
      const term = first ? undefined : Object.keys(check.errors).find((path) => check.errors[path]);
      toast.error((first ? check.errors[first] : term && check.errors[term]) || MESSAGES.updateMetricsError);
      if (term) document.getElementById(termInputId(term))?.focus();
      else revealInputs(Object.keys(check.errors) as EditableKey[]);
    }
    return null;
  }

  /** The "±" that read, as typed: what Update Metrics and Save keep with the analysis. */
  function widthsToKeep(): RangeWidths {
    return Object.fromEntries(
      Object.entries(widenTexts).filter(([key]) => widened.spreads[key as SpreadKey] !== undefined),
    );
  }

  function onSave() {
    void oneSaveAtATime(saveOnScreen);
  }

  async function saveOnScreen() {
    const property = numbersOnScreen();
    if (!property) return;
    let metrics: AnalysisResponse['property']['metrics'] | undefined = property.metrics;
    let rangeWidths: RangeWidths | undefined = widthsToKeep();
    let revision = editor.base.revision;
    if (onScreenScenario) {
      // a scenario on screen is kept as a scenario, with its "±"; the save keeps the base case as it
      // stands, from the revision the scenario's change left
      try {
        const result = await scenarioChange.mutateAsync(scenarioEdit(onScreenScenario, property.metrics));
        dispatch({ type: 'rebase', analysis: result });
        revision = result.revision;
      } catch (error) {
        scenarioFailed(error, { typed: property.metrics, from: onScreenScenario.metrics });
        return;
      }
      metrics = undefined;
      rangeWidths = undefined;
    }
    try {
      const saved = await save.mutateAsync({
        analysisId: editor.base.analysis_id,
        metrics,
        rangeWidths,
        revision,
      });
      setSavedId(saved.id);
      dispatch({ type: 'rebase', analysis: saved });
      setRefused(null);
      toast.success(MESSAGES.saveSuccess);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'ANALYSIS_CHANGED') {
        showRefused(property.metrics);
        toast.error(error.message);
        return;
      }
      if (error instanceof ApiRequestError && error.status === 409) {
        toast.info(MESSAGES.alreadySaved);
        return;
      }
      console.warn('Saving the property failed', error);
      toast.error(MESSAGES.saveError);
    }
  }

  function onUpdate() {
    void oneUpdateAtATime(updateOnScreen);
  }

  async function updateOnScreen() {
    const property = numbersOnScreen();
    if (!property) return;
    if (onScreenScenario) {
      try {
        const result = await scenarioChange.mutateAsync(scenarioEdit(onScreenScenario, property.metrics));
        dispatch({ type: 'rebase', analysis: result });
        toast.success(SCENARIO_TEXT.updated);
      } catch (error) {
        scenarioFailed(error, { typed: property.metrics, from: onScreenScenario.metrics });
      }
      return;
    }
    try {
      const result = await update.mutateAsync({
        analysis_id: editor.base.analysis_id,
        // from the state on screen: an edit made in another tab since is refused (409), not overwritten
        revision: editor.base.revision,
        property,
        range_widths: widthsToKeep(),
      });
      dispatch({ type: 'rebase', analysis: result });
      setRefused(null);
      toast.success(MESSAGES.updateMetricsSuccess);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        console.warn('Updating the metrics failed', error);
        toast.error(MESSAGES.updateMetricsError);
        return;
      }
      if (error.code === 'ANALYSIS_CHANGED') {
        showRefused(property.metrics);
      }
      const fieldErrors: MetricEditErrors = pickMetricErrors(error.fields);
      const keys = Object.keys(fieldErrors) as EditableKey[];
      if (keys.length > 0) {
        dispatch({ type: 'server-errors', errors: fieldErrors });
        revealInputs(keys);
      }
      toast.error(error.message.trim() || MESSAGES.updateMetricsError);
    }
  }

  // what leaving now would lose: numbers or "±" the server does not hold for what is on screen
  const unkept = hasUnkeptEdits(editor, onScreenScenario?.metrics ?? editor.base.property.metrics, {
    typed: widthsToKeep(),
    kept: onScreenScenario?.range_widths ?? editor.base.range_widths,
  });

  return (
    <section ref={section} className="results" aria-labelledby="results-title">
      <LeaveGuard unkept={unkept} />
      <div className="results-header">
        <h2 id="results-title" ref={heading} tabIndex={-1}>
          {UI_TEXT.analyzerResults}
        </h2>
        {onScreenScenario ? (
          <p className="results-scenario" role="status">
            Scenario on screen: <strong>{onScreenScenario.name}</strong>
          </p>
        ) : null}
        <div className="results-save">
          {/* the report of what is on screen: a scenario shown gives its figures */}
          <ReportButtons source={reportSource} scenarioId={onScreenId} />
          <button
            type="button"
            className="button button-primary"
            // not `disabled`: the focus would drop to the page's start (one save at a time holds the click)
            aria-disabled={save.isPending || undefined}
            aria-busy={save.isPending || undefined}
            onClick={onSave}
          >
            {UI_TEXT.saveProperty}
          </button>
          {savedId ? (
            <span className="saved-badge">
              <span aria-hidden="true">✓</span> Saved
            </span>
          ) : null}
        </div>
      </div>
      {/* a live region that stays in the page, so the first unkept edit is announced */}
      <p className="results-unkept" role="status">
        {unkept ? UNKEPT_EDITS.reports : null}
      </p>
      {refused ? (
        <ChangedElsewhere changes={refused} loading={latest.isPending} onLoadLatest={() => latest.mutate()} />
      ) : null}
      <VerdictBand analysis={live} stale={stale} ranges={ranges} />
      <RangeNotes ranges={ranges} stale={stale} onCheck={onCheckInput} />
      {/* under the verdict: above it, a long notice pushed the verdict's last figures under a
          phone's toast; here they are still the first thing read after the verdict */}
      <MarketWarnings warnings={live.market_data.warnings} />
      <MarketOpportunities opportunities={live.market_data.opportunities} />
      <ScenarioPanel
        base={editor.base}
        live={live}
        onScreenId={onScreenId}
        busy={scenarioChange.isPending}
        unkept={unkept}
        onShow={onShowScenario}
        onSaveAs={onSaveAsScenario}
        onDelete={onDeleteScenario}
        onRename={onRenameScenario}
        onKeep={onKeepScenario}
        nameError={scenarioNameError}
      />
      <Suspense fallback={<LoadingBlock height={240} />}>
        <DecisionTools analysis={charted} spreadOptions={rangeOptions} />
      </Suspense>

      {/* only the rows read the source: the provider wraps them alone, so a keystroke's new
            source is looked for in these cards, not in the charts, tools and table too */}
      <MetricSourceContext.Provider value={source}>
        <div className="results-grid">
          <div className="results-column">
            <PropertyInformation property={live.property} />
            <MetricsPanel expanded={expanded} onToggle={onToggle} />
            <StrategyTerms
              // whole metrics put on screen (a scenario, the latest from another tab) start its fields again
              key={`${onScreenId ?? 'base'}-${editor.loads}`}
              metrics={editor.metrics}
              errors={source.errors}
              dispatch={dispatch}
            />
          </div>
          <div className="results-column">
            <SaleAssumptions />
            <OverallReturns returns={live.overall_returns} afterTax={live.after_tax} deferred={charted} />
            <section className="card results-block" aria-labelledby="map-title">
              <h3 id="map-title">Location</h3>
              <PropertyMap address={oneLineAddress(live.property)} />
            </section>
            <RatingCard rating={live.summary} metrics={live.year_1_metrics} />
            <MarketSources marketData={live.market_data} units={live.property.factor} />
            <LiveEvidence marketData={live.market_data} yearlyTax={live.property.metrics.property_taxes} />
          </div>
        </div>
      </MetricSourceContext.Provider>

      <Suspense fallback={<LoadingBlock height={320} />}>
        <ResultsCharts analysis={charted} ranges={ranges} />
      </Suspense>

      <HoldPeriod holdPeriod={charted.sale_assumptions.hold_period} table={charted.metrics_for_hold_period} />
      <MonthlySchedule analysis={charted} source={reportSource} scenarioId={onScreenId} />

      <div className="results-update">
        <p>{UI_TEXT.adjustHighlighted}</p>
        <SubmitButton busy={update.isPending || scenarioChange.isPending} onClick={onUpdate}>
          {UI_TEXT.updateMetrics}
        </SubmitButton>
      </div>
    </section>
  );
}
