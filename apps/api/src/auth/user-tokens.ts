/**
 * One-time tokens for email links (verify email, reset password). Like sessions, only
 * hex(SHA-256(token)) is stored. Expiry uses the database clock (`now()`) both when a token is
 * issued and when it is used, so the API's clock cannot disagree with it.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { userTokens } from '../db/schema.js';
import { generateToken, hashToken, TOKEN_PATTERN } from './tokens.js';

export type TokenPurpose = 'verify_email' | 'reset_password';

/** How long each kind of link works. */
export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60,
  reset_password: 60 * 60,
};

export function userTokensRepository(db: Database) {
  const matches = (token: string, purpose: TokenPurpose) =>
    and(
      eq(userTokens.id, hashToken(token)),
      eq(userTokens.purpose, purpose),
      isNull(userTokens.used_at),
      gt(userTokens.expires_at, sql`now()`),
    );

  return {
    /** Issues a token for the user; the plain token goes into the email and nowhere else. */
    async issue(userId: string, purpose: TokenPurpose): Promise<string> {
      const token = generateToken();
      await db.insert(userTokens).values({
        id: hashToken(token),
        user_id: userId,
        purpose,
        expires_at: sql`now() + make_interval(secs => ${TOKEN_TTL_SECONDS[purpose]})`,
      });
      return token;
    },

    /** The token's user if it is unused and unexpired, without using it (a cheap pre-check). */
    async peek(token: string, purpose: TokenPurpose): Promise<string | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const [row] = await db
        .select({ userId: userTokens.user_id })
        .from(userTokens)
        .where(matches(token, purpose))
        .limit(1);
      return row?.userId ?? null;
    },

    /**
     * Uses the token: one conditional UPDATE (`… WHERE used_at IS NULL AND expires_at > now()
     * RETURNING user_id`), so of two concurrent requests exactly one gets the user id.
     */
    async consume(token: string, purpose: TokenPurpose): Promise<string | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const [row] = await db
        .update(userTokens)
        .set({ used_at: sql`now()` })
        .where(matches(token, purpose))
        .returning({ userId: userTokens.user_id });
      return row?.userId ?? null;
    },

    /** Retires the user's other unused tokens of this purpose (older reset links stop working). */
    async retireAll(userId: string, purpose: TokenPurpose): Promise<void> {
      await db
        .update(userTokens)
        .set({ used_at: sql`now()` })
        .where(
          and(eq(userTokens.user_id, userId), eq(userTokens.purpose, purpose), isNull(userTokens.used_at)),
        );
    },
  };
}

export type UserTokensRepository = ReturnType<typeof userTokensRepository>;
