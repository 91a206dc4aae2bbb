/**
 * Rate limits for the routes an attacker would hammer (sign-up, log-in, password reset request):
 * one budget per client IP and one per email address, so neither many emails from one IP nor one
 * email from many IPs gets far. Counters live in the process (@fastify/rate-limit's LRU store):
 * enough for one API process; several processes would need a shared store (Redis).
 *
 * The route option `config.rateLimit` allows one limit per route, so the two are made with
 * `app.createRateLimit` and checked in a preHandler, after validation has made `body.email` sound.
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { AUTH_MESSAGES } from './messages.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Budget {
  max: number;
  /** milliseconds */
  timeWindow: number;
}

export interface IpAndEmailBudgets {
  perIp: Budget;
  perEmail: Budget;
}

/** The limits, in one place. Log-in allows a few typos; reset and sign-up send email, so less. */
export const AUTH_RATE_LIMITS = {
  signUp: { perIp: { max: 10, timeWindow: HOUR }, perEmail: { max: 5, timeWindow: HOUR } },
  logIn: { perIp: { max: 10, timeWindow: MINUTE }, perEmail: { max: 5, timeWindow: 15 * MINUTE } },
  passwordReset: { perIp: { max: 5, timeWindow: 15 * MINUTE }, perEmail: { max: 3, timeWindow: HOUR } },
  verificationResend: { perIp: { max: 10, timeWindow: HOUR }, perEmail: { max: 3, timeWindow: HOUR } },
} as const satisfies Record<string, IpAndEmailBudgets>;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A preHandler that spends one unit of the IP budget and one of the email budget, refusing with
 * 429 `RATE_LIMITED` (and Retry-After) when either is used up. `emailOf` reads the validated request.
 */
export function ipAndEmailLimit(
  app: FastifyInstance,
  name: string,
  budgets: IpAndEmailBudgets,
  emailOf: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  const perIp = app.createRateLimit({
    ...budgets.perIp,
    // IPv6 clients are counted per /64, as the plugin's default key does
    keyGenerator: (request) => `${name}:ip:${normalizeIP(request.ip)}`,
  });
  const perEmail = app.createRateLimit({
    ...budgets.perEmail,
    keyGenerator: (request) => `${name}:email:${emailOf(request).toLowerCase()}`,
  });
  return async (request, reply) => {
    for (const limiter of [perIp, perEmail]) await spend(limiter, request, reply);
  };
}

async function spend(
  limiter: Limiter,
  request: FastifyRequest,
  reply: { header(k: string, v: number): unknown },
) {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  // the key's first two parts name the budget ('logIn:email'); the rest is the client's IP or email
  request.log.warn({ limit: result.key.split(':').slice(0, 2).join(':') }, 'rate limit reached');
  throw new AppError(429, 'RATE_LIMITED', AUTH_MESSAGES.rateLimited);
}
