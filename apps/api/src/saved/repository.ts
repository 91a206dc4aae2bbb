/**
 * Saved analyses, per user. A save is one of the user's analyses as the model computed it (never a
 * body the client wrote), and points at that analysis, whose market facts recompute it. One save
 * per address: street, city, state and county compared case- and space-insensitively.
 */

import { type AnalysisResponse, addressKey, MESSAGES } from '@sfr/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnalysisResult } from '../analysis/service.js';
import type { Database } from '../db/client.js';
import { generateId } from '../db/ids.js';
import { savedProperties } from '../db/schema.js';
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
    async list(userId: string): Promise<SavedProperty[]> {
      const rows = await db
        .select()
        .from(savedProperties)
        .where(eq(savedProperties.user_id, userId))
        .orderBy(desc(savedProperties.saved_at), desc(savedProperties.id));
      return rows.map(toSaved);
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
        .set({ data: analysis, analysis_id: analysisId, saved_at: sql`now()` })
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
