import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SOCKET_PATH, SOCKET_TRANSPORTS, SUBJECTS, type DrawingProgressEvent, type DrawingProgressPayload } from '@pid/contracts';
import { encodeJson, JwtService } from '@pid/platform';
import { findFreePort } from '@pid/platform/embedded';
import { startTestServices, type TestServices, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import { connect, type NatsConnection } from 'nats';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

/**
 * Two gateway processes behind one balancer (the Ingress's role), one browser-like client. The client
 * holds its socket on one replica; when that replica dies it reconnects through the balancer to the
 * other, and progress events still reach it: every replica hears them from NATS.
 */
const SECRET = 'failover-test-secret-long-enough-for-hs256';
const gatewayMain = require.resolve('@pid/gateway/dist/main.js');

interface Replica {
  port: number;
  process: ChildProcess;
  alive: boolean;
}

let services: TestServices;
let nats: NatsConnection;
let staticDir: string;
const replicas: Replica[] = [];
let balancer: net.Server;
let balancerUrl: string;

async function startReplica(): Promise<Replica> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [gatewayMain], {
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      NATS_URL: services.natsUrl,
      JWT_SECRET: SECRET,
      STATIC_DIR: staticDir,
      ...Object.fromEntries(['AUTH', 'BILLING', 'DRAWING', 'GRAPH', 'ANALYSIS'].map((name) => [`${name}_URL`, 'http://127.0.0.1:9'])),
    },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    const answered = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return { port, process: child, alive: true };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('gateway replica did not start');
}

/** A TCP balancer: each new connection goes to the first replica still alive. */
function startBalancer(): net.Server {
  return net.createServer((client) => {
    const replica = replicas.find((candidate) => candidate.alive);
    if (!replica) return client.destroy();
    const upstream = net.connect(replica.port, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const closeBoth = () => (client.destroy(), upstream.destroy());
    client.on('error', closeBoth).on('close', closeBoth);
    upstream.on('error', closeBoth).on('close', closeBoth);
  });
}

function nextEvent(socket: Socket): Promise<DrawingProgressPayload> {
  return new Promise((resolve) => socket.once('drawingProgress', resolve));
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve) => socket.once('connect', () => resolve()));
}

async function publishProgress(progress: number): Promise<void> {
  const event: DrawingProgressEvent = { drawingId: 'd1', userId: 'alice', status: 'processing', message: 'Detecting symbols', progress };
  nats.publish(SUBJECTS.drawingProgress, encodeJson(event));
  await nats.flush();
}

beforeAll(async () => {
  services = await startTestServices();
  nats = await connect({ servers: services.natsUrl });
  staticDir = await mkdtemp(path.join(tmpdir(), 'pid-failover-static-'));
  replicas.push(await startReplica(), await startReplica());
  balancer = startBalancer().listen(0, '127.0.0.1');
  await once(balancer, 'listening');
  balancerUrl = `http://127.0.0.1:${(balancer.address() as net.AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  balancer?.close();
  for (const replica of replicas) replica.process.kill('SIGKILL');
  await nats?.drain();
  await services?.stop();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
}, HOOK_TIMEOUT_MS);

describe('Socket.IO with two gateway replicas', () => {
  it('keeps delivering progress to a client whose replica dies', async () => {
    const socket = io(balancerUrl, {
      path: SOCKET_PATH,
      transports: [...SOCKET_TRANSPORTS],
      auth: { token: new JwtService(SECRET).sign('alice') },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    try {
      await connected(socket);
      expect(socket.io.engine.transport.name).toBe('websocket');
      const first = nextEvent(socket);
      await publishProgress(10);
      expect(await first).toMatchObject({ drawingId: 'd1', progress: 10 });

      // The replica holding the socket dies; the balancer sends the reconnection to the other one.
      const reconnected = connected(socket);
      replicas[0]!.alive = false;
      replicas[0]!.process.kill('SIGKILL');
      await reconnected;
      const second = nextEvent(socket);
      await publishProgress(60);
      expect(await second).toMatchObject({ drawingId: 'd1', progress: 60 });
    } finally {
      socket.close();
    }
  });
});
