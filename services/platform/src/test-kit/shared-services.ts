import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../embedded/embedded-postgres';
import { ensureNatsServerBinary } from '../embedded/nats-server';
import { startEmbeddedS3 } from '../embedded/s3-server';
import { dockerEngineAnswers, startMinioContainer, startPostgresContainer } from './containers';

/** Set by the global setup; jest's test workers are forked after it and inherit it. */
export const SHARED_SERVICES_ENV = 'PID_TEST_KIT_SERVICES';

export type Provenance = 'env' | 'container' | 'embedded';

/** What the global setup hands to every test file of a run. */
export interface SharedTestServices {
  postgres: { adminUrl: string; from: Provenance };
  s3: { endpoint: string; accessKey: string; secretKey: string; from: Provenance };
  /** NATS is per test file (streams would collide); this says where each file gets its server. */
  nats: { url?: string; from: Provenance };
}

export interface StartedSharedServices {
  services: SharedTestServices;
  stop(): Promise<void>;
}

/**
 * Gives a test run PostgreSQL, S3 and NATS, trying for each: URLs from the environment, then
 * testcontainers when a Docker engine answers, then embedded servers on free loopback ports.
 */
export async function startSharedTestServices(): Promise<StartedSharedServices> {
  const stops: Array<() => Promise<void>> = [];
  const docker = await dockerEngineAnswers();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'pid-test-kit-'));
  stops.push(() => rm(scratch, { recursive: true, force: true }));
  // As root, PostgreSQL runs as the `postgres` user and must reach its data folder in here.
  await chmod(scratch, 0o755);
  try {
    let postgres: SharedTestServices['postgres'];
    if (process.env.TEST_DATABASE_URL) {
      postgres = { adminUrl: process.env.TEST_DATABASE_URL, from: 'env' };
    } else if (docker) {
      const started = await startPostgresContainer();
      stops.push(started.stop);
      postgres = { adminUrl: started.value, from: 'container' };
    } else {
      const started = await startEmbeddedPostgres({
        dataDir: path.join(scratch, 'postgres'),
        password: randomBytes(12).toString('hex'),
        persistent: false,
      });
      stops.push(started.stop);
      postgres = { adminUrl: started.adminUrl, from: 'embedded' };
    }

    let s3: SharedTestServices['s3'];
    if (process.env.TEST_S3_ENDPOINT) {
      s3 = {
        endpoint: process.env.TEST_S3_ENDPOINT,
        accessKey: process.env.TEST_S3_ACCESS_KEY ?? '',
        secretKey: process.env.TEST_S3_SECRET_KEY ?? '',
        from: 'env',
      };
    } else if (docker) {
      const started = await startMinioContainer();
      stops.push(started.stop);
      s3 = { ...started.value, from: 'container' };
    } else {
      const started = await startEmbeddedS3(path.join(scratch, 's3'));
      stops.push(started.stop);
      s3 = { endpoint: started.endpoint, accessKey: started.accessKey, secretKey: started.secretKey, from: 'embedded' };
    }

    let nats: SharedTestServices['nats'];
    if (process.env.TEST_NATS_URL) nats = { url: process.env.TEST_NATS_URL, from: 'env' };
    else if (docker) nats = { from: 'container' };
    else {
      ensureNatsServerBinary();
      nats = { from: 'embedded' };
    }

    return { services: { postgres, s3, nats }, stop: () => stopAll(stops) };
  } catch (error) {
    await stopAll(stops);
    throw error;
  }
}

async function stopAll(stops: Array<() => Promise<void>>): Promise<void> {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
