/**
 * Saved analyses, per user. A save is one of the user's analyses kept under its address: it holds
 * no copy of the numbers, which are computed from the analysis's inputs when read, so editing the
 * analysis is editing the save. One save per address: street, city, state and county compared
 * case- and space-insensitively.
 */

import {
  type AnalysedProperty,
  type AnalysisResponse,
  addressKey,
  addressLine,
  assembleAnalysis,
  MESSAGES,
  type SavedPropertyList,
} from '@sfr/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { withAnalysisId } from '../analysis/repository.js';
import type { Database } from '../db/client.js';
import { below, decodeCursor, encodeCursor } from '../db/cursor.js';
import { generateId } from '../db/ids.js';
import { analyses, savedProperties, shareLinks } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface SavedProperty extends AnalysisResponse {
  id: string;
  savedAt: string;
}

/** The saved-property 404, for another user's id too (the share links answer it as well). */
export const savedPropertyNotFound = () =>
  new AppError(404, 'SAVED_PROPERTY_NOT_FOUND', 'Saved property not found.');

const alreadySaved = () => new AppError(409, 'ALREADY_SAVED', MESSAGES.alreadySaved);

/** A save joined with its analysis: what it shows, computed from the analysis's inputs. */
const savedWithAnalysis = {
  id: savedProperties.id,
  analysis_id: savedProperties.analysis_id,
  saved_at: savedProperties.saved_at,
  property: analyses.property,
  facts: analyses.facts,
  assumptions: analyses.assumptions,
  scenarios: analyses.scenarios,
  range_widths: analyses.range_widths,
  updated_at: analyses.updated_at,
} as const;

type SavedWithAnalysis = {
  id: string;
  analysis_id: string;
  saved_at: Date;
  property: AnalysedProperty;
  facts: (typeof analyses.$inferSelect)['facts'];
  assumptions: (typeof analyses.$inferSelect)['assumptions'];
  scenarios: (typeof analyses.$inferSelect)['scenarios'];
  range_widths: (typeof analyses.$inferSelect)['range_widths'];
  updated_at: Date;
};

/** A save shows its analysis at the analysis's revision: an edit from the save sends it back. */
function toSaved(row: SavedWithAnalysis): SavedProperty {
  return {
    ...withAnalysisId(
      row.analysis_id,
      row.updated_at,
      assembleAnalysis(row.property, row.assumptions, row.facts, row),
    ),
    id: row.id,
    savedAt: row.saved_at.toISOString(),
  };
}

export function createSavedProperties(db: Database) {
  // Prepared once: update_metrics asks this on every call by a signed-in user.
  // …and only a save of the same building: a triplex analysed at a saved duplex's address, or one
  // with other rooms, must not take the duplex's place (the save would be lost without a word)
  const followQuery = db
    .update(savedProperties)
    .set({ analysis_id: sql`${sql.placeholder('analysisId')}`, saved_at: sql`now()` })
    .where(
      and(
        eq(savedProperties.user_id, sql.placeholder('userId')),
        eq(savedProperties.address_key, sql.placeholder('addressKey')),
        sql`(select ${analyses.property} from ${analyses} where ${analyses.id} = ${savedProperties.analysis_id}) @> ${sql.placeholder('building')}::jsonb`,
      ),
    )
    .returning({ id: savedProperties.id })
    .prepare('saved_property_follow');
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
          saved_at: savedProperties.saved_at,
          // the analysis's small columns only: never its facts
          property: analyses.property,
          purchase_price: analyses.purchase_price,
          overall_points: analyses.overall_points,
          overall_color: analyses.overall_color,
          monthly_levered_cash_flow: analyses.monthly_levered_cash_flow,
          shared: sql<boolean>`exists (select 1 from ${shareLinks} where ${shareLinks.saved_property_id} = ${savedProperties.id})`,
        })
        .from(savedProperties)
        .innerJoin(analyses, eq(analyses.id, savedProperties.analysis_id))
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
        properties: shown.map(({ property, saved_at, overall_color, ...row }) => ({
          ...row,
          overall_color: overall_color as SavedPropertyList['properties'][number]['overall_color'],
          address: addressLine(property),
          street: property.street,
          city: property.city,
          state_code: property.state_code,
          zipcode: property.zipcode,
          county_name: property.county_name,
          factor: property.factor,
          num_bedrooms: property.num_bedrooms,
          num_bathrooms: property.num_bathrooms,
          savedAt: saved_at.toISOString(),
        })),
        next_cursor:
          rows.length > page.limit && last ? encodeCursor({ at: last.saved_at, id: last.id }) : null,
      };
    },

    /** 409 ALREADY_SAVED when the user has saved this address (street, city, state, county) already. */
    async refuseIfSaved(userId: string, address: Parameters<typeof addressKey>[0]): Promise<void> {
      const [found] = await findSaved.execute({ userId, addressKey: addressKey(address) });
      if (found) throw alreadySaved();
    },

    /** The analysis a saved property of the user's shows; 404 when it is not theirs. */
    async analysisIdOf(userId: string, id: string): Promise<string> {
      const [row] = await db
        .select({ analysis_id: savedProperties.analysis_id })
        .from(savedProperties)
        .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.id, id)));
      if (!row) throw savedPropertyNotFound();
      return row.analysis_id;
    },

    async get(userId: string, id: string): Promise<SavedProperty> {
      const [row] = await db
        .select(savedWithAnalysis)
        .from(savedProperties)
        .innerJoin(analyses, eq(analyses.id, savedProperties.analysis_id))
        .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.id, id)));
      if (!row) throw savedPropertyNotFound();
      return toSaved(row);
    },

    /**
     * Saves the analysis under its address; `analysis` is it as computed now, at its revision. The
     * unique index decides, so two racing saves cannot both land.
     */
    async save(userId: string, analysis: AnalysisResponse): Promise<SavedProperty> {
      const [row] = await db
        .insert(savedProperties)
        .values({
          id: generateId(),
          user_id: userId,
          analysis_id: analysis.analysis_id,
          address_key: addressKey(analysis.property),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw alreadySaved();
      return { ...analysis, id: row.id, savedAt: row.saved_at.toISOString() };
    },

    /**
     * After update_metrics: the user's save of this address, if it is of the same building (ZIP,
     * rooms, house type), now shows the edited analysis (`analysisId`) and is dated now; true when
     * there was one. The price is an assumption: an edit at another offer price follows.
     */
    async followIfSaved(userId: string, analysisId: string, property: AnalysedProperty): Promise<boolean> {
      const { zipcode, num_bedrooms, num_bathrooms, factor } = property;
      const building = JSON.stringify({ zipcode, num_bedrooms, num_bathrooms, factor });
      const updated = await followQuery.execute({
        userId,
        analysisId,
        addressKey: addressKey(property),
        building,
      });
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
