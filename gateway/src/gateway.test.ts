import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SUBJECTS, type DrawingProgressEvent } from '@pid/contracts';
import { createLogger, encodeJson, JwtService, KEEP_ALIVE_TIMEOUT_MS, TokenVersions } from '@pid/platform';
import { eventually, startTestServices, type TestServices, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import { connect, type NatsConnection } from 'nats';
import { io as connectSocket, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGatewayApp, type GatewayApp } from './gateway-app';
import { GATEWAY_PROBE_PATHS } from './health/health.controller';
import { MAX_REQUEST_BODY_BYTES } from './proxy/body-size-limit';
import { FOREIGN_SUBSCRIPTION_REFUSED } from './realtime/progress.gateway';

const SECRET = 'gateway-test-secret-long-enough-for-hs256';

/** A stand-in service that echoes what reached it, and sends headers the gateway must drop. */
async function echoService(name: string) {
  const server = http.createServer((request, response) => {
    if (request.url === '/health/ready') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify({ status: 'up', service: name, checks: { database: 'up' } }));
    }
    if (request.url === '/openapi.json') {
      response.setHeader('content-type', 'application/json');
      return response.end(
        JSON.stringify({
          openapi: '3.0.0',
          info: { title: name, version: '1' },
          paths: { [`/api/${name}-route`]: { get: { responses: {} } } },
        }),
      );
    }
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('x-powered-by', 'leaky-framework');
      response.setHeader('set-cookie', 'session=1');
      response.setHeader('content-disposition', 'attachment; filename="x.csv"');
      response.end(JSON.stringify({ service: name, method: request.method, url: request.url, headers: request.headers, body }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let services: TestServices;
let echoes: Array<Awaited<ReturnType<typeof echoService>>>;
let gateway: GatewayApp;
let gatewayUrl: string;
let nats: NatsConnection;
const jwt = new JwtService(SECRET);

beforeAll(async () => {
  services = await startTestServices();
  echoes = await Promise.all(['auth', 'billing', 'drawing', 'graph'].map(echoService));
  const staticDir = path.join(services.tempDir, 'static');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>P&amp;ID</title><div id="root"></div>');
  gateway = await createGatewayApp({
    LOG_LEVEL: 'silent',
    PORT: '0',
    NATS_URL: services.natsUrl,
    JWT_SECRET: SECRET,
    AUTH_URL: echoes[0]!.url,
    BILLING_URL: echoes[1]!.url,
    DRAWING_URL: echoes[2]!.url,
    GRAPH_URL: echoes[3]!.url,
    // Nothing listens there: the analysis service is down in this test.
    ANALYSIS_URL: 'http://127.0.0.1:9',
    STATIC_DIR: staticDir,
  });
  await gateway.app.listen(0, '127.0.0.1');
  gatewayUrl = (await gateway.app.getUrl()).replace('[::1]', '127.0.0.1');
  nats = await connect({ servers: services.natsUrl });
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await nats?.drain();
  await gateway?.close();
  for (const echo of echoes ?? []) echo.server.close();
  await services?.stop();
}, HOOK_TIMEOUT_MS);

describe('REST proxy', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/users/profile', 'auth'],
    ['/api/payments/subscription-status', 'billing'],
    ['/api/drawings/42/status', 'drawing'],
    ['/api/drawings/42/elements', 'graph'],
    ['/api/connections/7', 'graph'],
  ])('sends %s to %s unchanged', async (url, service) => {
    const response = await request(gateway.app.getHttpServer()).get(url).expect(200);
    expect(response.body).toMatchObject({ service, url });
  });

  it('streams the body through and forwards only allowlisted headers', async () => {
    const response = await request(gateway.app.getHttpServer())
      .post('/api/auth/login')
      .set('Authorization', 'Bearer abc')
      .set('x-auth-token', 'abc')
      .set('Cookie', 'tracking=1')
      .set('X-Internal-Admin', 'yes')
      .send({ email: 'a@b.co', password: 'secret' })
      .expect(200);
    expect(JSON.parse(response.body.body)).toEqual({ email: 'a@b.co', password: 'secret' });
    expect(response.body.headers).toMatchObject({ authorization: 'Bearer abc', 'x-auth-token': 'abc', 'content-type': 'application/json' });
    expect(response.body.headers).not.toHaveProperty('cookie');
    expect(response.body.headers).not.toHaveProperty('x-internal-admin');
    expect(response.headers['content-disposition']).toBe('attachment; filename="x.csv"');
    expect(response.headers).not.toHaveProperty('x-powered-by');
    expect(response.headers).not.toHaveProperty('set-cookie');
  });

  it('answers 502 { msg } when the owning service is down, and 404 { msg } for unknown API paths', async () => {
    const saved = echoes[1]!;
    saved.server.close();
    saved.server.closeAllConnections();
    await request(gateway.app.getHttpServer())
      .get('/api/payments/products/x')
      .expect(502, { msg: 'Service unavailable. Please try again.' });
    echoes[1] = await echoService('billing');
    await request(gateway.app.getHttpServer()).get('/api/nothing-here').expect(404, { msg: 'Cannot GET /api/nothing-here' });
  });
});

describe('connections', () => {
  it('keeps idle connections open longer than the clients and proxies in front of it do', () => {
    expect(gateway.app.getHttpServer().keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  });
});

describe('body size', () => {
  it('answers 413 { msg } to a body larger than any route takes, without proxying it', async () => {
    const tooBig = Buffer.alloc(MAX_REQUEST_BODY_BYTES + 1);
    await request(gateway.app.getHttpServer())
      .post('/api/drawings')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send(tooBig)
      .expect(413, { msg: 'File size should not exceed 10MB' });
    await request(gateway.app.getHttpServer())
      .put('/api/elements/1')
      .set('Content-Type', 'application/json')
      .send(tooBig)
      .expect(413, { msg: 'Request body is too large' });
    const atLimit = await request(gateway.app.getHttpServer())
      .post('/api/drawings')
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.alloc(MAX_REQUEST_BODY_BYTES))
      .expect(200);
    expect(atLimit.body).toMatchObject({ service: 'drawing' });
  });
});

describe('health', () => {
  it('answers the probes on the paths the chart uses, up while a backend service is down', async () => {
    const live = await request(gateway.app.getHttpServer()).get(GATEWAY_PROBE_PATHS.live).expect(200);
    expect(live.body).toEqual({ status: 'up', service: 'gateway', checks: {} });
    const ready = await request(gateway.app.getHttpServer()).get(GATEWAY_PROBE_PATHS.ready).expect(200);
    expect(ready.body).toEqual({ status: 'up', service: 'gateway', checks: { nats: 'up' } });
  });

  it('aggregates every service and reports the down one', async () => {
    const response = await request(gateway.app.getHttpServer()).get('/api/health').expect(503);
    expect(response.body.status).toBe('down');
    expect(response.body.services.gateway).toEqual({ status: 'up', service: 'gateway', checks: { nats: 'up' } });
    expect(response.body.services.auth.status).toBe('up');
    expect(response.body.services.analysis).toMatchObject({ status: 'down', service: 'analysis' });
  });
});

describe('metrics', () => {
  it('serves Prometheus metrics with latency per proxied service, not to requests through the Ingress', async () => {
    await request(gateway.app.getHttpServer()).get('/api/drawings/42/status').expect(200);
    const response = await request(gateway.app.getHttpServer()).get('/metrics').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.text).toMatch(
      /^http_request_duration_seconds_count\{service="gateway",method="GET",route="proxy:drawing",status_code="200"\} [1-9]/m,
    );
    const viaIngress = await request(gateway.app.getHttpServer()).get('/metrics').set('x-forwarded-for', '203.0.113.1');
    expect(viaIngress.text).not.toContain('http_request_duration_seconds');
  });
});

describe('API docs', () => {
  it('serves the merged OpenAPI document and the browsable page', async () => {
    const document = await request(gateway.app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
    expect(Object.keys(document.body.paths)).toEqual(expect.arrayContaining(['/api/auth-route', '/api/graph-route']));
    const page = await request(gateway.app.getHttpServer()).get('/api/docs').expect(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    await request(gateway.app.getHttpServer()).get('/api/docs/assets/swagger-ui-bundle.js').expect(200);
  });
});

describe('web app', () => {
  it('answers client routes with index.html and sets security headers', async () => {
    const response = await request(gateway.app.getHttpServer()).get('/drawing/123').expect(200);
    expect(response.text).toContain('<div id="root">');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('realtime progress', () => {
  function connectAs(token: string | undefined): Promise<Socket> {
    const socket = connectSocket(gatewayUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
    });
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    });
  }

  it('refuses a socket without a valid token', async () => {
    await expect(connectAs(undefined)).rejects.toThrow('unauthorized');
    await expect(connectAs('forged.token.value')).rejects.toThrow('unauthorized');
  });

  it('refuses a token from before the user’s last password reset or e-mail change', async () => {
    const before = jwt.sign('carol');
    (await connectAs(before)).close();
    // What auth does on a reset: raise the user's token version in the bucket the gateway watches.
    const versions = await TokenVersions.watch(nats, createLogger('test', 'silent'));
    await versions.raise('carol', 1);
    versions.stop();
    const refusal = await eventually(
      () =>
        connectAs(before).then(
          (socket) => void socket.close(),
          (error: Error) => error.message,
        ),
      'the gateway to refuse the old token',
    );
    expect(refusal).toBe('unauthorized');
    (await connectAs(jwt.sign('carol', 1))).close();
  });

  it('honours subscribeToDrawings for the user’s own drawings and refuses it for anyone else’s', async () => {
    const alice = await connectAs(jwt.sign('alice'));
    const bob = await connectAs(jwt.sign('bob'));
    const refusals: unknown[] = [];
    bob.on('exception', (error) => refusals.push(error));
    try {
      expect(await alice.timeout(2_000).emitWithAck('subscribeToDrawings', 'alice')).toEqual({ subscribed: true });
      bob.emit('subscribeToDrawings', 'alice');
      await eventually(() => refusals[0], 'the refusal');
      expect(refusals).toEqual([{ status: 'error', message: FOREIGN_SUBSCRIPTION_REFUSED }]);
      expect(bob.connected).toBe(true);
    } finally {
      alice.close();
      bob.close();
    }
  });

  it("delivers drawingProgress to the owner's sockets only", async () => {
    const alice = await connectAs(jwt.sign('alice'));
    const bob = await connectAs(jwt.sign('bob'));
    alice.emit('subscribeToDrawings', 'alice');
    // Bob announcing Alice's id must not get him her events.
    bob.emit('subscribeToDrawings', 'alice');
    const aliceGot: unknown[] = [];
    const bobGot: unknown[] = [];
    alice.on('drawingProgress', (event) => aliceGot.push(event));
    bob.on('drawingProgress', (event) => bobGot.push(event));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const event: DrawingProgressEvent = {
      drawingId: 'd1',
      userId: 'alice',
      status: 'processing',
      message: 'Detecting symbols',
      progress: 40,
    };
    nats.publish(SUBJECTS.drawingProgress, encodeJson(event));
    await nats.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    alice.close();
    bob.close();
    expect(aliceGot).toEqual([{ drawingId: 'd1', status: 'processing', message: 'Detecting symbols', progress: 40 }]);
    expect(bobGot).toEqual([]);
  });
});

describe('configuration', () => {
  it('refuses to start with an invalid service target, naming it', async () => {
    await expect(
      createGatewayApp({
        NATS_URL: services.natsUrl,
        JWT_SECRET: SECRET,
        AUTH_URL: 'not a url',
        BILLING_URL: 'x',
        DRAWING_URL: 'x',
        GRAPH_URL: 'x',
        ANALYSIS_URL: 'x',
      }),
    ).rejects.toThrow(/^Invalid environment: AUTH_URL: must be an http\(s\):\/\/ URL of the service$/);
  });
});
