import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { GatewayHealthReport } from '@pid/contracts';
import { HEALTH_CHECKS, healthProbesController, isNatsUp, runHealthChecks, type HealthChecks } from '@pid/platform';
import type { Response } from 'express';
import type { NatsConnection } from 'nats';
import { SERVICE_TARGETS } from '../gateway.tokens';
import type { ServiceTargets } from '../env';
import { collectHealth } from './service-health';

/** The gateway's own probes (the chart's startup, liveness and readiness probes call these). */
export const GATEWAY_PROBE_PATHS = { live: '/api/health/live', ready: '/api/health/ready' } as const;

/**
 * The gateway's probes, as every service has them: it is live while the process answers, and ready while
 * NATS is connected. Backend services being down does not take it out of rotation.
 */
export const GatewayProbesController = healthProbesController('api/health');

/** What the gateway's readiness checks: its NATS connection. */
export function gatewayHealthChecks(nats: NatsConnection): HealthChecks {
  return { nats: async () => isNatsUp(nats) };
}

@Controller('api/health')
export class GatewayHealthController {
  constructor(
    @Inject(SERVICE_TARGETS) private readonly targets: ServiceTargets,
    @Inject(HEALTH_CHECKS) private readonly checks: HealthChecks,
  ) {}

  /** The gateway and every service; 503 when any of them is down. */
  @Get()
  async health(@Res({ passthrough: true }) response: Response): Promise<GatewayHealthReport> {
    const report = await collectHealth(this.targets, await runHealthChecks('gateway', this.checks));
    if (report.status !== 'up') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
