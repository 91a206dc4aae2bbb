/**
 * Builds the API, in a fixed order: infrastructure (config, database, security headers, CORS,
 * OpenAPI), then services (market data, providers, analysis), then routes. `server.ts` only listens.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type DbHandle, openDatabase } from './db/client.js';
import { registerErrorHandling } from './errors.js';
import { importMarketData, type MarketDataStatus } from './market-store/import.js';
import { marketRepository } from './market-store/repository.js';
import { mapboxProvider, rentometerProvider } from './providers/index.js';
import { addressRoutes } from './routes/address.js';
import { analysisRoutes } from './routes/analysis.js';
import { systemRoutes } from './routes/system.js';
import { createAddressService } from './services/address.js';
import { createAnalysisService } from './services/analysis.js';
import { createMarketService } from './services/market.js';

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
    trustProxy: true,
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
  await app.register(helmet, { global: true });
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: true,
  });
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
  const geocoder = config.MAPBOX_ACCESS_TOKEN
    ? mapboxProvider({ accessToken: config.MAPBOX_ACCESS_TOKEN, baseUrl: config.MAPBOX_BASE_URL, timeoutMs })
    : undefined;
  const market = createMarketService({
    repository,
    dataAvailable: marketData.available,
    rentProvider,
    log: app.log,
  });
  const analysis = createAnalysisService(market);
  const address = createAddressService({ repository, geocoder, log: app.log });

  // routes
  await app.register(systemRoutes, { prefix: '/api', config });
  await app.register(analysisRoutes, { prefix: '/api', analysis });
  await app.register(addressRoutes, { prefix: '/api', address });
  return app;
}
