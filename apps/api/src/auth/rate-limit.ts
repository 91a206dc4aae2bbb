/**
 * Rate limits for the routes an attacker would hammer (sign-up, log-in, password reset, verification
 * resend). Three budgets each, counted in the database (src/http/rate-limit.ts) so every API process
 * shares them:
 *
 * - per (email, client address): tight; the one a guesser meets first;
 * - per client address: many emails from one address;
 * - per email, much higher: many addresses against one account. It does not apply where the owner
 *   signed in before (known-addresses.ts), so strangers spending it cannot lock the owner out, and a
 *   successful log-in gives its units back (only failures count).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  type Budget,
  type Charge,
  clientKey,
  enforce,
  HOUR,
  limitHandler,
  MINUTE,
} from '../http/rate-limit.js';
import type { KnownAddresses } from './known-addresses.js';
import { AUTH_MESSAGES } from './messages.js';

export interface AuthBudgets {
  perEmailAndIp: Budget;
  perIp: Budget;
  perEmail: Budget;
}

/** The limits, in one place. Log-in allows a few typos; reset and sign-up send email, so less. */
export const AUTH_RATE_LIMITS = {
  signUp: {
    perEmailAndIp: { max: 5, windowMs: HOUR },
    perIp: { max: 10, windowMs: HOUR },
    perEmail: { max: 20, windowMs: HOUR },
  },
  logIn: {
    perEmailAndIp: { max: 5, windowMs: 15 * MINUTE },
    perIp: { max: 30, windowMs: 15 * MINUTE },
    perEmail: { max: 100, windowMs: 15 * MINUTE },
  },
  passwordReset: {
    perEmailAndIp: { max: 3, windowMs: HOUR },
    perIp: { max: 5, windowMs: 15 * MINUTE },
    perEmail: { max: 10, windowMs: HOUR },
  },
  /** deleting the account checks its password: a session's holder guessing it gets log-in's tries */
  deleteAccount: {
    perEmailAndIp: { max: 5, windowMs: 15 * MINUTE },
    perIp: { max: 30, windowMs: 15 * MINUTE },
    perEmail: { max: 10, windowMs: HOUR },
  },
  verificationResend: {
    perEmailAndIp: { max: 3, windowMs: HOUR },
    perIp: { max: 10, windowMs: HOUR },
    perEmail: { max: 10, windowMs: HOUR },
  },
} as const satisfies Record<string, AuthBudgets>;

/** The three charges one attempt at `name` spends. */
export function authCharges(name: string, budgets: AuthBudgets, email: string, ip: string): Charge[] {
  const address = clientKey(ip);
  const account = email.trim().toLowerCase();
  return [
    { bucket: `${name}:emailIp`, key: `${account} ${address}`, budget: budgets.perEmailAndIp },
    { bucket: `${name}:ip`, key: address, budget: budgets.perIp },
    { bucket: `${name}:email`, key: account, budget: budgets.perEmail },
  ];
}

/** What each request's auth limit spent, for `refundAuthCharges`. */
const spentBy = new WeakMap<FastifyRequest, Charge[]>();

/**
 * A preHandler spending one unit of each budget, refusing with 429 `RATE_LIMITED` (and Retry-After)
 * when any is used up. `emailOf` reads the validated request.
 */
export function ipAndEmailLimit(
  app: FastifyInstance,
  name: string,
  budgets: AuthBudgets,
  emailOf: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  return limitHandler(
    app,
    (request) => {
      const charges = authCharges(name, budgets, emailOf(request), request.ip);
      spentBy.set(request, charges);
      return charges;
    },
    AUTH_MESSAGES.rateLimited,
  );
}

/**
 * ipAndEmailLimit that leaves out the per-email budget where the account's owner has signed in
 * before: a stranger's guesses from elsewhere spend the email's budget, the owner's own address
 * keeps working (its own (email, address) and address budgets still apply).
 */
export function ownerAwareLimit(
  app: FastifyInstance,
  name: string,
  budgets: AuthBudgets,
  emailOf: (request: FastifyRequest) => string,
  known: KnownAddresses,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const email = emailOf(request);
    const all = authCharges(name, budgets, email, request.ip);
    const charges = (await known.isKnown(email, request.ip))
      ? all.filter((charge) => charge.bucket !== `${name}:email`)
      : all;
    spentBy.set(request, charges);
    await enforce(app.rateLimiter, charges, request, reply, AUTH_MESSAGES.rateLimited);
  };
}

/**
 * Gives back what the request's auth limit spent: a successful log-in is not a guess, and a resend
 * that sends nothing (the email is verified already) spends nothing.
 */
export async function refundAuthCharges(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const charges = spentBy.get(request);
  if (charges) await app.rateLimiter.refund(charges);
}
