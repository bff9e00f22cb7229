// `npm start`: install what is missing, build, and run the whole product on this machine.
// Ctrl-C stops every process it started.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build, ensureDependencies, ensureDebianPackage, root, step } from './install.mjs';

// A .env beside package.json (see .env.example) fills in what the shell does not set.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

ensureDependencies();
build();
if (!process.env.NATS_URL) ensureDebianPackage('nats-server', 'nats-server');

const { startLocalStack } = await import('./local-stack.mjs');
let stack;
const shutdown = async (code) => {
  step('Stopping…');
  await stack?.stop();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
process.once('SIGHUP', () => void shutdown(0));

try {
  stack = await startLocalStack({ onCrash: () => process.exit(1) });
  console.error(
    `\n✔ P&ID platform is running at ${stack.url}  (API docs: ${stack.url}/api/docs, health: ${stack.url}/api/health)\n  Press Ctrl-C to stop.`,
  );
} catch (error) {
  console.error(`\n✗ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
