/**
 * The shapes the account (auth) routes speak, shared by the API and the web's forms. The user is the product spec's user record (§3) in the API's
 * camelCase, plus the flags the web needs; it never carries a password hash or a Google id.
 */
import { cleanString } from './text.js';
import { z } from './zod.js';

/** Passwords: the spec's minimum (enforced with its own sentence) and a bound against hashing megabytes. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

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
});

/** The signed-in user as every route sees it (`request.user`). */
export type SessionUser = z.output<typeof sessionUserSchema>;

const EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Trimmed; compared case-insensitively everywhere (the users table has a unique index on lower(email)). */
export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(254, EMAIL_MESSAGE)),
  z.email(EMAIL_MESSAGE),
);

/**
 * Only the upper bound lives in the schema: a too-short password is answered by the handler with the
 * spec's own sentence, 'Password should be at least 6 characters.', as the whole error message.
 */
export const passwordSchema = cleanString('Password').check(
  z.maxLength(PASSWORD_MAX_LENGTH, `Password should be at most ${PASSWORD_MAX_LENGTH} characters.`),
);

const name = (label: string) =>
  cleanString(label).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(100, `${label} should be at most 100 characters.`),
  );

export const signUpBodySchema = z.object({
  firstname: name('First name'),
  lastname: name('Last name'),
  email: emailSchema,
  password: passwordSchema,
});

export const logInBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

/** Tokens from email links: generous bounds, the lookup decides validity. */
const tokenSchema = cleanString('token').check(
  z.trim(),
  z.minLength(1, 'token is required'),
  z.maxLength(128),
);

export const verifyEmailBodySchema = z.object({ token: tokenSchema });
export const resetRequestBodySchema = z.object({ email: emailSchema });
export const resetConfirmBodySchema = z.object({ token: tokenSchema, password: passwordSchema });

export const userResponseSchema = z.object({ user: sessionUserSchema });
export const okResponseSchema = z.object({ ok: z.literal(true), message: z.optional(z.string()) });

export const googleCallbackQuerySchema = z.object({
  code: z.optional(z.string().check(z.maxLength(4096))),
  state: z.optional(z.string().check(z.maxLength(512))),
  error: z.optional(z.string().check(z.maxLength(512))),
});
