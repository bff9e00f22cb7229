import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedNats } from '../embedded/nats-server';
import { startNatsContainer } from './containers';
import { SHARED_SERVICES_ENV, type SharedTestServices } from './shared-services';

export type { SharedTestServices } from './shared-services';

export { SHARED_SERVICES_ENV } from './shared-services';

export interface TestServices {
  /** A database of its own for this test file, dropped by `stop()`. */
  databaseUrl: string;
  /** A NATS server (JetStream on) for this test file. */
  natsUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string };
  /** A scratch folder of its own, removed by `stop()`. */
  tempDir: string;
  /** The environment a service needs to start against these servers. */
  serviceEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** Drops the database, stops the NATS server, removes the scratch folder. */
  stop(): Promise<void>;
}

/**
 * Real servers for one test file: a fresh database and a NATS server of its own, beside the run's
 * S3 server. Call it in `beforeAll` and `stop()` it in `afterAll`.
 */
export async function startTestServices(): Promise<TestServices> {
  const described = process.env[SHARED_SERVICES_ENV];
  if (!described)
    throw new Error(`${SHARED_SERVICES_ENV} is not set: run tests through jest with the test kit's global setup (jest.shared.cjs)`);
  const shared = JSON.parse(described) as SharedTestServices;
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const database = await createTestDatabase(shared.postgres.adminUrl);
    cleanups.push(database.drop);
    const tempDir = await mkdtemp(path.join(os.tmpdir(), 'pid-test-'));
    cleanups.push(() => rm(tempDir, { recursive: true, force: true }));
    const nats = await natsForFile(shared, tempDir);
    cleanups.push(nats.stop);
    return {
      databaseUrl: database.url,
      natsUrl: nats.url,
      s3: shared.s3,
      tempDir,
      serviceEnv: (extra = {}) => ({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: '0',
        DATABASE_URL: database.url,
        NATS_URL: nats.url,
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
        STORAGE_DRIVER: 'fs',
        STORAGE_DIR: path.join(tempDir, 'storage'),
        ...extra,
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function natsForFile(shared: SharedTestServices, tempDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (shared.nats.from === 'env') return { url: shared.nats.url!, stop: async () => undefined };
  if (shared.nats.from === 'container') {
    const started = await startNatsContainer();
    return { url: started.value, stop: started.stop };
  }
  return startEmbeddedNats({ storeDir: path.join(tempDir, 'nats') });
}

/** Creates an empty database on the server of `adminUrl`; `drop` removes it even with open sessions. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export * from './service-harness';
export * from './for-test-file';
export * from './test-service-definition';
export * from './account-stand-ins';
export * from './sample-documents';
export * from './eventually';
export * from './nats-stand-in';
export * from './sample-drawings';
export * from './sample-files';
export * from './expect-with';
