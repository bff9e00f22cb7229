import type { BaseEnv } from '../config/env';
import { createServiceApp, type RunningService, type ServiceDefinition } from '../bootstrap/service-app';
import { startTestServices, type TestServices } from './index';

export interface ServiceHarness<Env extends BaseEnv> extends RunningService<Env> {
  /** The Node HTTP server, for supertest. */
  http: ReturnType<RunningService<Env>['app']['getHttpServer']>;
  services: TestServices;
}

/** Starts a service in-process against the test file's servers; call `close()` when done. */
export async function startServiceForTest<Env extends BaseEnv>(
  definition: ServiceDefinition<Env>,
  services: TestServices,
  extraEnv: Record<string, string> = {},
): Promise<ServiceHarness<Env>> {
  const running = await createServiceApp(definition, services.serviceEnv(extraEnv));
  return { ...running, http: running.app.getHttpServer(), services };
}

/**
 * Test servers of its own plus the service on them; `close()` stops both. For a test file's `beforeAll`.
 * `extraEnv` may be a function of the servers, for values inside their scratch folder.
 */
export async function startServiceHarness<Env extends BaseEnv>(
  definition: ServiceDefinition<Env>,
  extraEnv: Record<string, string> | ((services: TestServices) => Record<string, string>) = {},
): Promise<ServiceHarness<Env>> {
  const services = await startTestServices();
  try {
    const harness = await startServiceForTest(definition, services, typeof extraEnv === 'function' ? extraEnv(services) : extraEnv);
    return {
      ...harness,
      close: async () => {
        await harness.close();
        await services.stop();
      },
    };
  } catch (error) {
    await services.stop();
    throw error;
  }
}

/** Names of the tables in one schema, for migration tests. */
export async function tablesInSchema(running: RunningService<BaseEnv>, schema: string): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await running.context.dataSource.query(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [schema],
  );
  return rows.map((row) => row.table_name);
}
