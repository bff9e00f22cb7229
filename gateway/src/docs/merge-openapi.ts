import type { OpenAPIObject } from '@nestjs/swagger';

/** One document for the whole API: each service's paths and schemas, tagged with the service name. */
export function mergeOpenApi(documents: Array<{ service: string; document: OpenAPIObject }>): OpenAPIObject {
  const merged: OpenAPIObject = {
    openapi: '3.0.0',
    info: { title: 'P&ID platform API', version: '1.0.0', description: 'Every route of the product, served through the gateway.' },
    paths: {},
    tags: [],
    components: { schemas: {}, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
  for (const { service, document } of documents) {
    merged.tags!.push({ name: service, description: document.info?.description });
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const tagged = Object.fromEntries(
        Object.entries(item).map(([method, operation]) =>
          typeof operation === 'object' && operation !== null && 'responses' in operation
            ? [method, { ...operation, tags: [service, ...((operation as { tags?: string[] }).tags ?? [])] }]
            : [method, operation],
        ),
      );
      merged.paths[path] = { ...merged.paths[path], ...tagged };
    }
    Object.assign(merged.components!.schemas!, document.components?.schemas);
  }
  return merged;
}
