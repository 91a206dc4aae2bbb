/**
 * Builds the API, in a fixed order: infrastructure (config, database, security headers, CORS,
 * cookies, rate limit, OpenAPI), then services (market data, providers, analysis, mail, auth, billing),
 * then routes. `server.ts` only listens.
 */
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { arcticGoogle } from './auth/google.js';
import { authPlugin } from './auth/plugin.js';
import { createAuthService } from './auth/service.js';
import { sessionStore } from './auth/sessions.js';
import { BILLING_PREFIX, createBilling } from './billing/index.js';
import type { Config } from './config.js';
import { type DbHandle, openDatabase } from './db/client.js';
import { createMailer } from './email/mailer.js';
import { smtpTransport } from './email/smtp.js';
import { registerErrorHandling } from './errors.js';
import { importMarketData, type MarketDataStatus } from './market-store/import.js';
import { marketRepository } from './market-store/repository.js';
import { hudProvider, mapboxProvider, rentometerProvider } from './providers/index.js';
import { addressRoutes } from './routes/address.js';
import { analysisRoutes } from './routes/analysis.js';
import { authRoutes } from './routes/auth.js';
import { billingRoutes } from './routes/billing.js';
import { feedbackRoutes } from './routes/feedback.js';
import { savedPropertyRoutes } from './routes/saved-properties.js';
import { systemRoutes } from './routes/system.js';
import { registerSecurityHeaders } from './security-headers.js';
import { createAddressService } from './services/address.js';
import { createAnalysisService } from './services/analysis.js';
import { createEntitlements } from './services/entitlements.js';
import { createFeedback } from './services/feedback.js';
import { createMarketService } from './services/market.js';
import { createSavedProperties } from './services/saved-properties.js';
import { webContentSecurityPolicy } from './web/csp.js';
import { webApp } from './web/serve.js';

export interface AppDeps {
  config: Config;
  /** an open database; when absent the app opens one from the config and closes it on close */
  database?: DbHandle;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    marketData: MarketDataStatus;
    database: DbHandle;
  }
}

export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // infrastructure
  const db =
    database ??
    (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` }));
  app.decorate('database', db);
  if (!database) app.addHook('onClose', async () => db.close());
  registerSecurityHeaders(app, {
    contentSecurityPolicy: webContentSecurityPolicy({ howToVideoUrl: config.HOW_TO_VIDEO_URL }),
  });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });
  await app.register(cookie);
  // only the routes that ask for it (the auth routes' per-IP and per-email budgets)
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SFR Analyst API', version: '0.1.0', description: 'Single-family rental analysis.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // services
  const marketData = await importMarketData(db.db, {
    dir: config.MARKET_DATA_DIR,
    log: app.log,
    investorPremium: config.INVESTOR_RATE_PREMIUM,
  });
  app.decorate<MarketDataStatus>('marketData', marketData);
  const repository = marketRepository(db.db);
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  const rentProvider = config.RENTOMETER_API_KEY
    ? rentometerProvider({
        apiKey: config.RENTOMETER_API_KEY,
        baseUrl: config.RENTOMETER_BASE_URL,
        timeoutMs,
      })
    : undefined;
  const hud = config.HUD_API_TOKEN
    ? hudProvider({ token: config.HUD_API_TOKEN, baseUrl: config.HUD_API_BASE_URL, timeoutMs })
    : undefined;
  const geocoder = config.MAPBOX_ACCESS_TOKEN
    ? mapboxProvider({ accessToken: config.MAPBOX_ACCESS_TOKEN, baseUrl: config.MAPBOX_BASE_URL, timeoutMs })
    : undefined;
  const market = createMarketService({
    repository,
    dataAvailable: marketData.available,
    rentProvider,
    hudProvider: hud,
    log: app.log,
  });
  const analysis = createAnalysisService(market);
  const address = createAddressService({ repository, geocoder, log: app.log });
  const entitlements = createEntitlements(db.db);
  const saved = createSavedProperties(db.db);
  const feedback = createFeedback(db.db);
  const billing = createBilling({ db: db.db, config, log: app.log });
  const sessions = sessionStore(db.db);
  const mailer = createMailer({
    db: db.db,
    transport: config.SMTP_URL ? smtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM }) : undefined,
    log: app.log,
  });
  if (!config.SMTP_URL && config.NODE_ENV === 'production') {
    app.log.warn('SMTP_URL is not set: emails are only recorded in email_outbox, and their links logged');
  }
  const auth = createAuthService({ db: db.db, sessions, mailer, appUrl: config.APP_URL, log: app.log });
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? arcticGoogle({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: config.GOOGLE_REDIRECT_URI ?? `${config.APP_URL}/api/auth/google/callback`,
          authorizationUrl: config.GOOGLE_AUTHORIZATION_URL,
          tokenUrl: config.GOOGLE_TOKEN_URL,
          userinfoUrl: config.GOOGLE_USERINFO_URL,
          timeoutMs,
        })
      : null;
  await app.register(authPlugin, {
    sessions,
    secureCookie: config.SESSION_COOKIE_SECURE,
    allowedOrigins: config.CORS_ORIGINS,
  });

  // routes
  await app.register(systemRoutes, {
    prefix: '/api',
    config,
    publicConfig: {
      mapboxToken: config.MAPBOX_PUBLIC_TOKEN ?? null,
      google: google !== null,
      billingMode: billing.provider.mode,
      howToVideoUrl: config.HOW_TO_VIDEO_URL ?? null,
    },
  });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    auth,
    sessions,
    google,
    secureCookie: config.SESSION_COOKIE_SECURE,
    appUrl: config.APP_URL,
  });
  await app.register(analysisRoutes, { prefix: '/api', analysis, entitlements, saved });
  await app.register(savedPropertyRoutes, { prefix: '/api', saved, analysis });
  await app.register(feedbackRoutes, { prefix: '/api', feedback });
  await app.register(addressRoutes, { prefix: '/api', address });
  await app.register(billingRoutes, { prefix: BILLING_PREFIX, billing });
  // last: the web app's catch-all only sees what no API route claimed
  await app.register(webApp, { distDir: config.WEB_DIST_DIR });
  return app;
}
