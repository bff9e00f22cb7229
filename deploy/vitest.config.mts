import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['checks/**/*.test.ts'], testTimeout: 120_000 } });
