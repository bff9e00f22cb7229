import { startServiceHarness, tablesInSchema, type ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authServiceDefinition } from './auth.service-definition';
import type { AuthEnv } from './env';

let service: ServiceHarness<AuthEnv>;
beforeAll(async () => void (service = await startServiceHarness(authServiceDefinition)));
afterAll(async () => service?.close());

describe('auth service', () => {
  it('creates its tables in the auth schema', async () => {
    expect(await tablesInSchema(service, 'auth')).toEqual(['migrations', 'users']);
  });

  it('is ready when its database and NATS answer', async () => {
    await request(service.http).get('/health/ready').expect(200);
  });
});
