/**
 * The server's configuration, read once from the environment and validated. Nothing else in the API
 * reads `process.env`. Every variable is documented in the repository's `.env.example`.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { tileTemplateSource } from './web/csp.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The small market tables built for this product, kept in the repo (apps/api/data/market/README.md). */
export const MARKET_TABLES_DIR = resolve(REPO_ROOT, 'apps/api/data/market');

/** An unset variable and an empty one (`FOO=` in a .env file) mean the same: not configured. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One info line per request ('1'); unset: on in production, off elsewhere. */
  LOG_REQUESTS: optionalText.pipe(z.enum(['0', '1']).optional()),
  /** Postgres connection string; without it the API uses embedded PGlite under DATA_DIR. */
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: optionalText.pipe(z.string().default(resolve(REPO_ROOT, '.data'))),
  MARKET_DATA_DIR: optionalText.pipe(z.string().default(resolve(REPO_ROOT, '../shared/data/market'))),
  /** How often a running process looks for market data a refresh imported since (ms). */
  MARKET_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  /** The built web app (`vite build` output) the API serves beside /api. */
  WEB_DIST_DIR: optionalText.pipe(z.string().default(resolve(REPO_ROOT, 'apps/web/dist'))),
  /** Added to the latest Freddie Mac 30-year rate for the default interest rate (investor loans price higher). */
  INVESTOR_RATE_PREMIUM: z.coerce.number().min(0).max(0.05).default(0.0075),
  /** Comma-separated origins allowed by CORS; empty means same-origin only. */
  CORS_ORIGINS: optionalText.transform((value) => (value ? value.split(',').map((o) => o.trim()) : [])),
  /**
   * Which proxies in front of the API to believe about the client (X-Forwarded-For, -Proto, -Host).
   * `false` (default): none; the client is the TCP peer. A number n: the n proxies nearest the API
   * (e.g. 1 behind one load balancer); the client is the right-most address they did not add. A
   * comma-separated list of addresses/CIDRs: the proxies at those addresses. Never `true`: that would
   * believe the left-most X-Forwarded-For value, which any client can write.
   */
  TRUST_PROXY: optionalText.transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (value === 'true' || list.some((entry) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry))) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs',
      });
      return z.NEVER;
    }
    return list;
  }),
  /** Analyses (create_property, update_metrics…) a signed-in user may run a minute; twice that per client address. */
  RATE_LIMIT_ANALYSES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .default(256 * 1_024),
  /** RentCast API key (app.rentcast.io, sent as X-Api-Key): the live market rent, asked first. */
  RENTCAST_API_KEY: optionalText,
  RENTCAST_BASE_URL: z.url().default('https://api.rentcast.io/v1'),
  /** Rentometer API key: the live market rent when RentCast is not set or fails. */
  RENTOMETER_API_KEY: optionalText,
  RENTOMETER_BASE_URL: z.url().default('https://www.rentometer.com'),
  /** HUD USER API access token (Bearer): live Fair Market Rents; without it the imported FY figures. */
  HUD_API_TOKEN: optionalText,
  HUD_API_BASE_URL: z.url().default('https://www.huduser.gov/hudapi/public'),
  /** FRED API key: the current Freddie Mac rate live, and `market:refresh --fred`. */
  FRED_API_KEY: optionalText,
  FRED_BASE_URL: z.url().default('https://api.stlouisfed.org/fred'),
  MAPBOX_ACCESS_TOKEN: optionalText,
  MAPBOX_BASE_URL: z.url().default('https://api.mapbox.com'),
  /**
   * Public (pk.…) Mapbox token the browser's map uses; sent to every visitor, so restrict it to the
   * app's URL in Mapbox's dashboard. Without it the web shows the coordinates instead of a map.
   */
  MAPBOX_PUBLIC_TOKEN: optionalText,
  /**
   * The keyless map's raster tiles (an XYZ template; {s} allowed as the host's first label). The
   * default is OpenStreetMap's own server, fine for light use under its tile usage policy; set your
   * own tile server or a provider's for heavier traffic. The CSP admits this template's origin.
   */
  MAP_TILE_URL: optionalText.pipe(
    z
      .string()
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .refine((template) => tileTemplateSource(template) !== null, {
        message: 'must be an http(s) tile URL template with {z}, {x} and {y}',
      }),
  ),
  /** The credit the tile provider requires, shown on the map. */
  MAP_TILE_ATTRIBUTION: optionalText.pipe(z.string().max(300).default('© OpenStreetMap contributors')),
  /** The video embedded on How to Use (an embeddable URL, e.g. https://www.youtube-nocookie.com/embed/…). */
  HOW_TO_VIDEO_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4_000),
  /** Public base URL of the web app: links in emails, checkout's return and Google sign-in's; default http://localhost:${PORT}. */
  APP_URL: optionalText
    .pipe(z.url({ protocol: /^https?$/ }).optional())
    .transform((url) => url?.replace(/\/+$/, '')),
  /** smtp(s)://user:pass@host:port — without it, emails only go to the email_outbox table and the log. */
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalText.pipe(z.string().default('SFR Analyst <no-reply@localhost>')),
  /** `auto`: Secure when the request arrived over HTTPS (X-Forwarded-Proto behind a proxy). */
  SESSION_COOKIE_SECURE: optionalText.pipe(z.enum(['auto', 'true', 'false']).default('auto')),
  /** Google sign-in is offered only when both are set. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Where Google sends the browser back; default `${APP_URL}/api/auth/google/callback`. */
  GOOGLE_REDIRECT_URI: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Google's documented OAuth 2.0 endpoints; overridable so tests can run a local stand-in. */
  GOOGLE_AUTHORIZATION_URL: optionalText.pipe(
    z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  ),
  GOOGLE_TOKEN_URL: optionalText.pipe(z.url().default('https://oauth2.googleapis.com/token')),
  GOOGLE_USERINFO_URL: optionalText.pipe(z.url().default('https://openidconnect.googleapis.com/v1/userinfo')),
  /**
   * `test`: the offline test mode (checkout and portal are pages of this API; nothing is charged,
   * and the web shows 'Test mode: no payments are taken' on every page). `stripe`: real payments,
   * needs STRIPE_SECRET_KEY. Default: `stripe` with a key, else `test`, except that production
   * (NODE_ENV=production) refuses to start without a key unless BILLING_MODE=test says so on purpose.
   */
  BILLING_MODE: optionalText.pipe(z.enum(['stripe', 'test']).optional()),
  /** Stripe secret key (sk_…). Without it billing runs in the offline test mode: nothing is charged. */
  STRIPE_SECRET_KEY: optionalText,
  /** The webhook endpoint's signing secret (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe price ids of the $14.99/month and $149.99/year plans; required with STRIPE_SECRET_KEY. */
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_YEARLY: optionalText,
  /** Where the Stripe SDK sends API calls (protocol, host, port); only tests point it elsewhere. */
  STRIPE_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

/** Real billing needs all of its settings: a key without a webhook secret would never activate anyone. */
const STRIPE_REQUIRES = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'] as const;

const configSchemaChecked = configSchema.superRefine((config, ctx) => {
  const production = config.NODE_ENV === 'production';
  if (production && !config.SMTP_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message:
        'is required in production (NODE_ENV=production): without it verification and password-reset emails are never delivered',
    });
  }
  if (!config.STRIPE_SECRET_KEY) {
    if (config.BILLING_MODE === 'stripe') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message: 'is required with BILLING_MODE=stripe',
      });
    } else if (production && config.BILLING_MODE !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'is required in production (NODE_ENV=production): without it billing runs in test mode and anyone subscribes without paying. Set BILLING_MODE=test to run the test mode on purpose',
      });
    }
    return;
  }
  for (const key of STRIPE_REQUIRES) {
    if (!config[key])
      ctx.addIssue({ code: 'custom', path: [key], message: 'is required with STRIPE_SECRET_KEY' });
  }
});

/** The checked settings, with the defaults that depend on others filled in. */
const configSchemaResolved = configSchemaChecked.transform((config) => ({
  ...config,
  // a newcomer who changes only PORT still gets working checkout and email links
  APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}`,
}));

export type Config = z.output<typeof configSchemaResolved>;

/**
 * The repository's `.env`, when there is one, fills in what the environment leaves unset (a variable
 * set in the environment wins). The server and the scripts call it before `loadConfig`.
 */
export function loadDotEnv(file = resolve(REPO_ROOT, '.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * The folder a command was typed in, against which a relative path it was given is read: pnpm runs
 * a package's scripts in the package (`pnpm --filter @sfr/api …` in apps/api) and says where it was
 * called from in INIT_CWD.
 */
export const commandFolder = (env: NodeJS.ProcessEnv = process.env): string => env.INIT_CWD ?? process.cwd();

/** Parses the environment; throws one error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchemaResolved.safeParse(env);
  if (parsed.success) {
    const typedIn = commandFolder(env);
    const { DATA_DIR, MARKET_DATA_DIR, WEB_DIST_DIR } = parsed.data;
    return {
      ...parsed.data,
      DATA_DIR: resolve(typedIn, DATA_DIR),
      MARKET_DATA_DIR: resolve(typedIn, MARKET_DATA_DIR),
      WEB_DIST_DIR: resolve(typedIn, WEB_DIST_DIR),
    };
  }
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
