import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  connectNats,
  createLogger,
  createMetricsRegistry,
  ErrorBodyFilter,
  HEALTH_CHECKS,
  httpMetrics,
  JwtService,
  loadEnv,
  natsServerOptions,
  metricsHandler,
  METRICS_PATH,
  outlastClientKeepAlive,
  PinoNestLogger,
  SERVICE_NAME,
  TokenVersions,
  type Logger,
} from '@pid/platform';
import express from 'express';
import helmet from 'helmet';
import { createRequire } from 'node:module';
import { DocsController } from './docs/docs.controller';
import { gatewayEnvSchema, serviceTargets, type GatewayEnv } from './env';
import { GATEWAY_LOGGER, SERVICE_TARGETS } from './gateway.tokens';
import { gatewayHealthChecks, GatewayHealthController, GatewayProbesController } from './health/health.controller';
import { onlyUnproxied, proxiedServiceLabel } from './metrics/gateway-metrics';
import { createApiProxy } from './proxy/api-proxy';
import { rejectOversizedBodies } from './proxy/body-size-limit';
import { ProgressEventsController } from './realtime/progress-events.controller';
import { ProgressGateway, ProgressSocketAdapter } from './realtime/progress.gateway';
import { serveWebApp } from './web/serve-web-app';

export interface GatewayApp {
  app: INestApplication;
  env: GatewayEnv;
  logger: Logger;
  close(): Promise<void>;
}

/** The gateway: REST proxy, Socket.IO, health, API docs and the web app. Does not listen. */
export async function createGatewayApp(envSource: NodeJS.ProcessEnv = process.env): Promise<GatewayApp> {
  const env = loadEnv(gatewayEnvSchema, envSource);
  const logger = createLogger('gateway', env.LOG_LEVEL);
  const targets = serviceTargets(env);
  const nats = await connectNats(env.NATS_URL, 'gateway', logger);
  const versions = await TokenVersions.watch(nats, logger, env.JETSTREAM_REPLICAS);

  @Module({
    controllers: [GatewayProbesController, GatewayHealthController, DocsController, ProgressEventsController],
    providers: [
      { provide: SERVICE_NAME, useValue: 'gateway' },
      { provide: HEALTH_CHECKS, useValue: gatewayHealthChecks(nats) },
      { provide: SERVICE_TARGETS, useValue: targets },
      { provide: GATEWAY_LOGGER, useValue: logger },
      { provide: JwtService, useValue: new JwtService(env.JWT_SECRET) },
      { provide: TokenVersions, useValue: versions },
      ProgressGateway,
    ],
  })
  class GatewayModule {}

  // No body parsing: proxied bodies must reach the services untouched.
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
    abortOnError: false,
  });
  outlastClientKeepAlive(app.getHttpServer());
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // MUI (emotion) injects style elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'frame-ancestors': ["'none'"],
        },
      },
      strictTransportSecurity: env.NODE_ENV === 'production',
    }),
  );
  if (env.CORS_ORIGINS.length > 0)
    app.enableCors({ origin: env.CORS_ORIGINS, allowedHeaders: ['Authorization', 'x-auth-token', 'Content-Type'] });
  const metrics = createMetricsRegistry('gateway');
  app.use(httpMetrics(metrics, (request) => proxiedServiceLabel(request.originalUrl)));
  app.use(METRICS_PATH, onlyUnproxied(metricsHandler(metrics)));
  app.use(rejectOversizedBodies);
  app.use(createApiProxy(targets, logger));
  const swaggerUi = createRequire(__filename)('swagger-ui-dist') as { getAbsoluteFSPath(): string };
  app.use('/api/docs/assets', express.static(swaggerUi.getAbsoluteFSPath(), { index: false }));
  serveWebApp(app, env.STATIC_DIR, logger);
  app.useGlobalFilters(new ErrorBodyFilter(logger));
  app.useWebSocketAdapter(new ProgressSocketAdapter(app, env.CORS_ORIGINS));
  // Progress events through Nest's NATS transport; no queue group, so every replica gets each one.
  app.connectMicroservice(natsServerOptions(env.NATS_URL, 'gateway'));
  await app.init();
  await app.startAllMicroservices();

  return {
    app,
    env,
    logger,
    async close() {
      // Also closes the Socket.IO server and the HTTP server under it.
      await app.close();
      versions.stop();
      await nats.drain().catch(() => undefined);
    },
  };
}
