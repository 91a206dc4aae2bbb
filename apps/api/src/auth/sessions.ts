/**
 * Server-side sessions, after Lucia's session guide: the browser holds a random token, the database
 * holds hex(SHA-256(token)) as the session id, the user id and an expiry.
 *
 * Expiry slides: a session lives 30 days from its last refresh. To keep reads cheap the refresh is
 * written at most once an hour — when the stored expiry is more than an hour older than a fresh
 * one would be (expiresAt < now + 30 d − 1 h). That is stricter than the guide's "renew when under
 * 15 days remain" (any session with under 15 days left is also past the hour), so both hold: an idle
 * session ends 30 days (± 1 h) after its last use, and an active one costs one UPDATE per hour.
 *
 * Nothing is cached in memory: every request reads its session, user and subscription from the
 * database in one prepared query, so a logout, password reset or subscription change made by any
 * process (or by hand in the database) applies to the very next request. Why no cache: the
 * subscription must be read fresh anyway (a period end moved into the past bites at once), and the
 * user's fields (free searches, verified email) change through many writers; one query per request
 * is the floor without giving that up (apps/api/bench/README.md).
 */

import type { SessionUser } from '@sfr/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { activeSubscriptionExists } from '../billing/entitlements.js';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { generateToken, hashToken, secretsEqual, TOKEN_PATTERN } from './tokens.js';
import { sessionUserColumns, toSessionUser } from './users.js';

const HOUR_MS = 60 * 60 * 1_000;
export const SESSION_TTL_MS = 30 * 24 * HOUR_MS;
/** A session is refreshed when its last refresh is older than this. */
export const SESSION_REFRESH_AFTER_MS = HOUR_MS;

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** True when this validation moved the expiry: the cookie must be sent again with it. */
  refreshed: boolean;
  /** Whether the user had a subscription trialing or active, its period not ended, at this lookup. */
  subscribed: boolean;
}

export interface NewSession {
  /** For the cookie only; never stored. */
  token: string;
  session: Session;
}

/** `now` is injectable so the sliding rule can be unit-tested without waiting. */
export function sessionStore(db: Database, now: () => number = Date.now) {
  // Built on first use (stores made for one transaction never validate) and reused: every signed-in
  // request runs this query, and building it with Drizzle costs more than the SQL engine does.
  let lookup: ReturnType<typeof prepareLookup> | undefined;
  const prepareLookup = () =>
    db
      .select({
        id: sessions.id,
        expiresAt: sessions.expires_at,
        user: sessionUserColumns,
        subscribed: activeSubscriptionExists(users.id),
      })
      .from(sessions)
      .innerJoin(users, eq(sessions.user_id, users.id))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('session_lookup');

  return {
    /** Starts a session for the user and tidies away that user's expired ones. */
    async create(userId: string): Promise<NewSession> {
      const token = generateToken();
      const session: Session = {
        id: hashToken(token),
        userId,
        expiresAt: new Date(now() + SESSION_TTL_MS),
      };
      await db.insert(sessions).values({
        id: session.id,
        user_id: userId,
        expires_at: session.expiresAt,
        created_at: new Date(now()),
      });
      await db
        .delete(sessions)
        .where(and(eq(sessions.user_id, userId), lt(sessions.expires_at, new Date(now()))));
      return { token, session };
    },

    /**
     * The session and user for a cookie token, or null when the token is malformed, unknown or
     * expired (an expired session is deleted). One query: sessions by primary key joined to users,
     * with whether the user has an active subscription.
     */
    async validate(token: string): Promise<ValidatedSession | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const id = hashToken(token);
      lookup ??= prepareLookup();
      const [row] = await lookup.execute({ id });
      // the index found the row by hash; compare the secret-derived ids without an early exit anyway
      if (!row || !secretsEqual(row.id, id)) return null;
      const time = now();
      if (time >= row.expiresAt.getTime()) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      const session: Session = { id, userId: row.user.id, expiresAt: row.expiresAt };
      let refreshed = false;
      if (row.expiresAt.getTime() < time + SESSION_TTL_MS - SESSION_REFRESH_AFTER_MS) {
        session.expiresAt = new Date(time + SESSION_TTL_MS);
        await db.update(sessions).set({ expires_at: session.expiresAt }).where(eq(sessions.id, id));
        refreshed = true;
      }
      return { session, user: toSessionUser(row.user), refreshed, subscribed: row.subscribed === true };
    },

    /**
     * Whether the session began (a log-in, a sign-up, Google) less than `ms` ago: what a step that
     * cannot be undone asks of an account without a password to type.
     */
    async signedInWithin(sessionId: string, ms: number): Promise<boolean> {
      const [row] = await db
        .select({ createdAt: sessions.created_at })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row !== undefined && now() - row.createdAt.getTime() < ms;
    },

    /** Log out: ends one session. */
    async invalidate(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Log out everywhere, and after a password reset: ends every session of the user. */
    async invalidateAllForUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.user_id, userId));
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
