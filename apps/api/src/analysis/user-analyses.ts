/**
 * Analyses belong to the user who ran them (issue 11 §2): a new analysis is stored with its market
 * facts; editing recomputes from those facts only (no provider is asked, so editing stays free and
 * gives nobody market figures for a new address); saving stores what the user sees.
 */
import {
  type AnalysedProperty,
  type AnalysisResponse,
  addressKey,
  assembleAnalysis,
  fieldLabel,
  MAX_SCENARIOS,
  MESSAGES,
  type Metrics,
  NOTHING_KEPT,
  type PropertyInput,
  type PropertyWithMetrics,
  type RangeWidths,
  SCENARIO_MESSAGES,
  type Scenario,
  type ScenarioRequest,
  sameName,
  type UpdateMetricsRequest,
  widenedSpreads,
} from '@sfr/contracts';
import type { Database } from '../db/client.js';
import { generateId } from '../db/ids.js';
import { AppError } from '../errors.js';
import {
  type AnalysisRepository,
  computedAnalysis,
  revisionOf,
  type StoredAnalysis,
  withAnalysisId,
} from './repository.js';
import type { AnalysisService, CreateOptions } from './service.js';

export const NEW_PROPERTY_MESSAGE =
  'The address, ZIP, county, bedrooms, bathrooms and house type belong to the analysed property and cannot be edited. To look at a different property, analyse it as a new property.';

/** The fields that make the property the one analysed; only the metrics (and so the price) may change. */
function sameProperty(stored: PropertyInput, sent: PropertyInput): boolean {
  return (
    addressKey(stored) === addressKey(sent) &&
    stored.zipcode.trim() === sent.zipcode.trim() &&
    stored.num_bedrooms === sent.num_bedrooms &&
    stored.num_bathrooms === sent.num_bathrooms &&
    stored.factor === sent.factor
  );
}

/** What editing an analysis needs of the user's saves (saved/repository.ts is one). */
export interface SavesOfAddress {
  /** the analysis a saved property of the user's shows; 404 when it is not theirs */
  analysisIdOf(userId: string, savedId: string): Promise<string>;
  /** after an edit: the user's save of the address, if any, shows the edited analysis */
  followIfSaved(userId: string, analysisId: string, property: AnalysedProperty): Promise<boolean>;
}

export interface UserAnalysesDeps {
  service: AnalysisService;
  analyses: AnalysisRepository;
  saves: SavesOfAddress;
}

const scenarioNotFound = () => new AppError(404, 'SCENARIO_NOT_FOUND', SCENARIO_MESSAGES.notFound);

function scenarioAt(scenarios: readonly Scenario[], scenarioId: string): Scenario {
  const scenario = scenarios.find((s) => s.id === scenarioId);
  if (!scenario) throw scenarioNotFound();
  return scenario;
}

/** A scenario as stored: the request's name, metrics and, when it gives them, its own "±". */
const scenarioOf = (id: string, request: ScenarioRequest): Scenario => ({
  id,
  name: request.name,
  metrics: request.metrics,
  ...(request.range_widths && { range_widths: request.range_widths }),
});

/** 409 when another scenario of the deal (not `except`) has this name, to a person's eye. */
function refuseTakenName(scenarios: readonly Scenario[], name: string, except: string | null): void {
  if (scenarios.some((s) => s.id !== except && sameName(s.name, name)))
    throw new AppError(409, 'SCENARIO_NAME_TAKEN', SCENARIO_MESSAGES.nameTaken, {
      name: SCENARIO_MESSAGES.nameTaken,
    });
}

/** 400 when a "±" does not read for its assumption, naming its field as the page does. */
function refuseUnreadableWidths(rangeWidths: RangeWidths, metrics: Metrics): void {
  const { errors } = widenedSpreads(rangeWidths, metrics);
  const fields = Object.fromEntries(
    Object.entries(errors).map(([key, error]) => [`range_widths.${key}`, `${fieldLabel(key)} ±: ${error}`]),
  );
  const [first] = Object.values(fields);
  if (first) throw new AppError(400, 'BAD_REQUEST', first, fields);
}

export function createUserAnalyses({ service, analyses, saves }: UserAnalysesDeps) {
  /**
   * A stored analysis recomputed with new metrics, and new "±" when given (each must read for its
   * assumption: a 400 naming it otherwise). Nothing is written.
   */
  function recomputed(stored: StoredAnalysis, metrics: Metrics, rangeWidths?: RangeWidths) {
    const range_widths = rangeWidths ?? stored.range_widths;
    refuseUnreadableWidths(range_widths, metrics);
    return assembleAnalysis(stored.property, metrics, stored.facts, { ...stored, range_widths });
  }

  /** An edit from a state another tab has since replaced would overwrite that tab's edit unseen: a 409. */
  function refuseIfChanged(stored: StoredAnalysis, revision: string | undefined) {
    if (revision !== undefined && revision !== revisionOf(stored.updatedAt)) {
      throw new AppError(409, 'ANALYSIS_CHANGED', MESSAGES.analysisChanged);
    }
  }

  /** `recomputed`, with the metrics and "±" made the analysis's own: the response, at its new revision. */
  async function recompute(
    userId: string,
    stored: StoredAnalysis,
    metrics: Metrics,
    rangeWidths?: RangeWidths,
  ): Promise<AnalysisResponse> {
    const result = recomputed(stored, metrics, rangeWidths);
    const updatedAt = await analyses.setAssumptions(userId, stored.id, result);
    return withAnalysisId(stored.id, updatedAt, result);
  }

  /**
   * Changes the analysis's scenarios with `change`, after checking that `request`'s metrics compute
   * (an assumption out of the engine's bounds is a 400 before anything is stored).
   */
  async function changeScenarios(
    userId: string,
    id: string,
    request: ScenarioRequest | null,
    change: (current: readonly Scenario[]) => Scenario[],
  ): Promise<AnalysisResponse> {
    if (request) {
      const stored = await analyses.find(userId, id);
      refuseIfChanged(stored, request.revision);
      if (request.range_widths) refuseUnreadableWidths(request.range_widths, request.metrics);
      assembleAnalysis(stored.property, request.metrics, stored.facts, NOTHING_KEPT);
    }
    const changed = await analyses.changeScenarios(userId, id, change);
    return withAnalysisId(changed.id, changed.updatedAt, computedAnalysis(changed));
  }

  return {
    /** A 400 for an address whose ZIP or state cannot be analysed, spending and asking nothing. */
    checkAddress: service.checkAddress,

    /** A new analysis from the market, stored for the user; the caller spends the search. */
    async create(input: PropertyInput, options: CreateOptions) {
      const { property, result, facts, spendsASearch } = await service.create(input, options);
      return {
        result,
        spendsASearch,
        /** Stores it with the search that pays for it (`entitlements.payFor`): only a paid-for analysis belongs to anyone. */
        store: async (userId: string, executor: Database): Promise<AnalysisResponse> => {
          const { id, updatedAt } = await analyses.insert(executor, userId, property, facts, result);
          return withAnalysisId(id, updatedAt, result);
        },
      };
    },

    async get(userId: string, id: string): Promise<AnalysisResponse> {
      const { stored, savedId } = await analyses.findWithSave(userId, id);
      return withAnalysisId(stored.id, stored.updatedAt, computedAnalysis(stored), savedId);
    },

    /** update_metrics: the named analysis (or the saved property's) with the edited metrics. */
    async update(userId: string, request: UpdateMetricsRequest): Promise<AnalysisResponse> {
      const analysisId =
        request.analysis_id ?? (await saves.analysisIdOf(userId, request.saved_property_id as string));
      const stored = await analyses.find(userId, analysisId);
      const { metrics, ...sent }: PropertyWithMetrics = request.property;
      if (!sameProperty(stored.property, sent)) throw new AppError(400, 'BAD_REQUEST', NEW_PROPERTY_MESSAGE);
      refuseIfChanged(stored, request.revision);
      const result = recomputed(stored, metrics, request.range_widths);
      // two writes to two tables, neither reading the other, once the edit is known to compute:
      // sent together, they wait one round trip instead of two
      const [updatedAt] = await Promise.all([
        analyses.setAssumptions(userId, stored.id, result),
        saves.followIfSaved(userId, stored.id, stored.property),
      ]);
      return withAnalysisId(stored.id, updatedAt, result);
    },

    /**
     * The analysis as it stands, or with `metrics` and `rangeWidths` made its own (what a save with
     * the screen's figures keeps); `before` runs first with its property, and may refuse (an address
     * saved already).
     */
    async settle(
      userId: string,
      analysisId: string,
      kept: { metrics?: Metrics; rangeWidths?: RangeWidths; revision?: string | undefined },
      before: (property: AnalysedProperty) => Promise<void>,
    ): Promise<AnalysisResponse> {
      const stored = await analyses.find(userId, analysisId);
      await before(stored.property);
      const { metrics, rangeWidths } = kept;
      // the screen's numbers made the analysis's own, from a state another tab has since replaced
      if (metrics || rangeWidths) refuseIfChanged(stored, kept.revision);
      if (!metrics && !rangeWidths)
        return withAnalysisId(stored.id, stored.updatedAt, computedAnalysis(stored));
      return recompute(userId, stored, metrics ?? stored.assumptions, rangeWidths);
    },

    /** A new named scenario of the analysis, after its others. */
    addScenario(userId: string, id: string, request: ScenarioRequest) {
      return changeScenarios(userId, id, request, (current) => {
        if (current.length >= MAX_SCENARIOS)
          throw new AppError(409, 'TOO_MANY_SCENARIOS', SCENARIO_MESSAGES.tooMany);
        refuseTakenName(current, request.name, null);
        return [...current, scenarioOf(generateId(), request)];
      });
    },

    /** A scenario renamed or with new metrics, in its place. */
    updateScenario(userId: string, id: string, scenarioId: string, request: ScenarioRequest) {
      return changeScenarios(userId, id, request, (current) => {
        scenarioAt(current, scenarioId);
        refuseTakenName(current, request.name, scenarioId);
        return current.map((scenario) =>
          scenario.id === scenarioId ? scenarioOf(scenarioId, request) : scenario,
        );
      });
    },

    deleteScenario(userId: string, id: string, scenarioId: string) {
      return changeScenarios(userId, id, null, (current) => {
        scenarioAt(current, scenarioId);
        return current.filter((scenario) => scenario.id !== scenarioId);
      });
    },
  };
}

export type UserAnalyses = ReturnType<typeof createUserAnalyses>;
