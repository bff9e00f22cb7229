import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import type { BaseEnv } from '../config/env';
import { ActiveSubscriberGuard } from '../access/subscriber.guard';
import { JwtAuthGuard } from '../auth/jwt.guard';
import { JwtService } from '../auth/jwt';
import { JwtStrategy } from '../auth/jwt.strategy';
import { TokenVersions } from '../auth/token-versions';
import { HealthController } from '../health/health.controller';
import type { Logger } from '../logging/logger';
import { DATA_SOURCE, HEALTH_CHECKS, LOGGER, NATS_CONNECTION, SERVICE_ENV, SERVICE_NAME, type HealthChecks } from './tokens';

export interface ServiceContext<Env extends BaseEnv = BaseEnv> {
  name: string;
  env: Env;
  logger: Logger;
  dataSource: DataSource;
  nats: NatsConnection;
}

/** Hands the service's connections, config and the passport JWT strategy and guard to every module of the app. */
@Module({})
export class PlatformModule {
  static forService(context: ServiceContext, healthChecks: HealthChecks): DynamicModule {
    const providers: Provider[] = [
      { provide: SERVICE_NAME, useValue: context.name },
      { provide: SERVICE_ENV, useValue: context.env },
      { provide: LOGGER, useValue: context.logger },
      { provide: DATA_SOURCE, useValue: context.dataSource },
      { provide: DataSource, useValue: context.dataSource },
      { provide: NATS_CONNECTION, useValue: context.nats },
      { provide: HEALTH_CHECKS, useValue: healthChecks },
    ];
    const env = context.env as BaseEnv & { JWT_SECRET?: string; JWT_EXPIRES_IN_SECONDS?: number };
    if (env.JWT_SECRET) {
      providers.push(
        { provide: JwtService, useValue: new JwtService(env.JWT_SECRET, env.JWT_EXPIRES_IN_SECONDS) },
        { provide: TokenVersions, useFactory: () => TokenVersions.watch(context.nats, context.logger, env.JETSTREAM_REPLICAS) },
        JwtStrategy,
        JwtAuthGuard,
        ActiveSubscriberGuard,
      );
    }
    return {
      module: PlatformModule,
      global: true,
      controllers: [HealthController],
      providers,
      exports: providers.map((provider) => (typeof provider === 'function' ? provider : provider.provide)),
    };
  }
}
