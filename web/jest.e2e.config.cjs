const { baseConfig } = require('../jest.shared.cjs');

/** Browser tests against a running stack (E2E_BASE_URL); `npm test` starts one for them. One file at a time. */
module.exports = {
  ...baseConfig(__dirname, ['<rootDir>/e2e/**/*.e2e.test.ts']),
  displayName: 'web e2e',
  testEnvironment: 'node',
  // Also the hooks' bound, as before (60 s each); the long tests pass their own.
  testTimeout: 60_000,
  maxWorkers: 1,
  // They measure the browser, not this code.
  collectCoverage: false,
};
