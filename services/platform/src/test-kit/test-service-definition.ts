import { Module, type Type } from '@nestjs/common';
import type { ServiceDefinition } from '../bootstrap/service-app';
import { baseEnvSchema, jwtEnvSchema } from '../config/env';

/** The environment of a service made up for a test: the base variables and the JWT secret. */
export const testServiceEnvSchema = baseEnvSchema.extend(jwtEnvSchema.shape);
export type TestServiceEnv = ReturnType<typeof testServiceEnvSchema.parse>;

/**
 * A service made up for testing platform pieces: the base and JWT environment, no entities, a database
 * schema named after the service, and a module of its own for the given controllers.
 */
export function testServiceDefinition({
  migrations = [],
  controllers,
  ...fields
}: Omit<ServiceDefinition<TestServiceEnv>, 'envSchema' | 'database' | 'modules'> & {
  migrations?: ServiceDefinition<TestServiceEnv>['database']['migrations'];
  controllers: Type[];
}): ServiceDefinition<TestServiceEnv> {
  @Module({ controllers })
  class TestServiceModule {}
  return {
    ...fields,
    envSchema: testServiceEnvSchema,
    database: { schema: fields.name, entities: [], migrations },
    modules: [TestServiceModule],
  };
}
