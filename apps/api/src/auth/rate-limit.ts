/**
 * Rate limits for the routes an attacker would hammer (sign-up, log-in, password reset, verification
 * resend). Three budgets each, counted in the database (src/http/rate-limit.ts) so every API process
 * shares them:
 *
 * - per (email, client address): tight; the one a guesser meets first;
 * - per client address: many emails from one address;
 * - per email, much higher: many addresses against one account, without letting a stranger lock the
 *   owner out (five wrong passwords from elsewhere leave the owner's own (email, address) budget whole).
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Budget, type Charge, clientKey, HOUR, limitHandler, MINUTE } from '../http/rate-limit.js';
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
    (request) => authCharges(name, budgets, emailOf(request), request.ip),
    AUTH_MESSAGES.rateLimited,
  );
}
