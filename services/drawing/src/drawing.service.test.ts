import { startServiceHarness, tablesInSchema, type ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawingServiceDefinition } from './drawing.service-definition';
import type { DrawingEnv } from './env';

let service: ServiceHarness<DrawingEnv>;
beforeAll(async () => void (service = await startServiceHarness(drawingServiceDefinition)));
afterAll(async () => service?.close());

describe('drawing service', () => {
  it('creates its tables in the drawing schema', async () => {
    expect(await tablesInSchema(service, 'drawing')).toEqual(['drawings', 'migrations']);
  });

  it('checks its object storage for readiness', async () => {
    const response = await request(service.http).get('/health/ready').expect(200);
    expect(response.body.checks).toEqual({ database: 'up', nats: 'up', storage: 'up' });
  });

  it('refuses the s3 driver without credentials, naming the variable', async () => {
    await expect(startServiceHarness(drawingServiceDefinition, { STORAGE_DRIVER: 's3' })).rejects.toThrow(/S3_ENDPOINT: must be set/);
  });
});
