/**
 * Web security headers of the gateway, on the web app, the API and drawing files: CSP with
 * frame-ancestors, nosniff, HSTS in production only, CORS for the configured origin only, and no
 * cookies at all (the login token travels in a header, spec §6).
 */
import { createGatewayApp, type GatewayApp } from '@pid/gateway/dist/gateway-app';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm } from '../stack/api-client';
import { startStack, type ServiceName, type Stack } from '../stack/in-process-stack';
import { samplePng, HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

const ALLOWED_ORIGIN = 'https://app.example.com';
const FOREIGN_ORIGIN = 'https://evil.example';

/** The stack's gateway runs as in production, with one CORS origin; a second one as in development, without. */
let stack: Stack;
let development: GatewayApp;
let developmentUrl: string;
let user: Account;
let drawingId: string;

beforeAll(async () => {
  stack = await startStack({ gatewayEnv: { NODE_ENV: 'production', CORS_ORIGINS: ALLOWED_ORIGIN } });
  const targets = Object.fromEntries(
    await Promise.all(
      (Object.keys(stack.services) as ServiceName[]).map(async (name) => [
        `${name.toUpperCase()}_URL`,
        (await stack.services[name].app.getUrl()).replace('[::1]', '127.0.0.1'),
      ]),
    ),
  );
  development = await createGatewayApp({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
    NATS_URL: stack.serviceEnv.NATS_URL,
    JWT_SECRET: stack.serviceEnv.JWT_SECRET,
    STATIC_DIR: stack.gateway.env.STATIC_DIR,
    ...targets,
  });
  await development.app.listen(0, '127.0.0.1');
  developmentUrl = (await development.app.getUrl()).replace('[::1]', '127.0.0.1');
  user = await createAccount(stack.url, stack.mailboxDir);
  const uploaded = await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: uploadForm(await samplePng(), 'a.png') });
  drawingId = (uploaded.body as { _id: string })._id;
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await development?.close();
  await stack?.close();
}, HOOK_TIMEOUT_MS);

/** One response of each kind the gateway gives: the web app, a proxied JSON answer, an image, an error. */
const samples = () => [
  ['the web app', '/drawing/123'],
  ['a proxied JSON answer', '/api/drawings'],
  ['a drawing file', `/api/drawings/${drawingId}/file`],
  ['an API error', '/api/drawings/not-a-drawing'],
  ['the health check', '/api/health'],
];

describe('every response', () => {
  it('carries a CSP that forbids framing and foreign scripts, and nosniff', async () => {
    for (const [label, path] of samples()) {
      const response = await call(stack.url, 'GET', path!, { token: user.token });
      const csp = response.headers.get('content-security-policy') ?? '';
      expectWith(csp, label).toContain("frame-ancestors 'none'");
      expectWith(csp, label).toContain("default-src 'self'");
      expectWith(csp, label).toMatch(/script-src 'self'(;|$)/);
      expectWith(csp, label).not.toContain('unsafe-eval');
      expectWith(response.headers.get('x-content-type-options'), label).toBe('nosniff');
      expectWith(response.headers.get('x-powered-by'), label).toBeNull();
    }
  });

  it('has HSTS in production mode only', async () => {
    for (const [label, path] of samples()) {
      const production = await call(stack.url, 'GET', path!, { token: user.token });
      expectWith(production.headers.get('strict-transport-security'), label).toMatch(/max-age=\d{7,}/);
      const local = await call(developmentUrl, 'GET', path!, { token: user.token });
      expectWith(local.headers.get('strict-transport-security'), label).toBeNull();
    }
  });

  it('sets no cookie anywhere: logging in, reading, uploading, realtime', async () => {
    const responses = [
      await call(stack.url, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } }),
      await call(stack.url, 'GET', '/api/auth/me', { token: user.token }),
      await call(stack.url, 'POST', '/api/drawings', { token: user.token, body: uploadForm(await samplePng(), 'b.png') }),
      await call(stack.url, 'GET', '/socket.io/?EIO=4&transport=polling', { headers: { Authorization: `Bearer ${user.token}` } }),
      ...(await Promise.all(samples().map(([, path]) => call(stack.url, 'GET', path!, { token: user.token })))),
    ];
    for (const response of responses) expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('CORS', () => {
  const preflight = (baseUrl: string, origin: string) =>
    call(baseUrl, 'OPTIONS', '/api/drawings', {
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });

  it('allows the configured origin only, for preflights and actual requests', async () => {
    const allowed = await preflight(stack.url, ALLOWED_ORIGIN);
    expect(allowed.status).toBeLessThan(300);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const foreign = await preflight(stack.url, FOREIGN_ORIGIN);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const actual = await call(stack.url, 'GET', '/api/drawings', { token: user.token, headers: { Origin: FOREIGN_ORIGIN } });
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
    expect(actual.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('allows no origin at all when none is configured, and never a wildcard', async () => {
    for (const origin of [ALLOWED_ORIGIN, FOREIGN_ORIGIN, 'null']) {
      const response = await preflight(developmentUrl, origin);
      expectWith(response.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const production = await preflight(stack.url, 'null');
    expect(production.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the realtime channel follows the same rule', async () => {
    const handshake = (origin: string) => call(stack.url, 'GET', '/socket.io/?EIO=4&transport=polling', { headers: { Origin: origin } });
    expect((await handshake(ALLOWED_ORIGIN)).headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect((await handshake(FOREIGN_ORIGIN)).headers.get('access-control-allow-origin')).toBeNull();
  });
});
