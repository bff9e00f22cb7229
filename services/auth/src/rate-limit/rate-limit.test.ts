import type { ServiceHarness } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthEnv } from '../env';
import { registerAccount, startAuthService } from '../testing/auth-test-kit';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

const TOO_MANY = { msg: 'Too many requests. Please try again later.' };
const PER_IP = 4;
const PER_EMAIL = 2;

let service: ServiceHarness<AuthEnv>;
beforeAll(async () => {
  service = await startAuthService({ RATE_LIMIT_MAX_PER_IP: String(PER_IP), RATE_LIMIT_MAX_PER_EMAIL: String(PER_EMAIL) });
}, HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

let addresses = 0;
/** A client address of its own for each test, as the gateway forwards it. */
const nextClient = () => `203.0.113.${(addresses += 1)}`;
const post = (path: string, client: string, body: object) => request(service.http).post(path).set('X-Forwarded-For', client).send(body);

describe('rate limits', () => {
  it('refuse login attempts on one e-mail beyond the limit, from any address, with 429 and Retry-After', async () => {
    const body = { email: 'target@example.com', password: 'guess' };
    for (let attempt = 0; attempt < PER_EMAIL; attempt += 1) await post('/api/auth/login', nextClient(), body).expect(400);
    const refused = await post('/api/auth/login', nextClient(), { ...body, email: ' TARGET@example.com' }).expect(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    await post('/api/auth/login', nextClient(), { ...body, email: 'someone-else@example.com' }).expect(400);
  });

  it('refuse login attempts from one address beyond the limit, whatever the e-mail', async () => {
    const client = nextClient();
    for (let attempt = 0; attempt < PER_IP; attempt += 1) {
      await post('/api/auth/login', client, { email: `ip-${attempt}@example.com`, password: 'guess' }).expect(400);
    }
    await post('/api/auth/login', client, { email: 'ip-last@example.com', password: 'guess' }).expect(429, TOO_MANY);
    await post('/api/auth/login', nextClient(), { email: 'ip-last@example.com', password: 'guess' }).expect(400);
  });

  it('take the address the nearest proxy saw, so a client cannot pick its own', async () => {
    const client = nextClient();
    for (let attempt = 0; attempt < PER_IP; attempt += 1) {
      await post('/api/auth/login', `10.9.9.${attempt}, ${client}`, { email: `spoof-${attempt}@example.com`, password: 'guess' }).expect(
        400,
      );
    }
    await post('/api/auth/login', `10.9.9.99, ${client}`, { email: 'spoof-last@example.com', password: 'guess' }).expect(429, TOO_MANY);
  });

  it('count each action on its own', async () => {
    const client = nextClient();
    for (let attempt = 0; attempt < PER_EMAIL; attempt += 1)
      await post('/api/auth/login', client, { email: 'own@example.com', password: 'x' }).expect(400);
    await post('/api/auth/forgot-password', client, { email: 'own@example.com' }).expect(200);
  });

  it('apply to forgot-password', async () => {
    const client = nextClient();
    for (let attempt = 0; attempt < PER_EMAIL; attempt += 1)
      await post('/api/auth/forgot-password', client, { email: 'forgot@example.com' }).expect(200);
    await post('/api/auth/forgot-password', client, { email: 'forgot@example.com' }).expect(429, TOO_MANY);
  });

  it('apply to register', async () => {
    const client = nextClient();
    const body = { username: 'dup', email: 'register-limit@example.com', password: 'secret1' };
    await post('/api/auth/register', client, body).expect(201);
    await post('/api/auth/register', client, body).expect(400, { msg: 'User already exists' });
    await post('/api/auth/register', client, body).expect(429, TOO_MANY);
  });

  it('apply to resend-verification, per account', async () => {
    const account = await registerAccount(service);
    const resend = (client: string) =>
      request(service.http)
        .post('/api/auth/resend-verification')
        .set('X-Forwarded-For', client)
        .set('Authorization', `Bearer ${account.token}`);
    for (let attempt = 0; attempt < PER_EMAIL; attempt += 1) await resend(nextClient()).expect(200);
    await resend(nextClient()).expect(429, TOO_MANY);
  });
});
