/**
 * Saved analyses, per user. A save is one of the user's analyses as the model computed it (never a
 * body the client wrote), and points at that analysis, whose market facts recompute it. One save
 * per address: street, city, state and county compared case- and space-insensitively.
 */

import {
  type AnalysisResponse,
  addressKey,
  addressLine,
  MESSAGES,
  type SavedPropertyList,
  type SavedPropertySummary,
} from '@sfr/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnalysisResult } from '../analysis/service.js';
import type { Database } from '../db/client.js';
import { below, decodeCursor, encodeCursor } from '../db/cursor.js';
import { generateId } from '../db/ids.js';
import { type SavedSummaryColumn, savedProperties } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface SavedProperty extends AnalysisResponse {
  id: string;
  savedAt: string;
}

/** The saved-property 404, for another user's id too (the share links answer it as well). */
export const savedPropertyNotFound = () =>
  new AppError(404, 'SAVED_PROPERTY_NOT_FOUND', 'Saved property not found.');

type SavedPropertyRow = typeof savedProperties.$inferSelect;

function toSaved(row: Pick<SavedPropertyRow, 'id' | 'analysis_id' | 'data' | 'saved_at'>): SavedProperty {
  return {
    ...(row.data as AnalysisResult),
    analysis_id: row.analysis_id,
    id: row.id,
    savedAt: row.saved_at.toISOString(),
  };
}

/** What the list shows of a saved analysis (the `summary` column). */
function summaryOf(analysis: AnalysisResult): SavedSummaryColumn {
  const { property, summary, year_1_metrics } = analysis;
  return {
    street: property.street,
    city: property.city,
    state_code: property.state_code,
    zipcode: property.zipcode,
    county_name: property.county_name,
    factor: property.factor,
    num_bedrooms: property.num_bedrooms,
    num_bathrooms: property.num_bathrooms,
    purchase_price: property.purchase_price,
    overall_points: summary.overall_points,
    overall_color: summary.overall_color,
    monthly_levered_cash_flow: year_1_metrics.monthly_levered_cash_flow,
  };
}

type SummaryRow = Pick<SavedPropertyRow, 'id' | 'analysis_id' | 'summary' | 'saved_at'>;

function toSummary(row: SummaryRow): SavedPropertySummary {
  return {
    ...row.summary,
    overall_color: row.summary.overall_color as SavedPropertySummary['overall_color'],
    id: row.id,
    analysis_id: row.analysis_id,
    address: addressLine(row.summary),
    savedAt: row.saved_at.toISOString(),
  };
}

export function createSavedProperties(db: Database) {
  // Prepared once: update_metrics asks this on every call by a signed-in user.
  const findSaved = db
    .select({ id: savedProperties.id })
    .from(savedProperties)
    .where(
      and(
        eq(savedProperties.user_id, sql.placeholder('userId')),
        eq(savedProperties.address_key, sql.placeholder('addressKey')),
      ),
    )
    .limit(1)
    .prepare('saved_property_by_address');

  return {
    /** Newest first, a page at a time, summary rows only; `cursor` is the previous page's `next_cursor`. */
    async list(
      userId: string,
      page: { limit: number; cursor?: string | undefined },
    ): Promise<SavedPropertyList> {
      const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, 'saved properties');
      const rows = await db
        .select({
          id: savedProperties.id,
          analysis_id: savedProperties.analysis_id,
          summary: savedProperties.summary,
          saved_at: savedProperties.saved_at,
        })
        .from(savedProperties)
        .where(
          and(
            eq(savedProperties.user_id, userId),
            after && below(savedProperties.saved_at, savedProperties.id, after),
          ),
        )
        .orderBy(desc(savedProperties.saved_at), desc(savedProperties.id))
        .limit(page.limit + 1);
      const shown = rows.slice(0, page.limit);
      const last = shown.at(-1);
      return {
        properties: shown.map(toSummary),
        next_cursor:
          rows.length > page.limit && last ? encodeCursor({ at: last.saved_at, id: last.id }) : null,
      };
    },

    /** Whether the user has saved this address (street, city, state, county) already. */
    async hasAddress(userId: string, address: Parameters<typeof addressKey>[0]): Promise<boolean> {
      const [found] = await findSaved.execute({ userId, addressKey: addressKey(address) });
      return found !== undefined;
    },

    async get(userId: string, id: string): Promise<SavedProperty> {
      const [row] = await db
        .select()
        .from(savedProperties)
        .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.id, id)));
      if (!row) throw savedPropertyNotFound();
      return toSaved(row);
    },

    /** Saves once per address: the unique index decides, so two racing saves cannot both land. */
    async save(userId: string, analysisId: string, analysis: AnalysisResult): Promise<SavedProperty> {
      const [row] = await db
        .insert(savedProperties)
        .values({
          id: generateId(),
          user_id: userId,
          analysis_id: analysisId,
          address_key: addressKey(analysis.property),
          data: analysis,
          summary: summaryOf(analysis),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(409, 'ALREADY_SAVED', MESSAGES.alreadySaved);
      return toSaved(row);
    },

    /**
     * After update_metrics: the user's saved copy of this address, if any, takes the new numbers and
     * now follows the edited analysis (`analysisId`); true when there was one. Most updates are of
     * unsaved analyses, so a small indexed read decides first: sending the ~10 KB analysis as a jsonb
     * parameter costs more than the read, even when no row matches.
     */
    async overwriteIfSaved(userId: string, analysisId: string, analysis: AnalysisResult): Promise<boolean> {
      const key = addressKey(analysis.property);
      const [found] = await findSaved.execute({ userId, addressKey: key });
      if (!found) return false;
      // the id only: the whole row back would be the analysis again, parsed to be thrown away
      const updated = await db
        .update(savedProperties)
        .set({ data: analysis, summary: summaryOf(analysis), analysis_id: analysisId, saved_at: sql`now()` })
        .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.address_key, key)))
        .returning({ id: savedProperties.id });
      return updated.length > 0;
    },

    async remove(userId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(savedProperties)
        .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.id, id)))
        .returning({ id: savedProperties.id });
      if (deleted.length === 0) throw savedPropertyNotFound();
    },
  };
}

export type SavedProperties = ReturnType<typeof createSavedProperties>;
