import { defineConfig } from 'vitest/config';

/** Browser tests against a running stack (E2E_BASE_URL); `npm test` starts one for them. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
