import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@pid/platform/embedded';

/** The local stack (`deploy/local/local-stack.mjs`): every service its own process, as in Kubernetes. */
export interface BenchStack {
  url: string;
  natsUrl: string;
  /** The stack's data folder (mails land in `mail/`). */
  varDir: string;
  stop(): Promise<void>;
  addInstance(service: string): Promise<void>;
  /** SIGKILL, then the same process again on its port. */
  kill(name: string): Promise<void>;
  processIds(): Record<string, number>;
}

/**
 * Runs `use` against a fresh local stack in a throw-away data folder, with `env` added to every process's
 * environment; prints the stack's last log lines if `use` fails, and leaves nothing behind.
 */
export async function withBenchStack(name: string, env: Record<string, string>, use: (stack: BenchStack) => Promise<void>): Promise<void> {
  const varDir = await mkdtemp(path.join(os.tmpdir(), `pid-bench-${name}-`));
  // As root, embedded PostgreSQL runs as the postgres user, which must reach its data folder.
  await chmod(varDir, 0o755);
  Object.assign(process.env, {
    LOCAL_VAR_DIR: varDir,
    LOG_LEVEL: 'warn',
    // Every request comes from 127.0.0.1; the limits would measure themselves.
    RATE_LIMIT_MAX_PER_IP: '100000000',
    RATE_LIMIT_MAX_PER_EMAIL: '100000000',
    ...env,
  });
  const localStack = path.resolve(__dirname, '../../../../deploy/local/local-stack.mjs');
  const { startLocalStack } = (await import(localStack)) as {
    startLocalStack(options: object): Promise<Omit<BenchStack, 'varDir'>>;
  };
  const logs: string[] = [];
  process.stdout.write('Starting the local stack…\n');
  const stack = await startLocalStack({ port: await findFreePort(), log: (line: string) => logs.push(line) });
  try {
    await use({ ...stack, varDir });
  } catch (error) {
    console.error(logs.slice(-30).join('\n'));
    throw error;
  } finally {
    await stack.stop();
    await rm(varDir, { recursive: true, force: true });
  }
}

/** A benchmark's entry point: a failure prints and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
