/**
 * The account flows: sign up, log in, verify email, password reset and Google sign-in. Routes turn
 * HTTP into calls here and set cookies; the rules (messages, one-time tokens, which sessions end)
 * live here. Failures users should see are `AppError`s with the product spec's messages.
 */

import type { SessionUser } from '@sfr/contracts';
import {
  DELETE_EMAIL_MISMATCH,
  DELETE_PASSWORD_MISSING,
  DELETE_PASSWORD_WRONG,
  DELETE_REAUTH_MINUTES,
  DELETE_REAUTH_REQUIRED,
  MESSAGES,
  newPasswordProblem,
} from '@sfr/contracts';
import { hasRenewingSubscription } from '../billing/live-subscription.js';
import type { Database } from '../db/client.js';
import type { Mail, Mailer } from '../email/mailer.js';
import { passwordResetEmail, verificationEmail } from '../email/templates.js';
import { AppError } from '../errors.js';
import type { GoogleProfile } from './google.js';
import { AUTH_MESSAGES } from './messages.js';
import { hashPassword, verifyPassword } from './password.js';
import { type NewSession, type Session, type SessionStore, sessionStore } from './sessions.js';
import { type TokenPurpose, userTokensRepository } from './user-tokens.js';
import { isUniqueViolation, type UserWithSecrets, usersRepository } from './users.js';

export interface AuthServiceOptions {
  db: Database;
  sessions: SessionStore;
  mailer: Mailer;
  /** Public base URL of the web app, for links in emails. */
  appUrl: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface SignedIn {
  user: SessionUser;
  session: NewSession;
}

export interface SignUpInput {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** A new password that will not do (`newPasswordProblem`): a 400 on the password field. */
function checkNewPassword(password: string): void {
  const problem = newPasswordProblem(password);
  if (problem !== null) throw new AppError(400, 'WEAK_PASSWORD', problem, { password: problem });
}

const emailInUse = () =>
  new AppError(409, 'EMAIL_IN_USE', MESSAGES.emailInUse, { email: MESSAGES.emailInUse });
const invalidLink = () => new AppError(400, 'INVALID_TOKEN', AUTH_MESSAGES.invalidLink);

/** Google sign-in could not finish; the reason is logged, the browser only learns that it failed. */
export class GoogleSignInError extends Error {
  override readonly name = 'GoogleSignInError';
}

/** The email links point at web pages that POST the token back to the API. */
const LINK_PATHS: Record<TokenPurpose, string> = {
  verify_email: '/verify-email',
  reset_password: '/reset-password',
};

export function createAuthService({ db, sessions, mailer, appUrl, log }: AuthServiceOptions) {
  const users = usersRepository(db);
  const tokens = userTokensRepository(db);

  const link = (purpose: TokenPurpose, token: string) =>
    `${appUrl}${LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}`;

  /**
   * Sends without failing the caller: the account change already happened, and a reset request must
   * answer the same whether or not mail went out (or the answer would tell whether the email exists).
   */
  async function sendQuietly(mail: Mail): Promise<boolean> {
    try {
      await mailer.send(mail);
      return true;
    } catch (error) {
      log.error({ err: error, subject: mail.subject }, 'email could not be sent');
      return false;
    }
  }

  async function sendVerification(user: SessionUser): Promise<void> {
    const token = await tokens.issue(user.id, 'verify_email');
    await sendQuietly(verificationEmail(user.email, user.firstname, link('verify_email', token)));
  }

  return {
    /** Creates the user (the spec's record and defaults), signs them in and sends the verification email. */
    async signUp(input: SignUpInput): Promise<SignedIn> {
      checkNewPassword(input.password);
      if (await users.findByEmail(input.email)) throw emailInUse();
      const passwordHash = await hashPassword(input.password);
      let user: SessionUser;
      try {
        user = await users.insert({
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          passwordHash,
          emailVerified: false,
          googleId: null,
        });
      } catch (error) {
        // two sign-ups with one email at once: the unique index on lower(email) decides
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      const session = await sessions.create(user.id);
      await sendVerification(user);
      return { user, session };
    },

    /**
     * An unknown email is answered 'User not found, please Sign Up' (the product spec's message, so
     * this does tell whether an account exists; the per-IP and per-email rate limits bound how fast
     * anyone can ask). A wrong password, or an account without one (Google only), is
     * 'Error logging in. Please try again.'
     */
    async logIn(email: string, password: string): Promise<SignedIn> {
      const found = await users.findByEmail(email);
      if (!found) throw new AppError(401, 'USER_NOT_FOUND', MESSAGES.userNotFound);
      const ok = found.passwordHash !== null && (await verifyPassword(found.passwordHash, password));
      if (!ok) throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.loginError);
      return { user: found.user, session: await sessions.create(found.user.id) };
    },

    /**
     * Deletes the signed-in user's account and everything in it, once the user has typed its email
     * (a slip of the finger is not enough) and proved it is the owner, not someone at a browser left
     * signed in: the password, or for a Google-only account a sign-in in the last few minutes. A
     * wrong password is a 400 with the field's message, not a 401 (the session stays). A subscription
     * that still renews must be cancelled first: the account is where it is managed, and a deleted
     * account could not stop the charges.
     */
    async deleteAccount(
      user: SessionUser,
      session: Session | null,
      confirm: { email: string; password?: string | undefined },
    ): Promise<void> {
      if (confirm.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError(400, 'VALIDATION_FAILED', DELETE_EMAIL_MISMATCH, { email: DELETE_EMAIL_MISMATCH });
      }
      const found = await users.findByEmail(user.email);
      if (found?.passwordHash) {
        if (!confirm.password) {
          throw new AppError(400, 'VALIDATION_FAILED', DELETE_PASSWORD_MISSING, {
            password: DELETE_PASSWORD_MISSING,
          });
        }
        if (!(await verifyPassword(found.passwordHash, confirm.password))) {
          throw new AppError(400, 'INVALID_CREDENTIALS', DELETE_PASSWORD_WRONG, {
            password: DELETE_PASSWORD_WRONG,
          });
        }
      } else if (!(session && (await sessions.signedInWithin(session.id, DELETE_REAUTH_MINUTES * 60_000)))) {
        throw new AppError(403, 'REAUTH_REQUIRED', DELETE_REAUTH_REQUIRED);
      }
      const removed = await users.remove(user.id, user.email, (tx) => hasRenewingSubscription(tx, user.id));
      if (!removed) throw new AppError(409, 'SUBSCRIPTION_RENEWS', AUTH_MESSAGES.deleteWhileRenewing);
      log.info({ userId: user.id }, 'account deleted by its user');
    },

    /** A new verification link for a signed-in user whose email is not verified yet; false when it is. */
    async resendVerification(user: SessionUser): Promise<boolean> {
      if (user.emailVerified) return false;
      await sendVerification(user);
      return true;
    },

    /** Uses a verification token (once) and marks the user's email verified; the user's id. */
    async verifyEmail(token: string): Promise<string> {
      const userId = await db.transaction(async (tx) => {
        const id = await userTokensRepository(tx).consume(token, 'verify_email');
        if (id !== null) await usersRepository(tx).markEmailVerified(id);
        return id;
      });
      if (userId === null) throw invalidLink();
      return userId;
    },

    /** Emails a one-hour reset link if the account exists; says nothing either way. */
    async requestPasswordReset(email: string): Promise<void> {
      const found = await users.findByEmail(email);
      if (!found) {
        log.info({}, 'password reset requested for an email without an account');
        return;
      }
      const token = await tokens.issue(found.user.id, 'reset_password');
      await sendQuietly(
        passwordResetEmail(found.user.email, found.user.firstname, link('reset_password', token)),
      );
    },

    /**
     * Sets a new password with a one-time token, then ends every session of the user (anyone who
     * knew the old password is signed out) and signs this browser in. The token, the user's other
     * reset links and the sessions change in one transaction. Receiving the link proves the mailbox,
     * so the email counts as verified.
     */
    async resetPassword(token: string, password: string): Promise<SignedIn> {
      checkNewPassword(password);
      // a cheap check first, so a bad link costs no argon2 work; `consume` below is the real test
      if ((await tokens.peek(token, 'reset_password')) === null) throw invalidLink();
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const id = await userTokensRepository(tx).consume(token, 'reset_password');
        if (id === null) return null;
        const txUsers = usersRepository(tx);
        await txUsers.setPasswordHash(id, passwordHash);
        await txUsers.markEmailVerified(id);
        await userTokensRepository(tx).retireAll(id, 'reset_password');
        await sessionStore(tx).invalidateAllForUser(id);
        return id;
      });
      if (userId === null) throw invalidLink();
      const user = await users.findById(userId);
      if (!user) throw invalidLink();
      return { user, session: await sessions.create(user.id) };
    },

    /**
     * Signs in with a Google profile: the user linked to that Google account; else the user with the
     * same email, linked now if Google has verified the email; else a new user record. When an
     * account whose email was never verified is linked, its password is removed and its sessions
     * end: whoever registered it without owning the mailbox loses access (account pre-hijacking).
     */
    async signInWithGoogle(profile: GoogleProfile): Promise<SignedIn> {
      const user = await findOrCreateGoogleUser(profile);
      return { user, session: await sessions.create(user.id) };
    },
  };

  async function findOrCreateGoogleUser(profile: GoogleProfile): Promise<SessionUser> {
    const linked = await users.findByGoogleId(profile.sub);
    if (linked) return linked.user;
    const byEmail = await users.findByEmail(profile.email);
    if (byEmail) return linkGoogle(byEmail, profile);
    try {
      return await users.insert({
        firstname: profile.givenName ?? profile.name ?? profile.email.split('@')[0] ?? 'Investor',
        lastname: profile.familyName ?? '',
        displayName: profile.name ?? undefined,
        email: profile.email,
        passwordHash: null,
        emailVerified: profile.emailVerified,
        googleId: profile.sub,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // the same person finished a second sign-in at the same moment: use what it created
      const raced = await users.findByGoogleId(profile.sub);
      if (raced) return raced.user;
      throw new GoogleSignInError('the email was taken while signing in', { cause: error });
    }
  }

  async function linkGoogle(existing: UserWithSecrets, profile: GoogleProfile): Promise<SessionUser> {
    if (!profile.emailVerified) {
      throw new GoogleSignInError('an account has this email and Google has not verified it');
    }
    if (existing.googleId !== null) {
      throw new GoogleSignInError('the account with this email is linked to another Google account');
    }
    const id = existing.user.id;
    await db.transaction(async (tx) => {
      const txUsers = usersRepository(tx);
      await txUsers.linkGoogle(id, profile.sub);
      if (!existing.user.emailVerified) {
        await txUsers.removePassword(id);
        await sessionStore(tx).invalidateAllForUser(id);
      }
    });
    return { ...existing.user, emailVerified: true };
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
