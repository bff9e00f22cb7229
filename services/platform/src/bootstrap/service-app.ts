import 'reflect-metadata';
import type { IncomingMessage } from 'node:http';
import { Module, RequestMethod, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import type { z } from 'zod';
import { ConfigError, loadEnv, type BaseEnv } from '../config/env';
import { outlastClientKeepAlive } from '../http/keep-alive';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  createServiceDataSource,
  migrateServiceDatabase,
  openServiceDatabase,
  pingDatabase,
  serviceDataSourceOptions,
  type ServiceDatabaseOptions,
} from '../database/service-database';
import { ErrorBodyFilter, rejectUnreadableBody } from '../http/error-body.filter';
import { createLogger, PinoNestLogger } from '../logging/logger';
import { createMetricsRegistry, httpMetrics, metricsHandler, METRICS_PATH, trackQueueDepth } from '../metrics/metrics';
import { connectNats, isNatsUp } from '../nats/connection';
import { natsServerOptions } from '../nats/nest-transport';
import type { ClientProxy } from '@nestjs/microservices';
import { PlatformModule, StartedWork, type ServiceContext } from './platform.module';
import { NATS_CLIENT, type HealthChecks } from './tokens';

export interface ServiceDefinition<Env extends BaseEnv> {
  name: string;
  /** One line for the OpenAPI document. */
  description: string;
  envSchema: z.ZodType<Env>;
  database: Omit<ServiceDatabaseOptions, 'url'>;
  /** The service's own feature module(s). */
  modules: Array<Type | DynamicModule>;
  /** Start-up work after DB and NATS are up (streams, consumers). May return a teardown. */
  onStart?: (context: ServiceContext<Env>) => Promise<(() => Promise<void>) | void>;
  /** Dependencies beyond DB and NATS that readiness should check. */
  healthChecks?: (context: ServiceContext<Env>) => HealthChecks;
  /** A JetStream work queue whose depth /metrics reports (`pid_queue_depth`). */
  queueDepth?: { stream: string; durable: string };
}

export interface RunningService<Env extends BaseEnv> {
  app: INestApplication;
  context: ServiceContext<Env>;
  openApi: OpenAPIObject;
  close(): Promise<void>;
}

/** Builds a service: env, logger, migrated database, NATS, the Nest app with health and OpenAPI. Does not listen. */
export async function createServiceApp<Env extends BaseEnv>(
  definition: ServiceDefinition<Env>,
  envSource: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<Env>> {
  const env = loadEnv(definition.envSchema, envSource);
  const logger = createLogger(definition.name, env.LOG_LEVEL);
  const nats = await connectNats(env.NATS_URL, definition.name, logger);
  // Filled once the data source is open; the health controller reads it per request.
  const healthChecks: HealthChecks = {};

  @Module({})
  class ServiceRootModule {}

  let app: NestExpressApplication | undefined;
  try {
    app = await NestFactory.create<NestExpressApplication>(
      {
        module: ServiceRootModule,
        imports: [
          // The data source, its schema and migrations (applied under an advisory lock) before anything else starts.
          TypeOrmModule.forRootAsync({
            // No retries: a database that does not answer stops the start at once, as the health checks expect.
            useFactory: () => ({ ...serviceDataSourceOptions({ url: env.DATABASE_URL, ...definition.database }), retryAttempts: 0 }),
            dataSourceFactory: (options) => openServiceDatabase(options!),
          }),
          PlatformModule.forService({ name: definition.name, env, logger, nats }, healthChecks),
          ...definition.modules,
        ],
      },
      { logger: new PinoNestLogger(logger), abortOnError: false, bodyParser: false },
    );
    outlastClientKeepAlive(app.getHttpServer());
    const dataSource = app.get(DataSource);
    const natsClient = app.get<ClientProxy>(NATS_CLIENT);
    const context: ServiceContext<Env> = { name: definition.name, env, logger, dataSource, nats, natsClient };
    Object.assign(healthChecks, {
      database: () => pingDatabase(dataSource),
      nats: async () => isNatsUp(nats),
      ...definition.healthChecks?.(context),
    });
    app.get(StartedWork).track(await definition.onStart?.(context));
    app.disable('x-powered-by');
    const metrics = createMetricsRegistry(definition.name);
    if (definition.queueDepth) trackQueueDepth(metrics, nats, definition.queueDepth);
    app.use(httpMetrics(metrics));
    app.use(METRICS_PATH, metricsHandler(metrics));
    // Services answer the public paths themselves, so the gateway forwards them unchanged.
    app.setGlobalPrefix('api', {
      exclude: [
        { path: 'health/live', method: RequestMethod.GET },
        { path: 'health/ready', method: RequestMethod.GET },
      ],
    });
    // `verify` keeps each JSON body's bytes as `request.rawBody` (Nest's `RawBodyRequest`), for
    // signature checks over the exact bytes sent, such as Stripe's webhook signatures.
    app.use(json({ limit: '1mb', verify: keepRawBody }), rejectUnreadableBody);
    app.useGlobalFilters(new ErrorBodyFilter(logger));
    // Request bodies declared with nestjs-zod's createZodDto get their schemas from the zod schema that validates them.
    const openApi = cleanupOpenApiDoc(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder().setTitle(`${definition.name} service`).setDescription(definition.description).addBearerAuth().build(),
      ),
    );
    app.getHttpAdapter().get('/openapi.json', (_request, response) => app!.getHttpAdapter().reply(response, openApi, 200));
    // The service's @MessagePattern look-ups and @EventPattern events, one queue group per service.
    app.connectMicroservice(natsServerOptions(env.NATS_URL, definition.name, definition.name));
    await app.init();
    await app.startAllMicroservices();
    await natsClient.connect();
    const nestApp = app;
    return {
      app: nestApp,
      context,
      openApi,
      async close() {
        // onStart's work stops first (StartedWork), then HTTP, then TypeOrmModule closes the data source.
        await nestApp.close();
        await nats.drain().catch(() => undefined);
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await nats.close();
    throw error;
  }
}

/** body-parser's `verify` hook: the body-parser has read the bytes already, so this only keeps a reference. */
function keepRawBody(request: IncomingMessage & { rawBody?: Buffer }, _response: unknown, body: Buffer): void {
  request.rawBody = body;
}

/**
 * The `main` of every service: start and listen, or with `--migrate-only` apply migrations and exit
 * (the Kubernetes hook Job). A bad environment exits at once with one line naming the variable.
 */
export async function runService<Env extends BaseEnv>(definition: ServiceDefinition<Env>): Promise<void> {
  try {
    if (process.argv.includes('--migrate-only')) {
      const env = loadEnv(definition.envSchema);
      const dataSource = createServiceDataSource({ url: env.DATABASE_URL, ...definition.database });
      await dataSource.initialize();
      const applied = await migrateServiceDatabase(dataSource);
      await dataSource.destroy();
      process.stdout.write(`${definition.name}: ${applied.length} migration(s) applied\n`);
      return;
    }
    const service = await createServiceApp(definition);
    const { env, logger } = service.context;
    await service.app.listen(env.PORT, env.HOST);
    logger.info({ url: await service.app.getUrl() }, `${definition.name} service listening`);
    stopOnSignals(service.close, logger);
  } catch (error) {
    console.error(error instanceof ConfigError ? `${definition.name}: ${error.message}` : error);
    process.exit(1);
  }
}

/** SIGTERM/SIGINT, or the parent closing our stdin (local stack), stop the process cleanly. */
export function stopOnSignals(close: () => Promise<void>, logger: { info(msg: string): void }): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  if (process.env.EXIT_WITH_PARENT === '1') {
    process.stdin.on('end', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
}
