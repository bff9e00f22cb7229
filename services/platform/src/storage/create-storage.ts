import type { StorageEnv } from '../config/env';
import { FsObjectStorage } from './fs-storage';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-storage';

/** The storage driver that the environment selects, ready to use. */
export async function createObjectStorage(env: StorageEnv): Promise<ObjectStorage> {
  if (env.STORAGE_DRIVER === 'fs') return new FsObjectStorage(env.STORAGE_DIR);
  const storage = new S3ObjectStorage({
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKey: env.S3_ACCESS_KEY!,
    secretKey: env.S3_SECRET_KEY!,
  });
  await storage.ensureBucket();
  return storage;
}
