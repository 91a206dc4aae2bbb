/**
 * The user's analyses: every successful create_property, with the market facts it read and its
 * current state (the last update_metrics), listed newest first a page at a time.
 */
import { type AnalysisList, type AnalysisResponse, addressLine, type PropertyInput } from '@sfr/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { below, decodeCursor, encodeCursor } from '../db/cursor.js';
import { generateId } from '../db/ids.js';
import { analyses } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { AnalysisFacts } from './facts.js';
import { type AnalysisResult, METRIC_DISPLAY_NAMES } from './service.js';

export type AnalysisRow = typeof analyses.$inferSelect;

/** An analysis as stored: what recomputing it needs, and what the user last saw. */
export interface StoredAnalysis {
  id: string;
  property: PropertyInput;
  facts: AnalysisFacts;
  result: AnalysisResult;
  createdAt: Date;
}

export const analysisNotFound = () => new AppError(404, 'NOT_FOUND', 'Analysis not found.');

/** The response for a stored analysis: its id first, as the response schema orders it. */
export function withAnalysisId(id: string, result: AnalysisResult): AnalysisResponse {
  return { analysis_id: id, ...result };
}

/**
 * A result as stored: without its display names (constant) and market figures (the facts hold
 * them), which are half its size, every byte of which each create_property and edit would write.
 */
type ResultRow = Omit<AnalysisResult, 'metric_display_names' | 'market_data'>;

function resultRow(result: AnalysisResult): ResultRow {
  const { metric_display_names: _constant, market_data: _inFacts, ...row } = result;
  return row;
}

/** The result again, from its row and the facts (rows stored before the split carry both parts). */
function resultFromRow(row: ResultRow, facts: AnalysisFacts): AnalysisResult {
  return { ...row, metric_display_names: METRIC_DISPLAY_NAMES, market_data: facts.market_data };
}

function toStored(row: AnalysisRow): StoredAnalysis {
  const facts = row.facts as AnalysisFacts;
  return {
    id: row.id,
    property: row.property as PropertyInput,
    facts,
    result: resultFromRow(row.result as ResultRow, facts),
    createdAt: row.created_at,
  };
}

/** The list's cursor: the last row's time and id, opaque to clients (base64url). */
export function createAnalysisRepository(db: Database) {
  // Prepared once: every edit updates, and reopening reads one; a subscriber's analyses are inserted
  // outside a transaction. (A free search's insert runs in the transaction that spends it, so it
  // is built there: a prepared query runs on the pool, not on the transaction's connection.)
  const findQuery = db
    .select()
    .from(analyses)
    .where(and(eq(analyses.user_id, sql.placeholder('userId')), eq(analyses.id, sql.placeholder('id'))))
    .prepare('analysis_by_id');
  const setResultQuery = db
    .update(analyses)
    .set({
      result: sql.placeholder('result'),
      // set() takes a placeholder only for a column without a JS type (jsonb); these go as SQL
      overall_points: sql`${sql.placeholder('points')}`,
      overall_color: sql`${sql.placeholder('color')}`,
      updated_at: sql`now()`,
    })
    .where(and(eq(analyses.user_id, sql.placeholder('userId')), eq(analyses.id, sql.placeholder('id'))))
    .prepare('analysis_set_result');
  const insertQuery = db
    .insert(analyses)
    .values({
      id: sql.placeholder('id'),
      user_id: sql.placeholder('user_id'),
      property: sql.placeholder('property'),
      facts: sql.placeholder('facts'),
      result: sql.placeholder('result'),
      address: sql.placeholder('address'),
      overall_points: sql.placeholder('overall_points'),
      overall_color: sql.placeholder('overall_color'),
    })
    .prepare('analysis_insert');

  async function find(userId: string, id: string): Promise<StoredAnalysis> {
    const [row] = await findQuery.execute({ userId, id });
    if (!row) throw analysisNotFound();
    return toStored(row);
  }

  return {
    find,

    /** Stores a new analysis on `executor`: the transaction that spends its search, or the database for a subscriber. */
    async insert(
      executor: Database,
      userId: string,
      property: PropertyInput,
      facts: AnalysisFacts,
      result: AnalysisResult,
    ): Promise<string> {
      const row = {
        id: generateId(),
        user_id: userId,
        property,
        facts,
        result: resultRow(result),
        address: addressLine(property),
        overall_points: result.summary.overall_points,
        overall_color: result.summary.overall_color,
      };
      // on the pool (a subscriber's): the prepared statement; in a transaction: built on it
      if (executor === db) await insertQuery.execute(row);
      else await executor.insert(analyses).values(row);
      return row.id;
    },

    /** The analysis's current state becomes `result` (what the user now sees). */
    async setResult(userId: string, id: string, result: AnalysisResult): Promise<void> {
      await setResultQuery.execute({
        userId,
        id,
        result: resultRow(result),
        points: result.summary.overall_points,
        color: result.summary.overall_color,
      });
    },

    /** Newest first; `cursor` is the previous page's `next_cursor`. */
    async list(userId: string, page: { limit: number; cursor?: string | undefined }): Promise<AnalysisList> {
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, 'analyses');
      const rows = await db
        .select({
          id: analyses.id,
          address: analyses.address,
          // the current price (an edit may have changed it), read from the stored result
          purchase_price: sql<number>`(${analyses.result}->'property'->>'purchase_price')::float8`,
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
          purchase_price: Number(row.purchase_price),
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
