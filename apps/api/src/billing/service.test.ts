import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './service.js';

describe('isSameOrigin', () => {
  it('accepts only pages of the app: same scheme, host and port', () => {
    const app = 'https://app.example';
    expect(isSameOrigin('https://app.example/profile', app)).toBe(true);
    expect(isSameOrigin('https://app.example:443/profile?x=1', app)).toBe(true);
    for (const url of [
      'http://app.example/profile',
      'https://app.example:8443/',
      'https://app.example.evil.com/',
      'https://evil.example/?https://app.example',
      'javascript:alert(1)',
      '//app.example/profile',
      '/profile',
    ]) {
      expect(isSameOrigin(url, app), url).toBe(false);
    }
  });
});
