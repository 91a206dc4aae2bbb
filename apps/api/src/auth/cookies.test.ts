import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cookieOptions, isSecure } from './cookies.js';

const over = (protocol: 'http' | 'https') => ({ protocol }) as FastifyRequest;

describe('session cookie options', () => {
  it('are HttpOnly, SameSite=Lax and site-wide', () => {
    expect(cookieOptions(over('http'), 'auto')).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: false,
    });
  });

  it('are Secure over HTTPS with auto, always with true, never with false', () => {
    expect(isSecure(over('https'), 'auto')).toBe(true);
    expect(isSecure(over('http'), 'auto')).toBe(false);
    expect(isSecure(over('http'), 'true')).toBe(true);
    expect(isSecure(over('https'), 'false')).toBe(false);
  });
});
