/**
 * The Content-Security-Policy the web app needs, on top of helmet's defaults (default-src 'self',
 * script-src 'self', object-src 'none', frame-ancestors 'self', …). Only what the app really loads
 * from elsewhere is added: Mapbox GL's tiles, styles and telemetry, its blob: web worker, and the
 * How to Use video player.
 */

const MAPBOX = 'https://*.mapbox.com';

/** Hosts whose embed players the How to Use page may frame (HOW_TO_VIDEO_URL normally points at one). */
export const VIDEO_FRAME_HOSTS = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://player.vimeo.com',
] as const;

export interface WebCspOptions {
  /** HOW_TO_VIDEO_URL: framing its origin is allowed even when it is not one of the usual players */
  howToVideoUrl?: string;
}

/** helmet's `contentSecurityPolicy` option; a directive set to null is dropped. */
export function webContentSecurityPolicy({ howToVideoUrl }: WebCspOptions = {}) {
  const videoOrigin = howToVideoUrl ? new URL(howToVideoUrl).origin : undefined;
  const frameHosts: string[] = [...VIDEO_FRAME_HOSTS];
  if (videoOrigin && !frameHosts.includes(videoOrigin)) frameHosts.push(videoOrigin);
  return {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:', MAPBOX],
      'connect-src': ["'self'", MAPBOX, 'https://events.mapbox.com'],
      // mapbox-gl starts its worker from a blob: URL; child-src for browsers without worker-src
      'worker-src': ["'self'", 'blob:'],
      'child-src': ["'self'", 'blob:'],
      'frame-src': frameHosts,
      // The app is often reached over plain http on a LAN address (docker compose, a VM); upgrading
      // its own same-origin requests to https there would break every script. HTTPS deployments get
      // HSTS from helmet instead.
      'upgrade-insecure-requests': null,
    },
  };
}
