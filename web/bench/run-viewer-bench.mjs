// `npm run bench:viewer`: runs the viewer frame-time benchmark (viewer-frames.bench.ts) in Chromium
// against E2E_BASE_URL, or, without it, against a fresh local stack started here as `npm test` does.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const vitest = path.join(root, 'node_modules/.bin/vitest');
const runBench = (env) =>
  spawnSync(vitest, ['run', '--config', 'vitest.bench.config.ts'], { cwd: path.join(root, 'web'), stdio: 'inherit', env }).status ?? 1;

if (process.env.E2E_BASE_URL) process.exit(runBench(process.env));

const varDir = mkdtempSync(path.join(os.tmpdir(), 'pid-bench-'));
// As root, embedded PostgreSQL runs as the postgres user, which must reach its data folder.
chmodSync(varDir, 0o755);
process.env.LOCAL_VAR_DIR = varDir;
const { startLocalStack } = await import('../../deploy/local/local-stack.mjs');
const { findFreePort } = await import(path.join(root, 'services/platform/dist/embedded/index.js')).then(
  (module) => module.default ?? module,
);
const logs = [];
const stack = await startLocalStack({ port: await findFreePort(), log: (line) => logs.push(line) }).catch((error) => {
  console.error(logs.slice(-40).join('\n'));
  console.error(`✗ The local stack did not start: ${error.message}`);
  process.exit(1);
});
const status = runBench({ ...process.env, E2E_BASE_URL: stack.url });
await stack.stop();
rmSync(varDir, { recursive: true, force: true });
if (status !== 0) console.error(logs.slice(-40).join('\n'));
process.exit(status);
