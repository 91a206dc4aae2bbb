/**
 * The users table as auth needs it. `db` may be a transaction. Emails are compared with
 * `lower(email) = lower($1)`, which the unique index `users_email_lower_idx` serves.
 */

import type { SessionUser } from '@sfr/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { generateId } from '../db/ids.js';
import { emailOutbox, users } from '../db/schema.js';

/** The columns a SessionUser is made of; shared with the session lookup's join. */
export const sessionUserColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  displayName: users.display_name,
  email: users.email,
  emailVerified: users.email_verified,
  subscriptionStatus: users.subscription_status,
  freeSearches: users.free_searches,
  subscriptionExpiration: users.subscription_expiration,
  autoRenewal: users.auto_renewal,
  isAdmin: users.is_admin,
  hasPassword: sql<boolean>`(${users.password_hash} is not null)`.mapWith(Boolean),
};

export interface SessionUserRow extends Omit<SessionUser, 'subscriptionExpiration'> {
  subscriptionExpiration: Date | null;
}

export const toSessionUser = (row: SessionUserRow): SessionUser => ({
  ...row,
  subscriptionExpiration: row.subscriptionExpiration?.toISOString() ?? null,
});

/** A user with what log-in and Google sign-in need besides the public record. */
export interface UserWithSecrets {
  user: SessionUser;
  passwordHash: string | null;
  googleId: string | null;
}

export interface NewUser {
  firstname: string;
  lastname: string;
  /** Default "First Last"; Google sign-in passes the name Google shows. */
  displayName?: string | undefined;
  email: string;
  passwordHash: string | null;
  emailVerified: boolean;
  googleId: string | null;
}

/** Postgres' unique_violation, as postgres-js and PGlite report it (possibly wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const withSecrets = {
  ...sessionUserColumns,
  passwordHash: users.password_hash,
  googleId: users.google_id,
};

type WithSecretsRow = SessionUserRow & { passwordHash: string | null; googleId: string | null };

const split = ({ passwordHash, googleId, ...row }: WithSecretsRow): UserWithSecrets => ({
  user: toSessionUser(row),
  passwordHash,
  googleId,
});

export function usersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserWithSecrets | null> {
      const [row] = await db
        .select(withSecrets)
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row ? split(row) : null;
    },

    async findByGoogleId(googleId: string): Promise<UserWithSecrets | null> {
      const [row] = await db.select(withSecrets).from(users).where(eq(users.google_id, googleId)).limit(1);
      return row ? split(row) : null;
    },

    async findById(id: string): Promise<SessionUser | null> {
      const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ? toSessionUser(row) : null;
    },

    /**
     * Inserts the spec's user record with its defaults (5 free searches, 'NOT PAID', …). Throws a
     * unique violation (see `isUniqueViolation`) when the email or Google id is taken.
     */
    async insert(user: NewUser): Promise<SessionUser> {
      const [row] = await db
        .insert(users)
        .values({
          id: generateId(),
          email: user.email,
          firstname: user.firstname,
          lastname: user.lastname,
          display_name: user.displayName ?? displayName(user.firstname, user.lastname),
          password_hash: user.passwordHash,
          email_verified: user.emailVerified,
          google_id: user.googleId,
        })
        .returning(sessionUserColumns);
      if (!row) throw new Error('insert into users returned no row');
      return toSessionUser(row);
    },

    async markEmailVerified(id: string): Promise<void> {
      await db.update(users).set({ email_verified: true, updated_at: sql`now()` }).where(eq(users.id, id));
    },

    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({ password_hash: passwordHash, updated_at: sql`now()` })
        .where(eq(users.id, id));
    },

    /** For an account taken over by Google sign-in before its email was ever verified. */
    async removePassword(id: string): Promise<void> {
      await db.update(users).set({ password_hash: null, updated_at: sql`now()` }).where(eq(users.id, id));
    },

    /**
     * Deletes the user and, by the foreign keys' cascades, its sessions, tokens, sign-in addresses,
     * subscriptions, analyses, saved properties, scenarios and share links, and the emails sent to
     * its address; its feedback stays, without a name (`set null`). `keep(tx)` runs first, on the
     * user's row locked (as billing's webhooks lock it), so nothing changes the user between the
     * check and the delete: true keeps the account, and `remove` answers false.
     */
    async remove(id: string, email: string, keep: (tx: Database) => Promise<boolean>): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
        if (await keep(tx)) return false;
        await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.to}) = lower(${email})`);
        await tx.delete(users).where(eq(users.id, id));
        return true;
      });
    },

    /** Links a Google account to an existing user whose email Google has verified. */
    async linkGoogle(id: string, googleId: string): Promise<void> {
      await db
        .update(users)
        .set({ google_id: googleId, email_verified: true, updated_at: sql`now()` })
        .where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;

/** The spec's displayName, set at sign-up: "First Last". */
export function displayName(firstname: string, lastname: string): string {
  return [firstname, lastname].filter(Boolean).join(' ');
}
