import { defineConfig } from 'vitest/config';

/** Browser benchmarks against a running stack (E2E_BASE_URL); `npm run bench:viewer` starts one for them. */
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
