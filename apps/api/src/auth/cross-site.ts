/**
 * Refusing state-changing requests sent by another site (cross-site request forgery). Browsers say
 * where a request comes from in `Sec-Fetch-Site` (modern browsers) and `Origin` (all browsers on
 * POST); either one naming another site is enough to refuse. Requests with neither header are not
 * from a browser page (curl, server-to-server) and carry no ambient cookie risk, so they pass; the
 * SameSite=Lax session cookie is the second line of defence.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CrossSiteInput {
  method: string;
  /** The Host the request was sent to (X-Forwarded-Host behind a trusted proxy). */
  host: string;
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** CORS_ORIGINS: other origins this API deliberately serves (e.g. the Vite dev server). */
  allowedOrigins: readonly string[];
}

const normalizeOrigin = (origin: string): string => origin.trim().replace(/\/+$/, '').toLowerCase();

/**
 * Why a request must be refused, or null when it may proceed.
 *
 * @example crossSiteReason({ method: 'POST', host: 'app.example', secFetchSite: 'cross-site', origin: undefined, allowedOrigins: [] })
 *   === 'Sec-Fetch-Site: cross-site'
 * @example crossSiteReason({ method: 'POST', host: 'app.example', secFetchSite: undefined, origin: 'https://app.example', allowedOrigins: [] })
 *   === null
 */
export function crossSiteReason(input: CrossSiteInput): string | null {
  if (!STATE_CHANGING.has(input.method.toUpperCase())) return null;
  if (input.origin !== undefined) {
    const origin = normalizeOrigin(input.origin);
    if (input.allowedOrigins.some((allowed) => normalizeOrigin(allowed) === origin)) return null;
    // 'null' (sandboxed frames, cross-origin redirects) and garbage have no host to match
    const url = parseUrl(origin);
    if (url === null || url.host === '') return `Origin ${origin} is not a URL`;
    // read the Host with the origin's scheme so a default port written out ('x:443') still matches
    const requestHost = parseUrl(`${url.protocol}//${input.host}`)?.host;
    if (url.host !== requestHost) return `Origin ${origin} is not ${input.host}`;
  }
  if (input.secFetchSite?.toLowerCase() === 'cross-site') return 'Sec-Fetch-Site: cross-site';
  return null;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
