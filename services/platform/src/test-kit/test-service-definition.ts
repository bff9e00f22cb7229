import type { ServiceDefinition } from '../bootstrap/service-app';
import { baseEnvSchema, jwtEnvSchema } from '../config/env';

/** The environment of a service made up for a test: the base variables and the JWT secret. */
export const testServiceEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape);
export type TestServiceEnv = ReturnType<typeof testServiceEnvSchema.parse>;

/**
 * A service made up for testing platform pieces: the base and JWT environment, no entities, and a
 * database schema named after the service.
 */
export function testServiceDefinition({
  migrations = [],
  ...fields
}: Omit<ServiceDefinition<TestServiceEnv>, 'envSchema' | 'database'> & {
  migrations?: ServiceDefinition<TestServiceEnv>['database']['migrations'];
}): ServiceDefinition<TestServiceEnv> {
  return { ...fields, envSchema: testServiceEnvSchema, database: { schema: fields.name, entities: [], migrations } };
}
