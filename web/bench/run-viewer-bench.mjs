// `npm run bench:viewer`: runs the viewer frame-time benchmark (viewer-frames.bench.ts) in Chromium
// against E2E_BASE_URL, or, without it, against a fresh local stack started here as `npm test` does.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const jest = path.join(root, 'node_modules/.bin/jest');
const runBench = (env) =>
  spawnSync(jest, ['--config', 'jest.bench.config.cjs'], { cwd: path.join(root, 'web'), stdio: 'inherit', env }).status ?? 1;

if (process.env.E2E_BASE_URL) process.exit(runBench(process.env));

const { startScratchStack } = await import('../../deploy/local/scratch-stack.mjs');
const stack = await startScratchStack('pid-bench-');
const status = runBench({ ...process.env, E2E_BASE_URL: stack.url });
const stackLog = stack.tail();
await stack.stop();
if (status !== 0) console.error(stackLog);
process.exit(status);
