// `npm test`: lint, typecheck, build, every project's tests against real servers, then browser
// tests in Chromium against a freshly started local stack. Exits non-zero on the first failure.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build, ensureDebianPackage, ensureDependencies, nxEnv, root, run, step } from './install.mjs';

const nx = path.join(root, 'node_modules/.bin/nx');
const started = Date.now();

ensureDependencies();
if (!ensureDebianPackage('nats-server', 'nats-server')) {
  console.error('✗ nats-server is missing and cannot be installed here (needs root and apt-get). Install it, or set TEST_NATS_URL.');
  process.exit(1);
}
if (!process.env.CHROMIUM_PATH && !ensureDebianPackage('chromium', 'chromium')) {
  console.error('✗ Chromium is missing and cannot be installed here (needs root and apt-get). Install it, or set CHROMIUM_PATH.');
  process.exit(1);
}

step('Checking formatting (prettier --check)');
run(path.join(root, 'node_modules/.bin/prettier'), ['--check', '--log-level=warn', '.']);

build();

step('Lint, typecheck and tests of every project (nx run-many -t lint typecheck test, jest with coverage)');
// Imported here: istanbul is installed by ensureDependencies above.
const { clearCoverage, printCoverageSummary } = await import('./coverage.mjs');
clearCoverage();
run(nx, ['run-many', '-t', 'lint', 'typecheck', 'test', '--exclude=@pid/reliability', '--outputStyle=static', '--skip-nx-cache'], {
  env: nxEnv(),
});
// Alone, one task at a time: its budgets (a page's analysis, health answered within seconds) are the product's, and
// beside the analysis suite's training tests on 2 cores they measured the test runner's load, not the product. (Its
// dependencies' builds come from the cache the run above filled; its tests are never cached.)
step('Reliability and security suite, on its own (nx run-many -t lint typecheck test -p @pid/reliability --parallel=1)');
run(nx, ['run-many', '-t', 'lint', 'typecheck', 'test', '-p', '@pid/reliability', '--parallel=1', '--outputStyle=static'], {
  env: nxEnv(),
});
step('Coverage of every project, merged');
console.error(`(${printCoverageSummary()} projects)`);

step('Browser tests against a fresh local stack');
// Every browser test logs in from 127.0.0.1; auth's own tests cover the limits themselves.
process.env.RATE_LIMIT_MAX_PER_IP ??= '1000';
process.env.RATE_LIMIT_MAX_PER_EMAIL ??= '1000';
const { startScratchStack } = await import('./scratch-stack.mjs');
const stack = await startScratchStack('pid-e2e-');
const e2e = spawnSync(nx, ['run', '@pid/web:e2e', '--outputStyle=static', '--skip-nx-cache'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...nxEnv(), E2E_BASE_URL: stack.url },
});
const stackLog = stack.tail();
await stack.stop();
if (e2e.status !== 0) {
  console.error(stackLog);
  console.error('\n✗ Browser tests failed (the stack log is above)');
  process.exit(1);
}
console.error(`\n✔ All checks passed in ${Math.round((Date.now() - started) / 1000)} s. Screenshots: test-artifacts/screenshots/`);
