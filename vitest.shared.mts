import path from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * Vitest settings for every Node project. SWC compiles the TypeScript so that NestJS and TypeORM
 * decorators get their design-time metadata, as tsc emits it for production. The global setup
 * gives the run one PostgreSQL, NATS and S3 server (see services/platform/src/test-kit).
 */
export function serviceTestConfig() {
  return defineConfig({
    plugins: [swc.vite({ module: { type: 'es6' } })],
    test: {
      include: ['src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 180_000,
      pool: 'forks',
      globalSetup: [path.join(import.meta.dirname, 'services/platform/src/test-kit/global-setup.ts')],
    },
  });
}
