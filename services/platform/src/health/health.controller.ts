import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import type { HealthReport } from '@pid/contracts';
import { HEALTH_CHECKS, SERVICE_NAME, type HealthChecks } from '../bootstrap/tokens';

/**
 * The probes of a process, under `path`: liveness (`live`) says the process runs; readiness (`ready`) says
 * its dependencies answer, the `HEALTH_CHECKS` it is given (DB, NATS, …). It reports as `SERVICE_NAME`.
 */
export function healthProbesController(path: string) {
  @ApiExcludeController()
  @Controller(path)
  class HealthProbesController {
    constructor(
      @Inject(SERVICE_NAME) readonly service: string,
      @Inject(HEALTH_CHECKS) readonly checks: HealthChecks,
    ) {}

    @Get('live')
    live(): HealthReport {
      return { status: 'up', service: this.service, checks: {} };
    }

    @Get('ready')
    async ready(@Res({ passthrough: true }) response: Response): Promise<HealthReport> {
      const report = await runHealthChecks(this.service, this.checks);
      if (report.status !== 'up') response.status(HttpStatus.SERVICE_UNAVAILABLE);
      return report;
    }
  }
  return HealthProbesController;
}

/** Every service's probes: `/health/live` and `/health/ready`. */
export const HealthController = healthProbesController('health');

export async function runHealthChecks(service: string, checks: HealthChecks): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => [name, (await check().catch(() => false)) ? 'up' : 'down'] as const),
  );
  const results = Object.fromEntries(entries);
  const status = entries.every(([, state]) => state === 'up') ? 'up' : 'down';
  return { status, service, checks: results };
}
