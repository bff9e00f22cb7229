import { startServiceHarness, tablesInSchema, type ServiceHarness, HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { drawingServiceDefinition } from './drawing.service-definition';
import type { DrawingEnv } from './env';

let service: ServiceHarness<DrawingEnv>;
beforeAll(async () => void (service = await startServiceHarness(drawingServiceDefinition)), HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

describe('drawing service', () => {
  it('creates its tables in the drawing schema', async () => {
    expect(await tablesInSchema(service, 'drawing')).toEqual(['drawing_renditions', 'drawings', 'migrations', 'pending_cleanups']);
  });

  it('migrates down and up again, carrying the run state through the old jsonb column', async () => {
    const { dataSource } = service.context;
    const runner = dataSource.createQueryRunner();
    try {
      await runner.query(
        `INSERT INTO drawings (id, user_id, name, document_name, object_key, content_type, size_bytes, status, job_id, progress, page_count, image_width, image_height)
         VALUES ('7b0e5c58-2f4e-4b8f-9d6a-3c1e2a4b5c6d', gen_random_uuid(), 'n', 'd.pdf', 'drawings/2026/01/7b0e5c58-2f4e-4b8f-9d6a-3c1e2a4b5c6d.pdf',
                 'application/pdf', 1, 'processing', '0f8fad5b-d9cb-469f-a165-70867728950e', 42, 3, 1700, 2200)`,
      );
      // Back past the page sources and sizes to the lifecycle migration, which folds the columns into the old jsonb.
      await dataSource.undoLastMigration();
      await dataSource.undoLastMigration();
      await dataSource.undoLastMigration();
      const [old] = await runner.query(`SELECT metadata FROM drawings`);
      expect(old.metadata).toEqual({
        processingProgress: 42,
        jobId: '0f8fad5b-d9cb-469f-a165-70867728950e',
        pageCount: 3,
        image_size: { width: 1700, height: 2200 },
      });
      await dataSource.runMigrations({ transaction: 'each' });
      const [row] = await runner.query(`SELECT job_id, progress, page_count, image_width, image_height FROM drawings`);
      expect(row).toEqual({
        job_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
        progress: 42,
        page_count: 3,
        image_width: 1700,
        image_height: 2200,
      });
    } finally {
      await runner.query('DELETE FROM drawings');
      await runner.release();
    }
  });

  it('checks its object storage for readiness', async () => {
    const response = await request(service.http).get('/health/ready').expect(200);
    expect(response.body.checks).toEqual({ database: 'up', nats: 'up', storage: 'up' });
  });

  it('documents every drawing route in its OpenAPI document', async () => {
    const paths = Object.keys(service.openApi.paths).sort();
    expect(paths).toEqual([
      '/api/drawings',
      '/api/drawings/{id}',
      '/api/drawings/{id}/export',
      '/api/drawings/{id}/file',
      '/api/drawings/{id}/process',
      '/api/drawings/{id}/status',
    ]);
    expect(Object.keys(service.openApi.paths['/api/drawings']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(service.openApi.paths['/api/drawings/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    // Every route asks for the bearer token (SubscriberOnly).
    for (const [path, operations] of Object.entries(service.openApi.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, { security?: unknown[] }>)) {
        expectWith(operation.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      }
    }
  });

  it('refuses the s3 driver without credentials, naming the variable', async () => {
    await expect(startServiceHarness(drawingServiceDefinition, { STORAGE_DRIVER: 's3' })).rejects.toThrow(/S3_ENDPOINT: must be set/);
  });

  it('refuses a render resolution out of range, naming the variable', async () => {
    await expect(startServiceHarness(drawingServiceDefinition, { PDF_RENDER_DPI: '5000' })).rejects.toThrow(/PDF_RENDER_DPI/);
  });
});
