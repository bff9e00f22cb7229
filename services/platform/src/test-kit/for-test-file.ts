import type { afterAll, beforeAll } from '@jest/globals';

/**
 * How long a hook may take to start or stop a stack (jest's hooks otherwise get the test timeout,
 * 60 s): a busy 2-core machine may need minutes for migrations and several services.
 */
export const HOOK_TIMEOUT_MS = 180_000;

/**
 * The test file's own jest hooks. `@jest/globals` loads only inside jest's test environment, and
 * the test kit also loads outside it (the global setup, the soak benchmark), so a test file passes
 * its hooks in: `startForTestFile({ beforeAll, afterAll }, …)`.
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
  }, HOOK_TIMEOUT_MS);
  hooks.afterAll(async () => value?.close(), HOOK_TIMEOUT_MS);
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
