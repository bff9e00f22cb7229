/**
 * Faults of the servers under the whole stack: NATS and PostgreSQL restart under running services,
 * and object storage goes away during an upload. The stack runs on servers of this file's own, which
 * it stops and starts on the same port and data. (A worker killed mid-job: see the README's table.)
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  findFreePort,
  startEmbeddedNats,
  startEmbeddedPostgres,
  startEmbeddedS3,
  type EmbeddedNats,
  type EmbeddedPostgres,
  type EmbeddedS3,
} from '@pid/platform/embedded';
import { box, createTestDatabase, eventually, line, svgPng, HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm } from '../stack/api-client';
import { startStack, type Stack } from '../stack/in-process-stack';

let scratch: string;
let nats: EmbeddedNats;
let natsPort: number;
let postgres: EmbeddedPostgres;
let postgresPort: number;
const postgresPassword = randomBytes(12).toString('hex');
let s3: EmbeddedS3;
let s3Stopped = false;
let stack: Stack;
let user: Account;

const startNats = () => startEmbeddedNats({ storeDir: path.join(scratch, 'nats'), port: natsPort });
const startPostgres = () =>
  startEmbeddedPostgres({ dataDir: path.join(scratch, 'postgres'), password: postgresPassword, port: postgresPort, persistent: true });

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'pid-faults-'));
  // As root, PostgreSQL runs as the postgres user, which must reach its data folder.
  await chmod(scratch, 0o755);
  [natsPort, postgresPort] = [await findFreePort(), await findFreePort()];
  [nats, postgres, s3] = await Promise.all([startNats(), startPostgres(), startEmbeddedS3(path.join(scratch, 's3'))]);
  const database = await createTestDatabase(postgres.adminUrl);
  stack = await startStack({
    databaseUrl: database.url,
    natsUrl: nats.url,
    analysisWorker: true,
    serviceEnv: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'faults',
      // A job whose worker lost NATS comes back soon.
      ANALYSIS_ACK_WAIT_MS: '3000',
    },
  });
  user = await createAccount(stack.url, stack.mailboxDir);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await stack?.close();
  await Promise.all([nats?.stop(), postgres?.stop(), s3Stopped ? undefined : s3?.stop()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, HOOK_TIMEOUT_MS);

const drawingPng = (shift: number) =>
  svgPng(640, 420, box(60 + shift, 150, 120, 90) + box(440, 150, 120, 90) + line(180 + shift, 195, 440, 195));

async function upload(name: string): Promise<string> {
  const response = await call(stack.url, 'POST', '/api/drawings', {
    token: user.token,
    body: uploadForm(await drawingPng(name.length), 'd.png', name),
  });
  expectWith(response.status, response.text).toBe(201);
  return (response.body as { _id: string })._id;
}

/** Polls `probe` until it answers a value; the stack recovers on its own, without being told, so failures meanwhile count as no answer. */
const recovers = <T>(probe: () => Promise<T | undefined>, what: string) => eventually(() => probe().catch(() => undefined), what, 30_000);

async function statusOf(drawingId: string): Promise<string> {
  const response = await call(stack.url, 'GET', `/api/drawings/${drawingId}/status`, { token: user.token });
  return (response.body as { drawingStatus: string }).drawingStatus;
}

const completed = (drawingId: string) =>
  recovers(async () => ((await statusOf(drawingId)) === 'completed' ? true : undefined), `${drawingId} completed`);

async function elementCount(drawingId: string): Promise<number> {
  const response = await call(stack.url, 'GET', `/api/drawings/${drawingId}/elements`, { token: user.token });
  return (response.body as unknown[]).length;
}

describe('NATS restarts', () => {
  it('jobs queued before the restart complete once, the services reconnect, and processing works again', async () => {
    // No worker for now: the jobs wait in JetStream through the restart.
    await stack.stopService('analysis');
    const queued = [await upload('before 1'), await upload('before 2')];
    for (const id of queued)
      expect((await call(stack.url, 'POST', `/api/drawings/${id}/process`, { token: user.token })).status).toBeLessThan(300);
    expect(await Promise.all(queued.map(statusOf))).toEqual(['processing', 'processing']);
    await nats.stop();
    let during: string;
    try {
      // While NATS is down a job cannot be queued: a clean 503, and the drawing stays as it was.
      during = await upload('during');
      const refused = await call(stack.url, 'POST', `/api/drawings/${during}/process`, { token: user.token });
      expectWith(refused.status, refused.text).toBe(503);
      expect(refused.body).toEqual({ msg: expect.any(String) });
    } finally {
      nats = await startNats();
    }
    expect(await recovers(() => statusOf(during), 'the status answering again')).toBe('uploaded');
    await stack.startService('analysis');

    for (const id of queued) await completed(id);
    const counts = await Promise.all(queued.map(elementCount));
    await recovers(
      async () => ((await call(stack.url, 'GET', '/api/health')).status === 200 ? true : undefined),
      'every service reporting NATS up',
    );
    // The gateway's progress subscription came back too: the owner's socket hears the new run.
    const socket = connectSocket(stack.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: user.token },
      reconnection: false,
    });
    const progress: Array<{ drawingId: string; status: string }> = [];
    socket.on('drawingProgress', (event) => progress.push(event));
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const after = await upload('after');
    expect((await call(stack.url, 'POST', `/api/drawings/${after}/process`, { token: user.token })).status).toBeLessThan(300);
    await completed(after);
    await recovers(
      async () => (progress.some((event) => event.drawingId === after && event.status === 'completed') ? true : undefined),
      'progress on the socket',
    );
    socket.close();
    // Once: a redelivered job never writes its elements twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await Promise.all(queued.map(elementCount))).toEqual(counts);
    expect(counts.every((count) => count > 0)).toBe(true);
  });
});

/** What a client sees while PostgreSQL is down: 503 `{ msg }` from every service that needs it. */
async function expectCleanRefusals() {
  for (const [method, path] of [
    ['GET', '/api/drawings'],
    ['GET', '/api/auth/me'],
    ['GET', '/api/payments/subscription-status'],
    ['POST', '/api/auth/login'],
  ] as const) {
    const response = await call(stack.url, method, path, {
      token: user.token,
      body: method === 'POST' ? { email: user.email, password: user.password } : undefined,
    });
    expectWith(response.status, `${method} ${path} → ${response.text}`).toBe(503);
    expectWith(response.body, `${method} ${path}`).toEqual({ msg: expect.any(String) });
  }
  const health = await call(stack.url, 'GET', '/api/health');
  expect(health.status).toBe(503);
}

describe('PostgreSQL restarts', () => {
  it('requests fail cleanly with 503 { msg } while it is down, and succeed again once it is back', async () => {
    const before = await call(stack.url, 'GET', '/api/drawings', { token: user.token });
    expect(before.status).toBe(200);
    await postgres.stop();
    try {
      await expectCleanRefusals();
    } finally {
      postgres = await startPostgres();
    }

    const recovered = await recovers(async () => {
      const response = await call(stack.url, 'GET', '/api/drawings', { token: user.token });
      return response.status === 200 ? response : undefined;
    }, 'the drawing list answering again');
    expect(recovered.text).toBe(before.text);
    const login = await call(stack.url, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    await recovers(async () => ((await call(stack.url, 'GET', '/api/health')).status === 200 ? true : undefined), 'health up');
  });
});

describe('object storage goes away', () => {
  it('an upload answers a clean 503 { msg } and leaves no drawing behind', async () => {
    const listed = async () => ((await call(stack.url, 'GET', '/api/drawings', { token: user.token })).body as unknown[]).length;
    const before = await listed();
    await s3.stop();
    s3Stopped = true;
    const response = await call(stack.url, 'POST', '/api/drawings', {
      token: user.token,
      body: uploadForm(await drawingPng(0), 'd.png', 'no storage'),
    });
    expectWith(response.status, response.text).toBe(503);
    expect(response.body).toEqual({ msg: expect.any(String) });
    expect(await listed()).toBe(before);
    const rows: Array<{ count: string }> = await stack.services.drawing.context.dataSource.query(
      "SELECT count(*) FROM drawings WHERE name = 'no storage'",
    );
    expect(Number(rows[0]!.count)).toBe(0);
  });
});
