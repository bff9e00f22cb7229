import type { GatewayHealthReport, HealthReport } from '@pid/contracts';
import type { ServiceTargets } from '../env';

const TIMEOUT_MS = 2_000;

/** Asks every service's readiness endpoint; a service that does not answer in time is down. */
export async function collectHealth(targets: ServiceTargets, gateway: HealthReport): Promise<GatewayHealthReport> {
  const entries = await Promise.all(
    Object.entries(targets).map(async ([service, url]) => {
      try {
        const response = await fetch(new URL('/health/ready', url), { signal: AbortSignal.timeout(TIMEOUT_MS) });
        return [service, (await response.json()) as HealthReport] as const;
      } catch (error) {
        return [service, { status: 'down' as const, service, error: error instanceof Error ? error.message : String(error) }] as const;
      }
    }),
  );
  const services: GatewayHealthReport['services'] = { gateway, ...Object.fromEntries(entries) };
  const status = Object.values(services).every((report) => report.status === 'up') ? 'up' : 'down';
  return { status, services };
}
