/**
 * The Content-Security-Policy the web app needs, on top of helmet's defaults (default-src 'self',
 * script-src 'self', object-src 'none', frame-ancestors 'self', …). Only what the app really loads
 * from elsewhere is added: Mapbox GL's tiles, styles and telemetry, its blob: web worker, the
 * keyless map's tile server (MAP_TILE_URL) and the How to Use video player.
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
  /** MAP_TILE_URL: the keyless map loads its tiles from this template's origin */
  mapTileUrl?: string;
}

/** scheme, an optional leading {s} label, and a host free of placeholders */
const TILE_HOST = /^(https?):\/\/(\{s\}\.)?([^/{}?#]+)\//;

/**
 * The CSP source of an XYZ tile template ('https://tile.openstreetmap.org/{z}/{x}/{y}.png' →
 * 'https://tile.openstreetmap.org'; 'https://{s}.tile.example.org/…' → 'https://*.tile.example.org'),
 * or null when it is not an http(s) template with {z}, {x} and {y} ({s} only as the host's first label).
 */
export function tileTemplateSource(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((placeholder) => template.includes(placeholder))) return null;
  const match = TILE_HOST.exec(template);
  if (!match) return null;
  const [, scheme, subdomain, host] = match;
  let origin: URL;
  try {
    origin = new URL(`${scheme}://${host}/`);
  } catch {
    return null;
  }
  return `${origin.protocol}//${subdomain ? '*.' : ''}${origin.host}`;
}

/** helmet's `contentSecurityPolicy` option; a directive set to null is dropped. */
export function webContentSecurityPolicy({ howToVideoUrl, mapTileUrl }: WebCspOptions = {}) {
  const videoOrigin = howToVideoUrl ? new URL(howToVideoUrl).origin : undefined;
  const frameHosts: string[] = [...VIDEO_FRAME_HOSTS];
  if (videoOrigin && !frameHosts.includes(videoOrigin)) frameHosts.push(videoOrigin);
  const tiles = mapTileUrl ? tileTemplateSource(mapTileUrl) : null;
  if (mapTileUrl && tiles === null) throw new Error(`MAP_TILE_URL is not a tile template: ${mapTileUrl}`);
  // tiles load as <img> (Leaflet) or through fetch (vector/canvas loaders): both directives admit them
  const tileSources = tiles ? [tiles] : [];
  return {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:', MAPBOX, ...tileSources],
      'connect-src': ["'self'", MAPBOX, 'https://events.mapbox.com', ...tileSources],
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
