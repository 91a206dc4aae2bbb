/**
 * The shapes the account (auth) routes speak, shared by the API and the web's forms. The user is the product spec's user record (§3) in the API's
 * camelCase, plus the flags the web needs; it never carries a password hash or a Google id.
 */
import { MESSAGES } from './messages.js';
import { cleanString, forbiddenCharactersMessage } from './text.js';
import { z } from './zod.js';

/** Passwords: the spec's minimum (enforced with its own sentence) and a bound against hashing megabytes. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

export const BLANK_PASSWORD =
  'A password of spaces alone is too easy to guess: add letters, numbers or symbols.';

/**
 * What is wrong with a new password (sign-up, reset), as the API answers it and the form says it
 * before sending; null when it will do. Characters are counted as people count them (an emoji is
 * one). A log-in is not checked: a password set before a rule must still open its account.
 *
 * @example newPasswordProblem('12345') → 'Password should be at least 6 characters.'
 * @example newPasswordProblem('        ') → BLANK_PASSWORD
 */
export function newPasswordProblem(password: string): string | null {
  if (Array.from(password).length < PASSWORD_MIN_LENGTH) return MESSAGES.weakPassword;
  if (password.trim() === '') return BLANK_PASSWORD;
  return null;
}

export const sessionUserSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  displayName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  subscriptionStatus: z.string(),
  freeSearches: z.number().check(z.int()),
  /** ISO 8601, or null when there is no subscription */
  subscriptionExpiration: z.nullable(z.string()),
  autoRenewal: z.boolean(),
  isAdmin: z.boolean(),
  /** false for an account that signs in with Google only: it confirms a deletion by signing in again */
  hasPassword: z.boolean(),
});

/** The signed-in user as every route sees it (`request.user`). */
export type SessionUser = z.output<typeof sessionUserSchema>;

const EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Trimmed; compared case-insensitively everywhere (the users table has a unique index on lower(email)). */
export const emailSchema = z.pipe(
  z.string(EMAIL_MESSAGE).check(z.trim(), z.maxLength(254, EMAIL_MESSAGE)),
  z.email(EMAIL_MESSAGE),
);

/**
 * Only the upper bound lives in the schema: a too-short password is answered by the handler with the
 * spec's own sentence, 'Password should be at least 6 characters.', as the whole error message.
 */
export const passwordSchema = cleanString('Password', 'Password is required').check(
  z.maxLength(PASSWORD_MAX_LENGTH, `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`),
);

/**
 * What no one types in a name, and what misleads where it is shown: control characters (C0, DEL, C1:
 * an ESC colours a log line), the bidirectional marks, embeddings, overrides and isolates ("\u202Eevil"
 * shows as "live"), the zero-width space and the byte-order mark. The zero-width (non-)joiners
 * stay: some scripts and emoji need them.
 */
const INVISIBLE_OR_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
  /[\u0001-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;

const name = (label: string) =>
  cleanString(label, `${label} is required`).check(
    z.refine((text) => !INVISIBLE_OR_CONTROL.test(text), {
      error: forbiddenCharactersMessage(label),
      abort: true,
    }),
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(100, `${label} should be at most 100 characters.`),
  );

/** A form's body: a missing or non-object body is said in words, not as the schema's types. */
const formBody = <Shape extends z.core.$ZodShape>(shape: Shape) =>
  z.object(shape, 'Send the form as a JSON object of its fields.');

export const signUpBodySchema = formBody({
  firstname: name('First name'),
  lastname: name('Last name'),
  email: emailSchema,
  password: passwordSchema,
});

export const logInBodySchema = formBody({
  email: emailSchema,
  password: passwordSchema,
});

/** Tokens from email links: generous bounds, the lookup decides validity. */
const tokenSchema = cleanString('token', 'token is required').check(
  z.trim(),
  z.minLength(1, 'token is required'),
  z.maxLength(128, 'This link is not one we sent: its token is too long.'),
);

export const verifyEmailBodySchema = formBody({ token: tokenSchema });
export const resetRequestBodySchema = formBody({ email: emailSchema });
export const resetConfirmBodySchema = formBody({ token: tokenSchema, password: passwordSchema });

/**
 * Deleting the account: the user types its email address to confirm, and its password where the
 * account has one (a browser left signed in is not enough to delete everything).
 */
export const deleteAccountBodySchema = formBody({
  email: emailSchema,
  password: z.optional(passwordSchema),
});

/** The answer to a typed email that is not the account's own: the API's and the dialog's. */
export const DELETE_EMAIL_MISMATCH = 'Type the email address of this account to delete it.';
export const DELETE_PASSWORD_MISSING = 'Type your password to delete your account.';
export const DELETE_PASSWORD_WRONG = 'That is not the password of this account.';
/** How recent a Google-only account's sign-in must be for it to delete the account. */
export const DELETE_REAUTH_MINUTES = 10;
export const DELETE_REAUTH_REQUIRED = `Sign in with Google again to delete your account: your last sign-in here was more than ${DELETE_REAUTH_MINUTES} minutes ago.`;

export const userResponseSchema = z.object({ user: sessionUserSchema });
/** Who is signed in, if anyone: a guest is an answer (`user: null`), not an error. */
export const sessionResponseSchema = z.object({ user: z.nullable(sessionUserSchema) });
export const okResponseSchema = z.object({ ok: z.literal(true), message: z.optional(z.string()) });

/**
 * Where the browser lands after Google sign-in: the analyzer, or (`return_to=/profile`) back at the
 * profile, for a deletion that asked to sign in again. A fixed list: never a page named by a link.
 */
export const GOOGLE_RETURN_PAGES = ['/profile'] as const;
export const googleStartQuerySchema = z.object({ return_to: z.optional(z.enum(GOOGLE_RETURN_PAGES)) });

export const googleCallbackQuerySchema = z.object({
  code: z.optional(z.string().check(z.maxLength(4096))),
  state: z.optional(z.string().check(z.maxLength(512))),
  error: z.optional(z.string().check(z.maxLength(512))),
});
