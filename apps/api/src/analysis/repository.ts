/**
 * The user's analyses: every successful create_property, with the market facts it read and its
 * current state (the last update_metrics), listed newest first a page at a time.
 */
import {
  type AnalysedProperty,
  type AnalysisFacts,
  type AnalysisList,
  type AnalysisResponse,
  addressLine,
  assembleAnalysis,
  type Metrics,
  type RangeWidths,
  type Scenario,
} from '@sfr/contracts';
import { ENGINE_VERSION } from '@sfr/underwriting';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { below, decodeCursor, encodeCursor } from '../db/cursor.js';
import { generateId } from '../db/ids.js';
import { analyses, savedProperties } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { AnalysisResult } from './service.js';

export type AnalysisRow = typeof analyses.$inferSelect;

/** An analysis as stored: what it is computed from. */
export interface StoredAnalysis {
  id: string;
  property: AnalysedProperty;
  facts: AnalysisFacts;
  /** the metrics as the user last set them */
  assumptions: Metrics;
  /** the deal's named scenarios besides them */
  scenarios: Scenario[];
  /** the user's "±" on its assumptions, as typed */
  range_widths: RangeWidths;
  createdAt: Date;
  /** when it last changed: its `revision` (`revisionOf`) */
  updatedAt: Date;
}

/** The stamp an edit sends back to start from this state of the analysis (the database's, to the ms). */
export const revisionOf = (updatedAt: Date): string => updatedAt.toISOString();

export const analysisNotFound = () => new AppError(404, 'NOT_FOUND', 'Analysis not found.');

/** The response for a computed analysis: its id, revision and save first, as the response schema orders them. */
export function withAnalysisId(
  id: string,
  updatedAt: Date,
  result: AnalysisResult,
  savedId: string | null = null,
): AnalysisResponse {
  const revision = revisionOf(updatedAt);
  return savedId === null
    ? { analysis_id: id, revision, ...result }
    : { analysis_id: id, revision, saved_property_id: savedId, ...result };
}

/** What a stored analysis shows, computed from its inputs when read. */
export function computedAnalysis(stored: StoredAnalysis): AnalysisResult {
  return assembleAnalysis(stored.property, stored.assumptions, stored.facts, stored);
}

function toStored(row: AnalysisRow): StoredAnalysis {
  return {
    id: row.id,
    property: row.property,
    facts: row.facts,
    assumptions: row.assumptions,
    scenarios: row.scenarios,
    range_widths: row.range_widths,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns the lists read, from the analysis as computed: they change with every edit. */
function listColumns(result: AnalysisResult) {
  return {
    purchase_price: result.property.purchase_price,
    overall_points: result.summary.overall_points,
    overall_color: result.summary.overall_color,
    monthly_levered_cash_flow: result.year_1_metrics.monthly_levered_cash_flow,
  };
}

export function createAnalysisRepository(db: Database) {
  // Prepared once: every edit updates, and reopening reads one; a subscriber's analyses are inserted
  // outside a transaction. (A free search's insert runs in the transaction that spends it, so it
  // is built there: a prepared query runs on the pool, not on the transaction's connection.)
  const findQuery = db
    .select()
    .from(analyses)
    .where(and(eq(analyses.user_id, sql.placeholder('userId')), eq(analyses.id, sql.placeholder('id'))))
    .prepare('analysis_by_id');
  // …with the user's save of it, if any, in the same round trip (a reopened analysis says it is saved)
  const findWithSaveQuery = db
    .select({ analysis: analyses, savedId: savedProperties.id })
    .from(analyses)
    // a save is one per address, so at most one shows a given analysis
    .leftJoin(
      savedProperties,
      and(eq(savedProperties.analysis_id, analyses.id), eq(savedProperties.user_id, analyses.user_id)),
    )
    .where(and(eq(analyses.user_id, sql.placeholder('userId')), eq(analyses.id, sql.placeholder('id'))))
    .prepare('analysis_with_save_by_id');
  const setAssumptionsQuery = db
    .update(analyses)
    .set({
      // set() takes a placeholder only for a column without a JS type: these go as SQL (the
      // assumptions as JSON text, cast)
      assumptions: sql`${sql.placeholder('assumptions')}::jsonb`,
      range_widths: sql`${sql.placeholder('range_widths')}::jsonb`,
      engine_version: sql`${sql.placeholder('engine_version')}`,
      purchase_price: sql`${sql.placeholder('purchase_price')}`,
      overall_points: sql`${sql.placeholder('overall_points')}`,
      overall_color: sql`${sql.placeholder('overall_color')}`,
      monthly_levered_cash_flow: sql`${sql.placeholder('monthly_levered_cash_flow')}`,
      updated_at: sql`now()`,
    })
    .where(and(eq(analyses.user_id, sql.placeholder('userId')), eq(analyses.id, sql.placeholder('id'))))
    .returning({ updated_at: analyses.updated_at })
    .prepare('analysis_set_assumptions');
  const insertQuery = db
    .insert(analyses)
    .values({
      id: sql.placeholder('id'),
      user_id: sql.placeholder('user_id'),
      property: sql.placeholder('property'),
      facts: sql.placeholder('facts'),
      assumptions: sql.placeholder('assumptions'),
      engine_version: sql.placeholder('engine_version'),
      address: sql.placeholder('address'),
      purchase_price: sql.placeholder('purchase_price'),
      overall_points: sql.placeholder('overall_points'),
      overall_color: sql.placeholder('overall_color'),
      monthly_levered_cash_flow: sql.placeholder('monthly_levered_cash_flow'),
    })
    .returning({ updated_at: analyses.updated_at })
    .prepare('analysis_insert');

  async function find(userId: string, id: string): Promise<StoredAnalysis> {
    const [row] = await findQuery.execute({ userId, id });
    if (!row) throw analysisNotFound();
    return toStored(row);
  }

  return {
    find,

    /** `find`, and the id of the user's save that shows it (null when it is not saved). */
    async findWithSave(
      userId: string,
      id: string,
    ): Promise<{ stored: StoredAnalysis; savedId: string | null }> {
      const [row] = await findWithSaveQuery.execute({ userId, id });
      if (!row) throw analysisNotFound();
      return { stored: toStored(row.analysis), savedId: row.savedId };
    },

    /**
     * Stores a new analysis on `executor` (the transaction that spends its search, or the database
     * for a subscriber): its inputs, and from `result` (computed from them) what the lists show.
     */
    async insert(
      executor: Database,
      userId: string,
      property: AnalysedProperty,
      facts: AnalysisFacts,
      result: AnalysisResult,
    ): Promise<{ id: string; updatedAt: Date }> {
      const row = {
        id: generateId(),
        user_id: userId,
        property,
        facts,
        assumptions: result.property.metrics,
        engine_version: ENGINE_VERSION,
        address: addressLine(property),
        ...listColumns(result),
      };
      // on the pool (a subscriber's): the prepared statement; in a transaction: built on it
      const [inserted] =
        executor === db
          ? await insertQuery.execute(row)
          : await executor.insert(analyses).values(row).returning({ updated_at: analyses.updated_at });
      if (!inserted) throw new Error('the analysis insert returned no row');
      return { id: row.id, updatedAt: inserted.updated_at };
    },

    /**
     * The user's new metrics and "±" become the analysis's own; `result` is the analysis computed
     * with them.
     */
    async setAssumptions(userId: string, id: string, result: AnalysisResult): Promise<Date> {
      const [row] = await setAssumptionsQuery.execute({
        userId,
        id,
        assumptions: JSON.stringify(result.property.metrics),
        range_widths: JSON.stringify(result.range_widths),
        engine_version: ENGINE_VERSION,
        ...listColumns(result),
      });
      if (!row) throw analysisNotFound();
      return row.updated_at;
    },

    /**
     * Replaces the analysis's scenarios with `change(current)`, in one transaction that holds the
     * row, so two processes changing the same deal's scenarios at once never lose either change.
     * `change` may throw (a name taken, too many): nothing is written then.
     */
    async changeScenarios(
      userId: string,
      id: string,
      change: (current: readonly Scenario[]) => Scenario[],
    ): Promise<StoredAnalysis> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(analyses)
          .where(and(eq(analyses.user_id, userId), eq(analyses.id, id)))
          .for('update');
        if (!row) throw analysisNotFound();
        const scenarios = change(row.scenarios);
        const [changed] = await tx
          .update(analyses)
          .set({ scenarios, updated_at: sql`now()` })
          .where(and(eq(analyses.user_id, userId), eq(analyses.id, id)))
          .returning({ updated_at: analyses.updated_at });
        // the new stamp: an edit after this change starts from it
        return { ...toStored(row), scenarios, updatedAt: changed?.updated_at ?? row.updated_at };
      });
    },

    /** Newest first; `cursor` is the previous page's `next_cursor`. */
    async list(userId: string, page: { limit: number; cursor?: string | undefined }): Promise<AnalysisList> {
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, 'analyses');
      const rows = await db
        .select({
          id: analyses.id,
          address: analyses.address,
          // the property's few fields, never the facts or the assumptions
          property: analyses.property,
          purchase_price: analyses.purchase_price,
          overall_points: analyses.overall_points,
          overall_color: analyses.overall_color,
          created_at: analyses.created_at,
          updated_at: analyses.updated_at,
        })
        .from(analyses)
        .where(and(eq(analyses.user_id, userId), after && below(analyses.created_at, analyses.id, after)))
        .orderBy(desc(analyses.created_at), desc(analyses.id))
        .limit(page.limit + 1);
      const shown = rows.slice(0, page.limit);
      const last = shown.at(-1);
      return {
        analyses: shown.map((row) => ({
          id: row.id,
          address: row.address,
          factor: row.property.factor,
          num_bedrooms: row.property.num_bedrooms,
          num_bathrooms: row.property.num_bathrooms,
          purchase_price: row.purchase_price,
          overall_points: row.overall_points,
          overall_color: row.overall_color as AnalysisList['analyses'][number]['overall_color'],
          created_at: row.created_at.toISOString(),
          updated_at: row.updated_at.toISOString(),
        })),
        next_cursor:
          rows.length > page.limit && last ? encodeCursor({ at: last.created_at, id: last.id }) : null,
      };
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
