/**
 * The analysis routes' limit (issue 11 §2): per signed-in user and per client address, counted in
 * the database (src/http/rate-limit.ts). A person clicking through analyses never meets it; a
 * script hammering the providers does.
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { type Budget, type Charge, clientKey, limitHandler, MINUTE } from '../http/rate-limit.js';

const ANALYSIS_RATE_LIMIT_MESSAGE = 'Too many analyses in a short time. Please wait a minute and try again.';

export interface AnalysisBudgets {
  perUser: Budget;
  perIp: Budget;
}

/** The budgets for `perMinute` analyses a user may run (RATE_LIMIT_ANALYSES_PER_MINUTE). */
export function analysisBudgets(perMinute: number): AnalysisBudgets {
  // an office or a mobile carrier puts many people behind one address: twice the per-user budget
  return { perUser: { max: perMinute, windowMs: MINUTE }, perIp: { max: 2 * perMinute, windowMs: MINUTE } };
}

/** A preHandler spending one unit per client address and one per signed-in user. */
export function analysisLimit(app: FastifyInstance, budgets: AnalysisBudgets): preHandlerAsyncHookHandler {
  return limitHandler(
    app,
    (request) => {
      const charges: Charge[] = [
        { bucket: 'analysis:ip', key: clientKey(request.ip), budget: budgets.perIp },
      ];
      if (request.user)
        charges.push({ bucket: 'analysis:user', key: request.user.id, budget: budgets.perUser });
      return charges;
    },
    ANALYSIS_RATE_LIMIT_MESSAGE,
  );
}
