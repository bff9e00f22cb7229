import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { GatewayHealthReport, HealthReport } from '@pid/contracts';
import { isNatsUp } from '@pid/platform';
import type { Response } from 'express';
import type { NatsConnection } from 'nats';
import { GATEWAY_NATS, SERVICE_TARGETS } from '../gateway.tokens';
import type { ServiceTargets } from '../env';
import { collectHealth } from './service-health';

/** The gateway's own probes (the chart's startup, liveness and readiness probes call these). */
export const GATEWAY_PROBE_PATHS = { live: '/api/health/live', ready: '/api/health/ready' } as const;

@Controller('api/health')
export class GatewayHealthController {
  constructor(
    @Inject(SERVICE_TARGETS) private readonly targets: ServiceTargets,
    @Inject(GATEWAY_NATS) private readonly nats: NatsConnection,
  ) {}

  /** The process answers. */
  @Get('live')
  live(): HealthReport {
    return { status: 'up', service: 'gateway', checks: {} };
  }

  /** The gateway can serve: NATS is connected. Backend services being down does not take it out of rotation. */
  @Get('ready')
  ready(@Res({ passthrough: true }) response: Response): HealthReport {
    const natsUp = isNatsUp(this.nats);
    if (!natsUp) response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: natsUp ? 'up' : 'down', service: 'gateway', checks: { nats: natsUp ? 'up' : 'down' } };
  }

  /** The gateway and every service; 503 when any of them is down. */
  @Get()
  async health(@Res({ passthrough: true }) response: Response): Promise<GatewayHealthReport> {
    const natsUp = isNatsUp(this.nats);
    const report = await collectHealth(this.targets, {
      status: natsUp ? 'up' : 'down',
      service: 'gateway',
      checks: { nats: natsUp ? 'up' : 'down' },
    });
    if (report.status !== 'up') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
