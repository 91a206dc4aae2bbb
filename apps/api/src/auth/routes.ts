/**
 * /api/auth: accounts and sessions. Handlers translate HTTP to the auth service and set or clear
 * the session cookie; every body and response is declared with zod, errors use the one error shape.
 */
import {
  apiErrorSchema,
  deleteAccountBodySchema,
  GOOGLE_RETURN_PAGES,
  googleCallbackQuerySchema,
  googleStartQuerySchema,
  logInBodySchema,
  MESSAGES,
  okResponseSchema,
  resetConfirmBodySchema,
  resetRequestBodySchema,
  sessionResponseSchema,
  signUpBodySchema,
  userResponseSchema,
  verifyEmailBodySchema,
} from '@sfr/contracts';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { clearSessionCookie, cookieOptions, type SecureSetting, setSessionCookie } from './cookies.js';
import { type GoogleOAuth, GoogleOAuthError } from './google.js';
import type { KnownAddresses } from './known-addresses.js';
import { AUTH_MESSAGES } from './messages.js';
import { requireUser } from './plugin.js';
import { AUTH_RATE_LIMITS, ipAndEmailLimit, ownerAwareLimit, refundAuthCharges } from './rate-limit.js';
import { type AuthService, GoogleSignInError, type SignedIn } from './service.js';
import type { SessionStore } from './sessions.js';
import { secretsEqual } from './tokens.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionStore;
  /** null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are not set */
  google: GoogleOAuth | null;
  secureCookie: SecureSetting;
  /** The web app's public URL: where Google sign-in sends the browser afterwards. */
  appUrl: string;
  /** where each user has signed in from: the owner is not locked out by strangers' guesses */
  known: KnownAddresses;
  /** whether mail reaches an inbox (false on a development server without an email server) */
  mailDelivered: boolean;
}

const GOOGLE_STATE_COOKIE = 'sfr_google_state';
const GOOGLE_VERIFIER_COOKIE = 'sfr_google_verifier';
const GOOGLE_RETURN_COOKIE = 'sfr_google_return';
/** The PKCE verifier and state only need to outlive one trip to Google's consent screen. */
const GOOGLE_COOKIE_MAX_AGE_SECONDS = 10 * 60;

const bodyEmail = (request: FastifyRequest): string => (request.body as { email: string }).email;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { auth, sessions, google, secureCookie, appUrl, known, mailDelivered } = options;

  /** Replaces whatever session the browser had with the new one and sets its cookie. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) {
    if (request.session) await sessions.invalidate(request.session.id);
    const { token, session } = signedIn.session;
    // where the owner signs in from: there strangers' guesses on the email cannot lock them out
    await known.remember(signedIn.user.id, request.ip);
    setSessionCookie(request, reply, secureCookie, token, session.expiresAt);
    request.user = signedIn.user;
    request.session = session;
  }

  const notConfigured = () => new AppError(404, 'GOOGLE_NOT_CONFIGURED', AUTH_MESSAGES.googleNotConfigured);

  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account, sign it in and send a verification email',
        body: signUpBodySchema,
        response: { 201: userResponseSchema, 409: apiErrorSchema, ...errors },
      },
      preHandler: ipAndEmailLimit(app, 'signUp', AUTH_RATE_LIMITS.signUp, bodyEmail),
    },
    async (request, reply) => {
      const signedIn = await auth.signUp(request.body);
      await startSession(request, reply, signedIn);
      return reply.status(201).send({ user: signedIn.user });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password',
        body: logInBodySchema,
        response: { 200: userResponseSchema, ...errors },
      },
      preHandler: ownerAwareLimit(app, 'logIn', AUTH_RATE_LIMITS.logIn, bodyEmail, known),
    },
    async (request, reply) => {
      const signedIn = await auth.logIn(request.body.email, request.body.password);
      await refundAuthCharges(app, request);
      await startSession(request, reply, signedIn);
      return { user: signedIn.user };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session (succeeds when already signed out)',
        response: { 200: okResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.session) await sessions.invalidate(request.session.id);
      clearSessionCookie(request, reply, secureCookie);
      return { ok: true as const, message: MESSAGES.signOutSuccess };
    },
  );

  app.post(
    '/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of the signed-in user, on every device',
        response: { 200: okResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await sessions.invalidateAllForUser(user.id);
      clearSessionCookie(request, reply, secureCookie);
      return { ok: true as const, message: MESSAGES.signOutSuccess };
    },
  );

  app.post(
    '/delete-account',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Delete the signed-in user and everything saved in it (the body repeats its email, and its password where it has one; a Google-only account must have signed in within 10 minutes, else 403 REAUTH_REQUIRED); 409 while a subscription still renews',
        body: deleteAccountBodySchema,
        response: {
          200: okResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // the password is guessable here by whoever holds the session: as many tries as a log-in
      preHandler: ipAndEmailLimit(
        app,
        'deleteAccount',
        AUTH_RATE_LIMITS.deleteAccount,
        (request) => requireUser(request).email,
      ),
    },
    async (request, reply) => {
      await auth.deleteAccount(requireUser(request), request.session, request.body);
      clearSessionCookie(request, reply, secureCookie);
      return { ok: true as const, message: AUTH_MESSAGES.accountDeleted };
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ user: requireUser(request) }),
  );

  app.get(
    '/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in: the user, or null for a guest (never a 401)',
        description:
          "The page's first question, asked while its code downloads: a guest is an answer, so a signed-out visit logs no failed request. `/me` is the same user, 401 for a guest.",
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => ({ user: request.user }),
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mark the email verified with the token from the verification email (once)',
        body: verifyEmailBodySchema,
        response: { 200: okResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const verified = await auth.verifyEmail(request.body.token);
      // a link opened in a browser signed in to another account verified that one, not this (QA)
      const other = request.user !== null && request.user.id !== verified;
      return {
        ok: true as const,
        message: other ? AUTH_MESSAGES.otherEmailVerified : AUTH_MESSAGES.emailVerified,
      };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the signed-in user a new verification email',
        response: { 200: okResponseSchema, ...errors },
      },
      // signed in first, so anonymous calls get their 401 and spend no one's budget
      preHandler: [
        async (request) => {
          requireUser(request);
        },
        ipAndEmailLimit(
          app,
          'verificationResend',
          AUTH_RATE_LIMITS.verificationResend,
          (request) => requireUser(request).email,
        ),
      ],
    },
    async (request) => {
      // said as it is: nothing goes to a verified address, and without a mailer the link goes to the log
      const sent = await auth.resendVerification(requireUser(request));
      if (!sent) {
        // nothing was sent, so nothing counts against the budget meant for sending (QA)
        await refundAuthCharges(app, request);
        return { ok: true as const, message: AUTH_MESSAGES.alreadyVerified };
      }
      return {
        ok: true as const,
        message: mailDelivered ? AUTH_MESSAGES.verificationSent : AUTH_MESSAGES.verificationLogged,
      };
    },
  );

  app.post(
    '/password-reset/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a one-hour reset link; the answer is the same whether or not the account exists',
        body: resetRequestBodySchema,
        response: { 200: okResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
      preHandler: ownerAwareLimit(app, 'passwordReset', AUTH_RATE_LIMITS.passwordReset, bodyEmail, known),
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.email);
      // the same answer for any email; where no mail goes out, it says where the link went
      return {
        ok: true as const,
        message: mailDelivered ? MESSAGES.passwordResetSent : MESSAGES.passwordResetLogged,
      };
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token; ends every other session and signs in',
        body: resetConfirmBodySchema,
        response: { 200: userResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const signedIn = await auth.resetPassword(request.body.token, request.body.password);
      await startSession(request, reply, signedIn);
      return { user: signedIn.user };
    },
  );

  app.get(
    '/google/start',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Redirect to Google's consent screen (OAuth 2.0 with PKCE); `return_to=/profile` comes back to the profile",
        querystring: googleStartQuerySchema,
        response: { 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const cookie = {
        ...cookieOptions(request, secureCookie),
        path: '/api/auth/google',
        maxAge: GOOGLE_COOKIE_MAX_AGE_SECONDS,
      };
      reply.setCookie(GOOGLE_STATE_COOKIE, state, cookie);
      reply.setCookie(GOOGLE_VERIFIER_COOKIE, codeVerifier, cookie);
      if (request.query.return_to) reply.setCookie(GOOGLE_RETURN_COOKIE, request.query.return_to, cookie);
      else reply.clearCookie(GOOGLE_RETURN_COOKIE, cookie);
      return reply.redirect(google.authorizationUrl(state, codeVerifier).toString());
    },
  );

  app.get(
    '/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where Google returns: signs in (creating the user when absent) and redirects to the app',
        querystring: googleCallbackQuerySchema,
        response: { 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!google) throw notConfigured();
      const { code, state, error } = request.query;
      const storedState = request.cookies[GOOGLE_STATE_COOKIE];
      const codeVerifier = request.cookies[GOOGLE_VERIFIER_COOKIE];
      const cookie = { ...cookieOptions(request, secureCookie), path: '/api/auth/google' };
      reply.clearCookie(GOOGLE_STATE_COOKIE, cookie);
      reply.clearCookie(GOOGLE_VERIFIER_COOKIE, cookie);
      reply.clearCookie(GOOGLE_RETURN_COOKIE, cookie);
      const returnPage = GOOGLE_RETURN_PAGES.find((page) => page === request.cookies[GOOGLE_RETURN_COOKIE]);

      // the product spec only logs Google sign-in failures; the web shows its login page
      const fail = (reason: string, err?: unknown) => {
        request.log.warn({ reason, err }, 'Google sign-in failed');
        return reply.redirect(`${appUrl}/login?error=google`);
      };
      if (error !== undefined) return fail(`Google answered error=${error}`);
      if (
        code === undefined ||
        state === undefined ||
        storedState === undefined ||
        codeVerifier === undefined
      ) {
        return fail('code, state or the sign-in cookies are missing');
      }
      if (!secretsEqual(state, storedState)) return fail('state does not match the cookie');

      let signedIn: SignedIn;
      try {
        signedIn = await auth.signInWithGoogle(await google.exchange(code, codeVerifier));
      } catch (err) {
        // Google said no or an account conflict: expected, logged. Anything else is a 500.
        if (err instanceof GoogleOAuthError || err instanceof GoogleSignInError)
          return fail(err.message, err);
        throw err;
      }
      await startSession(request, reply, signedIn);
      return reply.redirect(`${appUrl}${returnPage ?? '/'}`);
    },
  );
};
