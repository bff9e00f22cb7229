// Jest settings shared by every project. Each project's jest.config.cjs calls one of these.
const path = require('node:path');

const root = __dirname;
/** Every typed array's name: handed to modules as they are, and the main realm's in the Node environment. */
const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

/**
 * SWC compiles the TypeScript (to CommonJS, what jest runs) with decorator metadata, as tsc emits it
 * for production: NestJS and TypeORM read it. `keepImport` leaves `import()` as it is, for ESM-only
 * packages (pdfjs-dist), which then load through jest's ESM loader (NODE_OPTIONS in .env.test);
 * otherwise it becomes `require`.
 */
function swc({ tsx = false, keepImport = false } = {}) {
  return [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx, decorators: true },
        target: 'es2022',
        keepClassNames: true,
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      },
      module: { type: 'commonjs', ignoreDynamic: keepImport },
    },
  ];
}

/**
 * Fields every project has: its name, the transform and coverage into coverage/<name>, merged by `npm test`.
 * `sources` are the folders whose files count for coverage.
 */
function baseConfig(projectDir, testMatch, { keepImport = false, sources = ['src'] } = {}) {
  const name = path.relative(root, projectDir);
  return {
    displayName: name,
    rootDir: projectDir,
    testMatch,
    transform: { '^.+\\.tsx$': swc({ tsx: true, keepImport }), '^.+\\.(ts|mts)$': swc({ keepImport }) },
    moduleFileExtensions: ['ts', 'tsx', 'mts', 'js', 'mjs', 'cjs', 'json'],
    collectCoverage: true,
    // Istanbul counters added to each source file as jest transforms it. V8's coverage cost the analysis
    // project 40 % more wall time (it is taken and converted for the whole worker after every test file);
    // Istanbul's was within the noise (245 s without coverage, 242 s with, 343 s with V8).
    coverageProvider: 'babel',
    // Every source file counts, also one that no test loads (at 0 %).
    collectCoverageFrom: [...sources.map((dir) => `${dir}/**/*.{ts,tsx}`), '!**/*.test.{ts,tsx}', '!**/*.d.ts'],
    coverageReporters: ['json'],
    coverageDirectory: path.join(root, 'coverage', name.replaceAll('/', '-')),
    // Code in jest's sandbox looks up each global through the context's interceptor, in hot loops too (`Math.round`
    // per pixel): the image tests ran 10-20 times slower than under plain Node. These are handed to each module
    // directly instead. Not `Date` or `Promise`: fake timers replace them on the global.
    sandboxInjectedGlobals: ['Math', 'Number', 'Array', 'Object', 'JSON', 'Map', 'Set', ...TYPED_ARRAYS],
    // Two test files at a time (jest's default on 2 cores is one): they wait on servers and child processes
    // much of the time; measured 1.4 times faster on @pid/graph alone.
    maxWorkers: 2,
  };
}

/** A Node project's tests (src/**\/*.test.ts) against the run's PostgreSQL, NATS and S3 (services/platform/src/test-kit). */
function serviceTestConfig(projectDir) {
  const testKit = path.join(root, 'services/platform/src/test-kit');
  return {
    ...baseConfig(projectDir, ['<rootDir>/src/**/*.test.ts'], { keepImport: true }),
    testEnvironment: path.join(root, 'jest.node-environment.cjs'),
    // Also the hooks' bound: jest has no hook timeout of its own; hooks that start a stack pass 180 s.
    testTimeout: 60_000,
    globalSetup: path.join(testKit, 'global-setup.ts'),
    globalTeardown: path.join(testKit, 'global-teardown.ts'),
  };
}

module.exports = { baseConfig, serviceTestConfig, swc, TYPED_ARRAYS };
