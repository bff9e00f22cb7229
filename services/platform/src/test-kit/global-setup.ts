import { startSharedTestServices } from './shared-services';
import { SHARED_SERVICES_ENV } from './index';

/**
 * Vitest global setup: one PostgreSQL and S3 server per run. Test workers are forked after this
 * runs, so they inherit the description through the environment.
 */
export default async function setup() {
  const started = await startSharedTestServices();
  process.env[SHARED_SERVICES_ENV] = JSON.stringify(started.services);
  return () => started.stop();
}
