/**
 * Saved analyses, per user. The server recomputes what it stores from the property and its metrics,
 * so a saved deal always holds numbers the model produced. One save per address: street, city,
 * state and county compared case- and space-insensitively.
 */

import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { type AnalysisResponse, MESSAGES, type PropertyInput } from '@sfr/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { savedProperties } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface SavedProperty extends AnalysisResponse {
  id: string;
  savedAt: string;
}

/** 'street|city|state|county', lower-cased with runs of whitespace collapsed. */
export function addressKey(p: Pick<PropertyInput, 'street' | 'city' | 'state_code' | 'county_name'>): string {
  const norm = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return [p.street, p.city, p.state_code, p.county_name].map(norm).join('|');
}

function newId(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
}

const notFound = () => new AppError(404, 'SAVED_PROPERTY_NOT_FOUND', 'Saved property not found.');

function toSaved(row: { id: string; data: unknown; saved_at: Date }): SavedProperty {
  return { ...(row.data as AnalysisResponse), id: row.id, savedAt: row.saved_at.toISOString() };
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
      if (!row) throw notFound();
      return toSaved(row);
    },

    /** Saves once per address: the unique index decides, so two racing saves cannot both land. */
    async save(userId: string, analysis: AnalysisResponse): Promise<SavedProperty> {
      const [row] = await db
        .insert(savedProperties)
        .values({ id: newId(), user_id: userId, address_key: addressKey(analysis.property), data: analysis })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(409, 'ALREADY_SAVED', MESSAGES.alreadySaved);
      return toSaved(row);
    },

    /**
     * After update_metrics: the user's saved copy of this address, if any, takes the new numbers.
     * Most updates are of unsaved analyses, so a small indexed read decides first: sending the
     * ~10 KB analysis as a jsonb parameter costs more than the read, even when no row matches.
     */
    async overwriteIfSaved(userId: string, analysis: AnalysisResponse): Promise<SavedProperty | null> {
      const key = addressKey(analysis.property);
      const [found] = await findSaved.execute({ userId, addressKey: key });
      if (!found) return null;
      const [row] = await db
        .update(savedProperties)
        .set({ data: analysis, saved_at: sql`now()` })
        .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.address_key, key)))
        .returning();
      return row ? toSaved(row) : null;
    },

    async remove(userId: string, id: string): Promise<void> {
      const deleted = await db
        .delete(savedProperties)
        .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.id, id)))
        .returning({ id: savedProperties.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type SavedProperties = ReturnType<typeof createSavedProperties>;
