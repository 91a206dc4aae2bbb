/**
 * Builds the API, in a fixed order: infrastructure (config, database, security headers, CORS,
 * cookies, rate limit, OpenAPI), then services (market data, providers, analysis, mail, auth, billing),
 * then routes. `server.ts` only listens.
 */
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { geocoderFromConfig } from './address/mapbox.js';
import { addressRoutes } from './address/routes.js';
import { createAddressService } from './address/service.js';
import { analysisBudgets } from './analysis/rate-limit.js';
import { createAnalysisRepository } from './analysis/repository.js';
import { analysisRoutes } from './analysis/routes.js';
import { createAnalysisService } from './analysis/service.js';
import { createUserAnalyses } from './analysis/user-analyses.js';
import { googleFromConfig } from './auth/google.js';
import { knownAddresses } from './auth/known-addresses.js';
import { authPlugin } from './auth/plugin.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { sessionStore } from './auth/sessions.js';
import { createEntitlements } from './billing/entitlements.js';
import { BILLING_PREFIX, createBilling } from './billing/index.js';
import { billingRoutes } from './billing/routes.js';
import { type Config, MARKET_TABLES_DIR } from './config.js';
import { type DbHandle, openDatabase } from './db/client.js';
import { mailerFromConfig } from './email/mailer.js';
import { registerErrorHandling } from './errors.js';
import { createFeedback } from './feedback/repository.js';
import { feedbackRoutes } from './feedback/routes.js';
import { registerDatabaseWatchdog } from './http/database-watchdog.js';
import { trackInFlight } from './http/in-flight.js';
import { registerRateLimits } from './http/rate-limit.js';
import { logRequests } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { marketProvidersFromConfig } from './market/providers/index.js';
import { propertyRecordRoutes } from './market/routes.js';
import { createMarketService } from './market/service.js';
import { importMarketData, type MarketDataStatus, readMarketStatus } from './market/store/import.js';
import { marketRepository } from './market/store/repository.js';
import { reportRoutes } from './report/routes.js';
import { createSavedProperties } from './saved/repository.js';
import { savedPropertyRoutes } from './saved/routes.js';
import { createShareLinks } from './share/repository.js';
import { shareRoutes } from './share/routes.js';
import { systemRoutes } from './system/routes.js';
import { webContentSecurityPolicy } from './web/csp.js';
import { webApp } from './web/routes.js';

export interface AppDeps {
  config: Config;
  /** an open database; when absent the app opens one from the config and closes it on close */
  database?: DbHandle;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the market data this process started with */
    marketData: MarketDataStatus;
    /** the active market data now (a refresh may have replaced it since the start) */
    marketStatus: () => Promise<MarketDataStatus>;
    database: DbHandle;
  }
}

// how long a stop waits for requests still being answered before closing the database: with the
// pool's own 5 s end (db/client.ts) it leaves the sockets' drain 2 s of server.ts's 10 s guard
const HANDLERS_SETTLE_MS = 3_000;

export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  // false, a hop count or proxy addresses: the client is the right-most address no trusted proxy added
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof config.TRUST_PROXY === 'number'
      ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
      : config.TRUST_PROXY;
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy,
    // Fastify's two lines a request are noise in development: one line, when asked (logRequests)
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (
    config.LOG_REQUESTS === '1' ||
    (config.LOG_REQUESTS === undefined && config.NODE_ENV === 'production')
  ) {
    logRequests(app);
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // infrastructure
  const marketImportOptions = {
    dir: config.MARKET_DATA_DIR,
    tablesDir: MARKET_TABLES_DIR,
    investorPremium: config.INVESTOR_RATE_PREMIUM,
  };
  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: `${config.DATA_DIR}/pglite`,
      // a first start's import runs where the new folder is made, not in this process
      firstImport: marketImportOptions,
    }));
  app.decorate('database', db);
  const inFlight = trackInFlight(app);
  if (!database) {
    // a stop waits for handlers whose client hung up (their sockets no longer hold the close open)
    app.addHook('onClose', async () => {
      if (!(await inFlight.settled(HANDLERS_SETTLE_MS))) {
        app.log.warn(
          { requests: inFlight.count() },
          `requests still being answered after ${HANDLERS_SETTLE_MS / 1000} s; closing the database`,
        );
      }
      await db.close();
    });
  }
  registerDatabaseWatchdog(app, db);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: webContentSecurityPolicy({
      howToVideoUrl: config.HOW_TO_VIDEO_URL,
      mapTileUrl: config.MAP_TILE_URL,
    }),
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });
  await app.register(cookie);
  // counters in the database, shared by every API process: the auth routes' budgets and the analysis routes'
  registerRateLimits(app, { db: db.db });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SFR Analyst API', version: '0.1.0', description: 'Single-family rental analysis.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // services
  const marketData = await importMarketData(db.db, { ...marketImportOptions, log: app.log });
  app.decorate<MarketDataStatus>('marketData', marketData);
  const repository = marketRepository(db.db);
  const providers = marketProvidersFromConfig(config);
  const market = createMarketService({
    repository,
    status: marketData,
    readStatus: () => readMarketStatus(db.db),
    statusCheckMs: config.MARKET_CHECK_INTERVAL_MS,
    ...providers,
    investorPremium: config.INVESTOR_RATE_PREMIUM,
    log: app.log,
  });
  app.decorate('marketStatus', market.status);
  const analysis = createAnalysisService(market);
  const address = createAddressService({ repository, geocoder: geocoderFromConfig(config), log: app.log });
  const entitlements = createEntitlements(db.db);
  const saved = createSavedProperties(db.db);
  const analyses = createAnalysisRepository(db.db);
  const userAnalyses = createUserAnalyses({ service: analysis, analyses, saves: saved });
  const shareLinks = createShareLinks(db.db);
  const feedback = createFeedback(db.db);
  const billing = createBilling({ db: db.db, config, log: app.log });
  const sessions = sessionStore(db.db);
  const mailer = mailerFromConfig(config, db.db, app.log);
  const auth = createAuthService({ db: db.db, sessions, mailer, appUrl: config.APP_URL, log: app.log });
  const google = googleFromConfig(config);
  await app.register(authPlugin, {
    sessions,
    secureCookie: config.SESSION_COOKIE_SECURE,
    allowedOrigins: config.CORS_ORIGINS,
  });

  // routes: each feature's routes.ts, in this order (the one place endpoints are registered)
  await app.register(systemRoutes, {
    prefix: '/api',
    config,
    publicConfig: {
      mapboxToken: config.MAPBOX_PUBLIC_TOKEN ?? null,
      google: google !== null,
      propertyRecords: providers.recordProvider !== undefined,
      billingMode: billing.provider.mode,
      howToVideoUrl: config.HOW_TO_VIDEO_URL ?? null,
      mapTiles: { urlTemplate: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION },
    },
  });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    sessions,
    google,
    secureCookie: config.SESSION_COOKIE_SECURE,
    appUrl: config.APP_URL,
    known: knownAddresses(db.db),
    mailDelivered: mailer.delivers,
  });
  const budgets = analysisBudgets(config.RATE_LIMIT_ANALYSES_PER_MINUTE);
  await app.register(analysisRoutes, { prefix: '/api', userAnalyses, analyses, entitlements, budgets });
  await app.register(propertyRecordRoutes, {
    prefix: '/api',
    market,
    provider: providers.recordProvider,
    budgets,
  });
  await app.register(savedPropertyRoutes, { prefix: '/api', saved, userAnalyses });
  await app.register(reportRoutes, { prefix: '/api', analyses, saved });
  await app.register(shareRoutes, { prefix: '/api', shareLinks, appUrl: config.APP_URL });
  await app.register(feedbackRoutes, { prefix: '/api', feedback });
  await app.register(addressRoutes, { prefix: '/api', address });
  await app.register(billingRoutes, { prefix: BILLING_PREFIX, billing });
  // last: the web app's catch-all only sees what no API route claimed
  await app.register(webApp, { distDir: config.WEB_DIST_DIR });
  return app;
}
