const path = require('node:path');
const { baseConfig } = require('../jest.shared.cjs');

/** The web app's component and unit tests, in jsdom. */
module.exports = {
  ...baseConfig(__dirname, ['<rootDir>/src/**/*.test.{ts,tsx}']),
  testEnvironment: '<rootDir>/src/test/environment.ts',
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  // npm test runs these beside the analysis tests on 2 cores: a page test that takes 1 s alone took over
  // jest's default 5 s there. The bound is for a stuck test, not a slow one.
  testTimeout: 30_000,
  moduleNameMapper: {
    // As vite.config.ts: the contracts compile from source.
    '^@pid/contracts$': path.join(__dirname, '../services/contracts/src/index.ts'),
    '\\.css$': '<rootDir>/src/test/style-stub.ts',
  },
};
