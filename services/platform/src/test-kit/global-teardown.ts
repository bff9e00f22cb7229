import type { StartedSharedServices } from './shared-services';
import { STARTED_KEY } from './global-setup';

/** Jest global teardown: stops what the global setup started. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as Record<symbol, StartedSharedServices | undefined>)[STARTED_KEY]?.stop();
}
