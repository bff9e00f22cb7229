const { baseConfig } = require('../../jest.shared.cjs');

// Types and constants only: no servers.
module.exports = { ...baseConfig(__dirname, ['<rootDir>/src/**/*.test.ts']), testEnvironment: 'node' };
