/**
 * Read-only links to a saved property (issue 14 §5). The token is 200 random bits handed out once;
 * only its SHA-256 is stored (as sessions do), so the table alone opens nothing. A link shows the
 * saved analysis as it stands now, with no account data, and grants nothing else.
 */
import { assembleAnalysis, type SharedAnalysis } from '@sfr/contracts';
import { and, eq } from 'drizzle-orm';
import { generateToken, hashToken, TOKEN_PATTERN } from '../auth/tokens.js';
import type { Database } from '../db/client.js';
import { analyses, savedProperties, shareLinks } from '../db/schema.js';
import { AppError } from '../errors.js';
import { savedPropertyNotFound } from '../saved/repository.js';

export const shareLinkNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'This shared link does not exist or has been turned off by its owner.');

export function createShareLinks(db: Database) {
  /** The owner's saved property, or the saved-property 404 (another user's id included). */
  async function ownedSavedId(userId: string, savedId: string): Promise<string> {
    const [row] = await db
      .select({ id: savedProperties.id })
      .from(savedProperties)
      .where(and(eq(savedProperties.user_id, userId), eq(savedProperties.id, savedId)));
    if (!row) throw savedPropertyNotFound();
    return row.id;
  }

  return {
    /** A new link to the user's saved property; earlier links keep working until revoked. */
    async create(userId: string, savedId: string): Promise<string> {
      const id = await ownedSavedId(userId, savedId);
      const token = generateToken();
      await db.insert(shareLinks).values({ token_hash: hashToken(token), saved_property_id: id });
      return token;
    },

    /** Turns off every link to the user's saved property. */
    async revoke(userId: string, savedId: string): Promise<void> {
      const id = await ownedSavedId(userId, savedId);
      await db.delete(shareLinks).where(eq(shareLinks.saved_property_id, id));
    },

    /** The analysis a token opens; a malformed, unknown or revoked token is the same 404. */
    async open(token: string): Promise<SharedAnalysis> {
      if (!TOKEN_PATTERN.test(token)) throw shareLinkNotFound();
      const [row] = await db
        .select({
          property: analyses.property,
          facts: analyses.facts,
          assumptions: analyses.assumptions,
          scenarios: analyses.scenarios,
          range_widths: analyses.range_widths,
        })
        .from(shareLinks)
        .innerJoin(savedProperties, eq(savedProperties.id, shareLinks.saved_property_id))
        .innerJoin(analyses, eq(analyses.id, savedProperties.analysis_id))
        .where(eq(shareLinks.token_hash, hashToken(token)));
      if (!row) throw shareLinkNotFound();
      // computed from the saved analysis's inputs, as its owner sees it
      return assembleAnalysis(row.property, row.assumptions, row.facts, row);
    },
  };
}

export type ShareLinks = ReturnType<typeof createShareLinks>;
