import { describe, expect, it } from '@jest/globals';
import { baseEnvSchema, jwtEnvSchema, loadEnv, storageEnvSchema } from './env';

const good = { PORT: '3001', DATABASE_URL: 'postgres://u@127.0.0.1:5432/db', NATS_URL: 'nats://127.0.0.1:4222' };

describe('loadEnv', () => {
  it('parses and applies defaults', () => {
    const env = loadEnv(baseEnvSchema, good);
    expect(env).toMatchObject({ PORT: 3001, NODE_ENV: 'development', LOG_LEVEL: 'info' });
  });

  it('names the missing variable in one line', () => {
    expect(() => loadEnv(baseEnvSchema, { ...good, DATABASE_URL: undefined })).toThrow(/^Invalid environment: DATABASE_URL: /);
  });

  it('rejects a URL of the wrong kind', () => {
    expect(() => loadEnv(baseEnvSchema, { ...good, DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadEnv(baseEnvSchema, { ...good, NATS_URL: 'http://x' })).toThrow(/NATS_URL/);
  });

  it('has no default JWT secret and refuses a weak one', () => {
    expect(() => loadEnv(jwtEnvSchema, {})).toThrow(/JWT_SECRET: must be set/);
    expect(() => loadEnv(jwtEnvSchema, { JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32 characters/);
  });

  it('needs S3 credentials only for the s3 driver', () => {
    expect(loadEnv(storageEnvSchema, {}).STORAGE_DRIVER).toBe('fs');
    expect(() => loadEnv(storageEnvSchema, { STORAGE_DRIVER: 's3' })).toThrow(/S3_ENDPOINT: must be set when STORAGE_DRIVER=s3/);
  });
});
