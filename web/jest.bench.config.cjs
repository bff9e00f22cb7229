const { baseConfig } = require('../jest.shared.cjs');

/** Browser benchmarks against a running stack (E2E_BASE_URL); `npm run bench:viewer` starts one for them. */
module.exports = {
  ...baseConfig(__dirname, ['<rootDir>/bench/**/*.bench.ts']),
  displayName: 'web bench',
  testEnvironment: 'node',
  // The hooks' bound (launching Chromium); the benchmark itself passes 600 s.
  testTimeout: 60_000,
  maxWorkers: 1,
  collectCoverage: false,
};
