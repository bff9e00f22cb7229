// A throwaway local stack for browser tests and benchmarks: its own data folder in the system's temp
// folder, a free gateway port, and the stack's last log lines printed if it fails to start.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the stack (exits the process when it cannot); `stop()` stops it and removes its data. */
export async function startScratchStack(prefix) {
  const varDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  // As root, embedded PostgreSQL runs as the postgres user, which must reach its data folder.
  chmodSync(varDir, 0o755);
  process.env.LOCAL_VAR_DIR = varDir;
  const { startLocalStack } = await import('./local-stack.mjs');
  const { findFreePort } = await import(path.join(root, 'services/platform/dist/embedded/index.js')).then(
    (module) => module.default ?? module,
  );
  const logs = [];
  const stack = await startLocalStack({ port: await findFreePort(), log: (line) => logs.push(line) }).catch((error) => {
    console.error(logs.slice(-40).join('\n'));
    console.error(`✗ The local stack did not start: ${error.message}`);
    process.exit(1);
  });
  return {
    url: stack.url,
    /** The last lines of the stack's log, to show when what ran against it failed. */
    tail: () => logs.slice(-40).join('\n'),
    stop: async () => {
      await stack.stop();
      rmSync(varDir, { recursive: true, force: true });
    },
  };
}
