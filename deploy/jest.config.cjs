const { baseConfig } = require('../jest.shared.cjs');

// The chart and Dockerfile checks (helm, schemas): no servers. Hooks get the same bound as the tests.
module.exports = {
  ...baseConfig(__dirname, ['<rootDir>/checks/**/*.test.ts'], { sources: ['checks'] }),
  testEnvironment: 'node',
  testTimeout: 120_000,
  // The checks are ES modules that import each other as `./name.js` (Node16 resolution).
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
