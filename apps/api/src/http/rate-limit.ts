/**
 * Rate limits kept in the database, so every API process on one Postgres counts against the same
 * budgets (an in-memory counter per process would multiply them by the number of processes).
 *
 * A budget allows `max` requests per fixed window of `windowMs`. A request spends one unit of
 * each budget that applies to it in one statement: an atomic upsert per (bucket, key, window)
 * that returns the new counts, so two processes racing on one counter never both see the last unit.
 * Windows are aligned on the epoch, so every process agrees where one starts.
 */

import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../db/client.js';
import { rateLimitCounters } from '../db/schema.js';
import { AppError } from '../errors.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface Budget {
  max: number;
  windowMs: number;
}

/** One unit of one budget: `bucket` names the budget ('logIn:ip'), `key` the client it counts. */
export interface Charge {
  bucket: string;
  key: string;
  budget: Budget;
}

export type SpendResult = { allowed: true } | { allowed: false; bucket: string; retryAfterSeconds: number };

export interface RateLimiter {
  /** Spends one unit of every charge (all of them, even when one is already over). */
  spend(charges: readonly Charge[]): Promise<SpendResult>;
  /** Gives back the unit `spend` took in the current window (a successful log-in costs no budget). */
  refund(charges: readonly Charge[]): Promise<void>;
  /** Deletes the counters of windows that have ended; returns how many. */
  sweep(): Promise<number>;
}

export function createRateLimiter(db: Database, now: () => number = Date.now): RateLimiter {
  // Prepared once per number of charges (one to three: analyses and log-ins): built by Drizzle on
  // every request, this upsert cost ~300 µs more CPU a spend, and Postgres planned it each time.
  const spendQueries = new Map<number, ReturnType<typeof prepareSpend>>();
  const spendQuery = (charges: number) => {
    let query = spendQueries.get(charges);
    if (!query) {
      query = prepareSpend(db, charges);
      spendQueries.set(charges, query);
    }
    return query;
  };

  return {
    async spend(charges) {
      if (charges.length === 0) return { allowed: true };
      const at = now();
      const params: Record<string, string | number> = {};
      charges.forEach(({ bucket, key, budget }, i) => {
        const windowStart = Math.floor(at / budget.windowMs) * budget.windowMs;
        params[`bucket${i}`] = bucket;
        params[`key${i}`] = key;
        params[`start${i}`] = windowStart;
        params[`end${i}`] = windowStart + budget.windowMs;
      });
      const counted = await spendQuery(charges.length).execute(params);
      let refused: SpendResult = { allowed: true };
      for (const row of counted) {
        const charge = charges.find((c) => c.bucket === row.bucket && c.key === row.key);
        if (!charge || row.count <= charge.budget.max) continue;
        const retryAfterSeconds = Math.max(1, Math.ceil((row.window_end - at) / 1000));
        if (refused.allowed || retryAfterSeconds > refused.retryAfterSeconds) {
          refused = { allowed: false, bucket: row.bucket, retryAfterSeconds };
        }
      }
      return refused;
    },
    async refund(charges) {
      if (charges.length === 0) return;
      const at = now();
      await db
        .update(rateLimitCounters)
        .set({ count: sql`${rateLimitCounters.count} - 1` })
        .where(
          and(
            gt(rateLimitCounters.count, 0),
            or(
              ...charges.map(({ bucket, key, budget }) =>
                and(
                  eq(rateLimitCounters.bucket, bucket),
                  eq(rateLimitCounters.key, key),
                  eq(rateLimitCounters.window_start, Math.floor(at / budget.windowMs) * budget.windowMs),
                ),
              ),
            ),
          ),
        );
    },
    async sweep() {
      const deleted = await db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.window_end, now()))
        .returning({ bucket: rateLimitCounters.bucket });
      return deleted.length;
    },
  };
}

/** One unit of `charges` counters: an atomic upsert per (bucket, key, window) returning the new counts. */
function prepareSpend(db: Database, charges: number) {
  const rows = Array.from({ length: charges }, (_, i) => ({
    bucket: sql.placeholder(`bucket${i}`),
    key: sql.placeholder(`key${i}`),
    window_start: sql.placeholder(`start${i}`),
    window_end: sql.placeholder(`end${i}`),
    count: 1,
  }));
  return db
    .insert(rateLimitCounters)
    .values(rows)
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.key, rateLimitCounters.window_start],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({
      bucket: rateLimitCounters.bucket,
      key: rateLimitCounters.key,
      count: rateLimitCounters.count,
      window_end: rateLimitCounters.window_end,
    })
    .prepare(`rate_limit_spend_${charges}`);
}

/**
 * The key for a client address: IPv4 as is, IPv6 per /64 (one household or host usually holds a
 * whole /64, so counting single addresses would let it rotate through billions).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Throws 429 `RATE_LIMITED` with Retry-After when any charge is over its budget. */
export async function enforce(
  limiter: RateLimiter,
  charges: readonly Charge[],
  request: FastifyRequest,
  reply: { header(name: string, value: number): unknown },
  message: string,
): Promise<void> {
  const result = await limiter.spend(charges);
  if (result.allowed) return;
  reply.header('retry-after', result.retryAfterSeconds);
  request.log.warn({ limit: result.bucket }, 'rate limit reached');
  throw new AppError(429, 'RATE_LIMITED', message);
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * Registers the shared limiter on `app` (`app.rateLimiter`) and a periodic sweep of ended windows.
 * Each limited route names its charges in a preHandler (`limitHandler`), which runs after the body
 * is validated: a malformed request costs the providers nothing and spends no budget.
 */
export function registerRateLimits(app: FastifyInstance, { db }: { db: Database }): void {
  const limiter = createRateLimiter(db);
  app.decorate('rateLimiter', limiter);
  const sweepEvery = 5 * MINUTE;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      limiter.sweep().catch((err: unknown) => app.log.warn({ err }, 'rate-limit sweep failed'));
    }, sweepEvery);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** A preHandler spending the charges `chargesOf` names for the request (validated by then). */
export function limitHandler(
  app: FastifyInstance,
  chargesOf: (request: FastifyRequest) => Charge[],
  message: string,
): preHandlerAsyncHookHandler {
  return async (request, reply) => enforce(app.rateLimiter, chargesOf(request), request, reply, message);
}
