/**
 * The auth plugin: on every request it refuses state-changing requests from other sites, then reads
 * the session cookie and sets `request.user` / `request.session` (null when signed out). Registered
 * with `skip-override` (what fastify-plugin does) so its hooks and decorators reach every route.
 */

import type { SessionUser } from '@sfr/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { clearSessionCookie, SESSION_COOKIE, type SecureSetting, setSessionCookie } from './cookies.js';
import { crossSiteReason } from './cross-site.js';
import { AUTH_MESSAGES } from './messages.js';
import type { Session, SessionStore } from './sessions.js';

/** What a request's session lookup read about its user's subscription. */
export interface SubscriptionAtLookup {
  userId: string;
  active: boolean;
}

export type { SessionUser } from '@sfr/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set by the auth plugin before any handler runs. */
    user: SessionUser | null;
    session: Session | null;
    /**
     * Whether the signed-in user had a subscription trialing or active (period not ended), read with
     * the session at the start of this request; null when signed out. It names the user it is about,
     * so a sign-in later in the same request cannot borrow it (see entitlements.payFor).
     */
    subscriptionAtLookup: SubscriptionAtLookup | null;
  }
  interface FastifyContextConfig {
    /** Lets other sites POST here (payment webhooks): skips the cross-site check. */
    allowCrossSite?: boolean;
  }
}

export interface AuthPluginOptions {
  sessions: SessionStore;
  secureCookie: SecureSetting;
  /** CORS_ORIGINS: origins allowed to make state-changing requests besides the API's own host. */
  allowedOrigins: readonly string[];
}

/**
 * The signed-in user, or a 401 `UNAUTHENTICATED` (the web turns a 401 from the analyzer into the
 * 'Analyzer Access' popup).
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (request.user === null) throw new AppError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.unauthenticated);
  return request.user;
}

const plugin: FastifyPluginAsync<AuthPluginOptions> = async (
  app: FastifyInstance,
  { sessions, secureCookie, allowedOrigins },
) => {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('subscriptionAtLookup', null);

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.allowCrossSite !== true) {
      const reason = crossSiteReason({
        method: request.method,
        host: request.host,
        secFetchSite: header(request, 'sec-fetch-site'),
        origin: header(request, 'origin'),
        allowedOrigins,
      });
      if (reason !== null) {
        request.log.warn({ reason, url: request.url }, 'cross-site request refused');
        throw new AppError(403, 'CROSS_SITE_REQUEST', AUTH_MESSAGES.crossSite);
      }
    }

    const token = request.cookies[SESSION_COOKIE];
    if (token === undefined) return;
    const result = await sessions.validate(token);
    if (result === null) {
      clearSessionCookie(request, reply, secureCookie);
      return;
    }
    request.user = result.user;
    request.session = result.session;
    request.subscriptionAtLookup = { userId: result.user.id, active: result.subscribed };
    if (result.refreshed) setSessionCookie(request, reply, secureCookie, token, result.session.expiresAt);
  });
};

/** A header's value; a repeated one is joined, which no longer parses as an origin and is refused. */
function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

export const authPlugin = Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'sfr-auth',
});
