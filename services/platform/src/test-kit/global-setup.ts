import { SHARED_SERVICES_ENV, startSharedTestServices, type StartedSharedServices } from './shared-services';

/** Where the teardown finds the servers: jest runs globalSetup and globalTeardown in one process, the parent. */
export const STARTED_KEY = Symbol.for('pid.test-kit.shared-services');

/**
 * Jest global setup: one PostgreSQL and S3 server per run. Test workers are forked after this runs
 * (or the tests run in this process), so they find the description in the environment.
 */
export default async function globalSetup(): Promise<void> {
  const started = await startSharedTestServices();
  process.env[SHARED_SERVICES_ENV] = JSON.stringify(started.services);
  (globalThis as Record<symbol, StartedSharedServices>)[STARTED_KEY] = started;
}
