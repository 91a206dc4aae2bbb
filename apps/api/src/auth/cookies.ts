/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs),
 * Path=/, and Secure when the request came over HTTPS or SESSION_COOKIE_SECURE=true.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sfr_session';

export type SecureSetting = 'auto' | 'true' | 'false';

/** `auto` trusts `request.protocol`, which honours X-Forwarded-Proto (the app sets trustProxy). */
export function isSecure(request: FastifyRequest, setting: SecureSetting): boolean {
  if (setting === 'auto') return request.protocol === 'https';
  return setting === 'true';
}

export function cookieOptions(request: FastifyRequest, setting: SecureSetting): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecure(request, setting) };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  setting: SecureSetting,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request, setting), expires: expiresAt });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  setting: SecureSetting,
): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request, setting));
}
