import { createObjectStorage, SERVICE_ENV, type ObjectStorage } from '@pid/platform';
import type { Provider } from '@nestjs/common';
import type { DrawingEnv } from '../env';

/** Injection token of the service's object storage. */
export const DRAWING_STORAGE = Symbol('DRAWING_STORAGE');

const instances = new WeakMap<DrawingEnv, Promise<ObjectStorage>>();

/** One storage client per service instance (per env object), shared by the API, the workers and health. */
export function drawingStorage(env: DrawingEnv): Promise<ObjectStorage> {
  let storage = instances.get(env);
  if (!storage) {
    storage = createObjectStorage(env);
    // A failed start (S3 not reachable yet) is not remembered: the next caller tries again.
    storage.catch(() => instances.delete(env));
    instances.set(env, storage);
  }
  return storage;
}

export const drawingStorageProvider: Provider = {
  provide: DRAWING_STORAGE,
  inject: [SERVICE_ENV],
  useFactory: (env: DrawingEnv) => drawingStorage(env),
};
