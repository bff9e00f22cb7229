import type { afterAll, beforeAll } from 'vitest';

/**
 * The test file's own vitest hooks. The test kit is loaded as CommonJS, where vitest cannot be
 * imported, so a test file passes its hooks in: `startForTestFile({ beforeAll, afterAll }, …)`.
 */
export interface TestFileHooks {
  beforeAll: typeof beforeAll;
  afterAll: typeof afterAll;
}

/** A `close()` for a test stack built of started pieces: closes them one after the other, in the order given. */
export function closeInOrder(...parts: Array<{ close(): Promise<void> }>): () => Promise<void> {
  return async () => {
    for (const part of parts) await part.close();
  };
}

/**
 * Starts something once for a test file and closes it after the file's tests: `start` runs in
 * `beforeAll`, `close()` in `afterAll`. `started` hands it to the file's own variables.
 */
export function startForTestFile<T extends { close(): Promise<void> }>(
  hooks: TestFileHooks,
  start: () => Promise<T>,
  started: (value: T) => void,
): void {
  let value: T | undefined;
  hooks.beforeAll(async () => {
    value = await start();
    started(value);
  });
  hooks.afterAll(async () => value?.close());
}

/**
 * `startForTestFile` for a test stack of named parts: answers one object that takes the started stack's
 * fields in `beforeAll`, so the file's tests read `billing.service`, `billing.auth` without a variable per part.
 */
export function stackForTestFile<T extends { close(): Promise<void> }>(hooks: TestFileHooks, start: () => Promise<T>): T {
  const stack = {} as T;
  startForTestFile(hooks, start, (started) => Object.assign(stack, started));
  return stack;
}
