import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStack, type Stack } from '../stack/in-process-stack';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

/**
 * Client → Ingress → gateway → auth: two proxy hops, each appending to x-forwarded-for, as
 * ingress-nginx and the gateway do. With TRUST_PROXY=2 (the chart's value) auth's rate limiter
 * counts the real client, and an address the client writes into x-forwarded-for itself changes nothing.
 */
const MAX_PER_IP = 3;
/** The value the Helm chart sets (config.trustProxy), read from its values.yaml. */
const CHART_TRUST_PROXY = /^\s+trustProxy: '(\d+)'/m.exec(
  readFileSync(path.resolve(__dirname, '../../../../charts/pid-platform/values.yaml'), 'utf8'),
)![1]!;
/** Auth's answer to a wrong password (`Invalid credentials`): the attempt got past the limiter. */
const WRONG_PASSWORD = 400;
let stack: Stack;
let ingress: http.Server;
let ingressUrl: string;

/** The Ingress stand-in: appends the address it saw (here: the `x-test-client` header) to x-forwarded-for. */
function startIngress(gatewayUrl: string): http.Server {
  return http.createServer((request, response) => {
    const client = String(request.headers['x-test-client']);
    const { 'x-test-client': _client, ...headers } = request.headers;
    const forwarded = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${client}` : client;
    const upstream = http.request(new URL(request.url!, gatewayUrl), { method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    request.pipe(upstream);
  });
}

async function login(client: string, email: string, spoofed?: string): Promise<number> {
  const response = await fetch(`${ingressUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-client': client, ...(spoofed ? { 'x-forwarded-for': spoofed } : {}) },
    body: JSON.stringify({ email, password: 'wrong-password-1' }),
  });
  return response.status;
}

beforeAll(async () => {
  stack = await startStack({ serviceEnv: { TRUST_PROXY: CHART_TRUST_PROXY, RATE_LIMIT_MAX_PER_IP: String(MAX_PER_IP) } });
  ingress = startIngress(stack.url).listen(0, '127.0.0.1');
  await once(ingress, 'listening');
  ingressUrl = `http://127.0.0.1:${(ingress.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  ingress?.close();
  await stack?.close();
}, HOOK_TIMEOUT_MS);

describe('the client address behind Ingress and gateway (TRUST_PROXY=2)', () => {
  it("is the chart's value: the Ingress and the gateway", () => expect(CHART_TRUST_PROXY).toBe('2'));

  it('limits each client by its own address, whatever it writes into x-forwarded-for', async () => {
    for (let attempt = 1; attempt <= MAX_PER_IP; attempt++)
      expect(await login('203.0.113.1', `a${attempt}@example.com`)).toBe(WRONG_PASSWORD);
    expect(await login('203.0.113.1', 'a-next@example.com')).toBe(429);
    // A leading address of the client's own choosing does not make it someone else.
    expect(await login('203.0.113.1', 'a-spoof@example.com', '198.51.100.7')).toBe(429);
    // Another client behind the same Ingress and gateway keeps its own count.
    expect(await login('203.0.113.2', 'b1@example.com')).toBe(WRONG_PASSWORD);
  });
});
