import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServices, type TestServices, HOOK_TIMEOUT_MS } from '../test-kit';
import { createObjectStorage } from './create-storage';
import { assertObjectKey, newObjectKey, ObjectNotFoundError, type ObjectStorage } from './object-storage';

let services: TestServices;
beforeAll(async () => void (services = await startTestServices()), HOOK_TIMEOUT_MS);
afterAll(async () => services?.stop(), HOOK_TIMEOUT_MS);

const drivers: Array<[string, () => Promise<ObjectStorage>]> = [
  [
    'fs',
    () =>
      createObjectStorage({
        STORAGE_DRIVER: 'fs',
        STORAGE_DIR: path.join(services.tempDir, 'objects'),
        S3_BUCKET: 'x',
        S3_REGION: 'us-east-1',
      }),
  ],
  [
    's3',
    () =>
      createObjectStorage({
        STORAGE_DRIVER: 's3',
        STORAGE_DIR: '',
        S3_ENDPOINT: services.s3.endpoint,
        S3_ACCESS_KEY: services.s3.accessKey,
        S3_SECRET_KEY: services.s3.secretKey,
        S3_BUCKET: `storage-test-${Date.now()}`,
        S3_REGION: 'us-east-1',
      }),
  ],
];

describe.each(drivers)('%s storage driver', (_name, create) => {
  it('round-trips a file byte for byte', async () => {
    const storage = await create();
    const key = newObjectKey('drawings', 'png');
    const body = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await storage.put(key, body, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key)).equals(body)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.ping()).toBe(true);
  });

  it('refuses keys it did not generate', async () => {
    const storage = await create();
    await expect(storage.put('../../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid object key/);
    await expect(storage.get('/absolute/key')).rejects.toThrow(/Invalid object key/);
  });
});

describe('object keys', () => {
  it('are generated, dated and unique', () => {
    const key = newObjectKey('drawings', 'pdf', new Date('2026-03-04T00:00:00Z'));
    expect(key).toMatch(/^drawings\/2026\/03\/[0-9a-f-]{36}\.pdf$/);
    expect(newObjectKey('drawings')).not.toBe(newObjectKey('drawings'));
  });

  it('drop an extension that could smuggle a path', () => {
    expect(newObjectKey('drawings', '../x')).toMatch(/^drawings\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(() => assertObjectKey('drawings/2026/01/../../x')).toThrow();
  });
});
