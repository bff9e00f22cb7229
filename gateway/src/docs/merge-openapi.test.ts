import { describe, expect, it } from '@jest/globals';
import { mergeOpenApi } from './merge-openapi';

describe('mergeOpenApi', () => {
  it('keeps every service path, tags it with its service and merges schemas', () => {
    const merged = mergeOpenApi([
      {
        service: 'auth',
        document: {
          openapi: '3.0.0',
          info: { title: 'auth', version: '1', description: 'Accounts' },
          paths: { '/api/auth/login': { post: { responses: {} } } },
          components: { schemas: { Login: { type: 'object' } } },
        },
      },
      {
        service: 'drawing',
        document: {
          openapi: '3.0.0',
          info: { title: 'drawing', version: '1' },
          paths: { '/api/drawings': { get: { tags: ['drawings'], responses: {} } } },
        },
      },
    ]);
    expect(Object.keys(merged.paths)).toEqual(['/api/auth/login', '/api/drawings']);
    expect(merged.paths['/api/auth/login'].post!.tags).toEqual(['auth']);
    expect(merged.paths['/api/drawings'].get!.tags).toEqual(['drawing', 'drawings']);
    expect(merged.components!.schemas).toHaveProperty('Login');
    expect(merged.tags!.map((tag) => tag.name)).toEqual(['auth', 'drawing']);
  });
});
