import { describe, expect, it } from 'vitest';
import { type CrossSiteInput, crossSiteReason } from './cross-site.js';

const base: CrossSiteInput = {
  method: 'POST',
  host: 'app.example',
  secFetchSite: undefined,
  origin: undefined,
  allowedOrigins: [],
};
const check = (over: Partial<CrossSiteInput>) => crossSiteReason({ ...base, ...over });

describe('crossSiteReason', () => {
  it('re-asserts the JSDoc examples', () => {
    expect(check({ secFetchSite: 'cross-site' })).toBe('Sec-Fetch-Site: cross-site');
    expect(check({ origin: 'https://app.example' })).toBeNull();
  });

  it('only looks at state-changing methods', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(check({ method, secFetchSite: 'cross-site', origin: 'https://evil.example' })).toBeNull();
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'delete']) {
      expect(check({ method, secFetchSite: 'cross-site' })).not.toBeNull();
    }
  });

  it('compares the Origin host with the request host, ports included', () => {
    expect(check({ origin: 'https://evil.example' })).toMatch(/is not app\.example/);
    expect(check({ origin: 'https://app.example:8443' })).not.toBeNull();
    expect(check({ origin: 'https://APP.example/' })).toBeNull();
    expect(check({ origin: 'https://app.example', host: 'app.example:443' })).toBeNull();
    expect(check({ origin: 'http://localhost:5173', host: 'localhost:3000' })).not.toBeNull();
  });

  it("refuses origins that are not URLs, such as 'null'", () => {
    expect(check({ origin: 'null' })).not.toBeNull();
    expect(check({ origin: 'https://a.example, https://app.example' })).not.toBeNull();
  });

  it('lets through allowed origins even though the browser calls them cross-site', () => {
    expect(
      check({
        origin: 'http://localhost:5173',
        secFetchSite: 'cross-site',
        allowedOrigins: ['http://localhost:5173/'],
      }),
    ).toBeNull();
  });

  it('lets through requests without either header, and same-origin or same-site ones', () => {
    expect(check({})).toBeNull();
    expect(check({ secFetchSite: 'same-origin' })).toBeNull();
    expect(check({ secFetchSite: 'same-site' })).toBeNull();
    expect(check({ secFetchSite: 'none' })).toBeNull();
  });
});
