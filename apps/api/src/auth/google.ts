/**
 * Google sign-in (OAuth 2.0 authorization code flow with PKCE) behind a small interface.
 *
 * arctic's `Google` class is a thin wrapper around its `OAuth2Client` with Google's URLs fixed in
 * the code, so it cannot be pointed at a local stand-in. The adapter below uses `OAuth2Client`
 * itself with Google's documented endpoints from the config (same requests, same PKCE S256), which
 * lets the tests run the whole callback against a local server answering Google's JSON.
 */
import { ArcticFetchError, CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from 'arctic';
import { z } from 'zod';
import type { Config } from '../config.js';

/** What we keep from Google's OpenID Connect userinfo response. */
export interface GoogleProfile {
  /** Google's stable account id */
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

export interface GoogleOAuth {
  /** Where to send the browser; `state` and `codeVerifier` must come back via cookies. */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the authorization code (with the PKCE verifier) and reads the user's profile. */
  exchange(code: string, codeVerifier: string): Promise<GoogleProfile>;
}

export class GoogleOAuthError extends Error {
  override readonly name = 'GoogleOAuthError';
}

export interface GoogleOAuthOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  timeoutMs: number;
}

/** https://developers.google.com/identity/openid-connect/openid-connect#obtaininguserprofileinformation */
const userinfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

const SCOPES = ['openid', 'email', 'profile'];

export function arcticGoogle(options: GoogleOAuthOptions): GoogleOAuth {
  const client = new OAuth2Client(options.clientId, options.clientSecret, options.redirectUri);
  return {
    authorizationUrl(state, codeVerifier) {
      return client.createAuthorizationURLWithPKCE(
        options.authorizationUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      );
    },

    async exchange(code, codeVerifier) {
      let accessToken: string;
      try {
        // arctic's fetch takes no signal; bound the wait so a stuck Google cannot hold the request
        const tokens = await withTimeout(
          client.validateAuthorizationCode(options.tokenUrl, code, codeVerifier),
          options.timeoutMs,
        );
        accessToken = tokens.accessToken();
      } catch (error) {
        if (error instanceof OAuth2RequestError) {
          throw new GoogleOAuthError(`Google refused the authorization code: ${error.code}`, {
            cause: error,
          });
        }
        if (error instanceof ArcticFetchError) {
          throw new GoogleOAuthError('Could not reach Google’s token endpoint', { cause: error });
        }
        throw new GoogleOAuthError('Unexpected answer from Google’s token endpoint', { cause: error });
      }
      const response = await fetch(options.userinfoUrl, {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      }).catch((error: unknown) => {
        throw new GoogleOAuthError('Could not reach Google’s userinfo endpoint', { cause: error });
      });
      if (!response.ok) throw new GoogleOAuthError(`Google userinfo answered ${response.status}`);
      const parsed = userinfoSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new GoogleOAuthError('Google userinfo did not have the expected shape');
      const info = parsed.data;
      return {
        sub: info.sub,
        email: info.email,
        emailVerified: info.email_verified === true,
        givenName: info.given_name?.trim() || null,
        familyName: info.family_name?.trim() || null,
        name: info.name?.trim() || null,
      };
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Google sign-in when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; else null (the button is hidden). */
export function googleFromConfig(config: Config): GoogleOAuth | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return arcticGoogle({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: config.GOOGLE_REDIRECT_URI ?? `${config.APP_URL}/api/auth/google/callback`,
    authorizationUrl: config.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: config.GOOGLE_TOKEN_URL,
    userinfoUrl: config.GOOGLE_USERINFO_URL,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}
