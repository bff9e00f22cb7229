import { Module, type BeforeApplicationShutdown, type DynamicModule, type Provider } from '@nestjs/common';
import { ClientsModule, type ClientProxy } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import type { BaseEnv } from '../config/env';
import { ActiveSubscriberGuard } from '../access/subscriber.guard';
import { JwtAuthGuard } from '../auth/jwt.guard';
import { JwtService } from '../auth/jwt';
import { JwtStrategy } from '../auth/jwt.strategy';
import { TokenVersions } from '../auth/token-versions';
import { HealthController } from '../health/health.controller';
import type { Logger } from '../logging/logger';
import { natsClientOptions } from '../nats/nest-transport';
import { HEALTH_CHECKS, LOGGER, NATS_CLIENT, NATS_CONNECTION, SERVICE_ENV, SERVICE_NAME, type HealthChecks } from './tokens';

export interface ServiceContext<Env extends BaseEnv = BaseEnv> {
  name: string;
  env: Env;
  logger: Logger;
  dataSource: DataSource;
  nats: NatsConnection;
  /** Nest's NATS client (`NATS_CLIENT`), for work outside Nest's providers: events through `emitEvent`. */
  natsClient: ClientProxy;
}

/** The work `onStart` began (consumers, responders): stopped before Nest closes HTTP and the data source. */
export class StartedWork implements BeforeApplicationShutdown {
  private teardown: (() => Promise<void>) | undefined;

  track(teardown: (() => Promise<void>) | void): void {
    this.teardown = teardown ?? undefined;
  }

  async beforeApplicationShutdown(): Promise<void> {
    const teardown = this.teardown;
    this.teardown = undefined;
    if (teardown) await teardown();
  }
}

/**
 * Hands the service's connections, config, health checks and the passport JWT strategy and guard to every
 * module of the app. The data source comes from `TypeOrmModule` (global), beside it.
 */
@Module({})
export class PlatformModule {
  static forService(context: Omit<ServiceContext, 'dataSource' | 'natsClient'>, healthChecks: HealthChecks): DynamicModule {
    const providers: Provider[] = [
      { provide: SERVICE_NAME, useValue: context.name },
      { provide: SERVICE_ENV, useValue: context.env },
      { provide: LOGGER, useValue: context.logger },
      { provide: NATS_CONNECTION, useValue: context.nats },
      { provide: HEALTH_CHECKS, useValue: healthChecks },
      StartedWork,
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
    // Look-ups and events leave through Nest's NATS transport (NATS_CLIENT); the service answers with
    // @MessagePattern / @EventPattern handlers (natsServerOptions, in the bootstrap).
    const clients = ClientsModule.register([{ name: NATS_CLIENT, ...natsClientOptions(context.env.NATS_URL, context.name) }]);
    return {
      module: PlatformModule,
      global: true,
      imports: [clients],
      controllers: [HealthController],
      providers,
      exports: [...providers.map((provider) => (typeof provider === 'function' ? provider : provider.provide)), clients],
    };
  }
}
