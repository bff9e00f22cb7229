import { ELEMENT_TYPES } from '@pid/contracts';
import { startServiceHarness, tablesInSchema, type ServiceHarness, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GraphEnv } from './env';
import { graphServiceDefinition } from './graph.service-definition';
import { NAME_MAX_LENGTH } from './validation/graph-fields';

let service: ServiceHarness<GraphEnv>;
beforeAll(async () => void (service = await startServiceHarness(graphServiceDefinition)), HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

describe('graph service', () => {
  it('creates its tables in the graph schema', async () => {
    expect(await tablesInSchema(service, 'graph')).toEqual([
      'analysis_result_parts',
      'applied_analysis_runs',
      'connections',
      'deleted_drawings',
      'elements',
      'migrations',
    ]);
  });

  it('deletes the connections of a deleted element', async () => {
    const db = service.context.dataSource;
    const drawing = '00000000-0000-4000-8000-000000000001';
    const [a] = await db.query(
      `INSERT INTO elements (drawing_id, user_id, element_type, x, y, width, height) VALUES ($1, $1, 'valve', 0, 0, 10, 10) RETURNING id`,
      [drawing],
    );
    const [b] = await db.query(
      `INSERT INTO elements (drawing_id, user_id, element_type, x, y, width, height) VALUES ($1, $1, 'equipment', 50, 0, 10, 10) RETURNING id`,
      [drawing],
    );
    await db.query('INSERT INTO connections (drawing_id, user_id, source_id, target_id) VALUES ($1, $1, $2, $3)', [drawing, a.id, b.id]);
    await db.query('DELETE FROM elements WHERE id = $1', [a.id]);
    expect(await db.query('SELECT count(*)::int AS n FROM connections')).toEqual([{ n: 0 }]);
  });

  it('documents every route in its OpenAPI document', () => {
    const paths = Object.entries(service.openApi.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(paths.sort()).toEqual(
      [
        'GET /api/drawings/{id}/elements',
        'GET /api/drawings/{id}/connections',
        'POST /api/elements',
        'PUT /api/elements/{id}',
        'DELETE /api/elements/{id}',
        'POST /api/connections',
        'PUT /api/connections/{id}',
        'DELETE /api/connections/{id}',
      ].sort(),
    );
  });

  it('documents the request bodies from the zod schemas that validate them', () => {
    const schemas = service.openApi.components?.schemas as Record<string, { properties: Record<string, Record<string, unknown>> }>;
    const create = schemas.CreateElementDto!.properties;
    expect(Object.keys(create).sort()).toEqual(['boundingBox', 'confirmed', 'description', 'drawing', 'elementType', 'name', 'page']);
    expect(create.name).toMatchObject({ type: 'string', maxLength: NAME_MAX_LENGTH });
    expect(create.elementType).toMatchObject({ enum: [...ELEMENT_TYPES] });
    expect(Object.keys(schemas.UpdateConnectionDto!.properties)).toEqual(
      expect.arrayContaining(['source', 'target', 'relationshipType', 'customRelationshipType', 'metadata']),
    );
  });
});
