import { MIN_PASSWORD_LENGTH_REGISTER } from '@pid/contracts';
import { loadEnv } from '@pid/platform';
import { tablesInSchema, type ServiceHarness, HOOK_TIMEOUT_MS } from '@pid/platform/test-kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authEnvSchema, type AuthEnv } from './env';
import { PASSWORD_MAX_LENGTH } from './validation/account-fields';
import { startAuthService } from './testing/auth-test-kit';

let service: ServiceHarness<AuthEnv>;
beforeAll(async () => void (service = await startAuthService()), HOOK_TIMEOUT_MS);
afterAll(async () => service?.close(), HOOK_TIMEOUT_MS);

describe('auth service', () => {
  it('creates its tables in the auth schema', async () => {
    expect(await tablesInSchema(service, 'auth')).toEqual(['auth_tokens', 'migrations', 'users']);
  });

  it('is ready when its database and NATS answer', async () => {
    await request(service.http).get('/health/ready').expect(200);
  });

  it('documents every endpoint under /api, with bearer auth where a login is needed', async () => {
    const { body } = await request(service.http).get('/openapi.json').expect(200);
    const operations = Object.entries(body.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, secured: !!operation.security })),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        { route: 'POST /api/auth/register', secured: false },
        { route: 'POST /api/auth/login', secured: false },
        { route: 'GET /api/auth', secured: true },
        { route: 'GET /api/auth/me', secured: true },
        { route: 'PUT /api/users/profile', secured: true },
        { route: 'GET /api/auth/verify-email/{token}', secured: false },
        { route: 'POST /api/auth/resend-verification', secured: true },
        { route: 'POST /api/auth/forgot-password', secured: false },
        { route: 'GET /api/auth/verify-reset-token/{token}', secured: false },
        { route: 'POST /api/auth/reset-password', secured: false },
      ]),
    );
    expect(operations).toHaveLength(10);
    const register = body.components.schemas.RegisterDto;
    expect(Object.keys(register.properties).sort()).toEqual(['email', 'password', 'username']);
    expect(register.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
    // Documented from the zod schema that validates the body: the limits cannot drift apart.
    expect(register.properties.password).toMatchObject({
      type: 'string',
      minLength: MIN_PASSWORD_LENGTH_REGISTER,
      maxLength: PASSWORD_MAX_LENGTH,
    });
  });
});

describe('auth environment', () => {
  const base = { PORT: '0', DATABASE_URL: 'postgres://u@127.0.0.1/db', NATS_URL: 'nats://127.0.0.1:4222', JWT_SECRET: 'x'.repeat(32) };

  it('has defaults for everything but the platform variables', () => {
    const env = loadEnv(authEnvSchema, base);
    expect(env.SMTP_URL).toBeUndefined();
    expect(env).toMatchObject({
      PUBLIC_URL: 'http://localhost:8080',
      MAIL_FROM: 'P&ID Digitizer <no-reply@localhost>',
      MAILBOX_DIR: 'var/mail',
      EMAIL_VERIFICATION_TTL_SECONDS: 86_400,
      PASSWORD_RESET_TTL_SECONDS: 3600,
      RATE_LIMIT_WINDOW_SECONDS: 900,
      RATE_LIMIT_MAX_PER_IP: 10,
      RATE_LIMIT_MAX_PER_EMAIL: 5,
      TRUST_PROXY: 'loopback',
      SUBSCRIPTION_LOOKUP_TIMEOUT_MS: 1500,
    });
  });

  it('reads TRUST_PROXY as hop count, address list or false, and refuses true', () => {
    expect(loadEnv(authEnvSchema, { ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv(authEnvSchema, { ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv(authEnvSchema, { ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8');
    expect(() => loadEnv(authEnvSchema, { ...base, TRUST_PROXY: 'true' })).toThrow(/^Invalid environment: TRUST_PROXY: /);
  });

  it('refuses production without SMTP_URL, in one line naming it', () => {
    expect(() => loadEnv(authEnvSchema, { ...base, NODE_ENV: 'production' })).toThrow(
      'Invalid environment: SMTP_URL: must be set when NODE_ENV=production (the mailbox folder is for development)',
    );
    expect(() => loadEnv(authEnvSchema, { ...base, NODE_ENV: 'production', SMTP_URL: '' })).toThrow(
      /^Invalid environment: SMTP_URL: must be set/,
    );
    expect(loadEnv(authEnvSchema, { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' }).SMTP_URL).toBe('smtp://mail:587');
  });

  it('names a bad mail or link setting in one line', () => {
    expect(() => loadEnv(authEnvSchema, { ...base, SMTP_URL: 'http://mail' })).toThrow(
      'Invalid environment: SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    expect(() => loadEnv(authEnvSchema, { ...base, PUBLIC_URL: 'example.com' })).toThrow(/^Invalid environment: PUBLIC_URL: /);
    expect(() => loadEnv(authEnvSchema, { ...base, RATE_LIMIT_MAX_PER_IP: '0' })).toThrow(/^Invalid environment: RATE_LIMIT_MAX_PER_IP: /);
    const env = loadEnv(authEnvSchema, { ...base, SMTP_URL: '', PUBLIC_URL: 'https://pid.example.com/' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('https://pid.example.com');
  });
});
