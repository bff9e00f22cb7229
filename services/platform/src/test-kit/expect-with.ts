import type { expect } from '@jest/globals';

/**
 * `expect(actual)` whose failures start with `message`, for checks in a loop or a helper where the
 * matcher's own output does not say which case failed: jest's `expect` takes no message.
 */
export function expectWith<T>(actual: T, message: string): ReturnType<typeof expect<T>> {
  // Required here, not imported: the test kit also loads outside jest (the soak benchmark), where @jest/globals throws.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const jest = require('@jest/globals') as typeof import('@jest/globals');
  return saying(jest.expect(actual), message);
}

function saying<M extends object>(matchers: M, message: string): M {
  return new Proxy(matchers, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (key === 'not' || key === 'resolves' || key === 'rejects') return saying(value as object, message);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(target, args);
          return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(prefixed(error, message))) : result;
        } catch (error) {
          throw prefixed(error, message);
        }
      };
    },
  });
}

function prefixed(error: unknown, message: string): unknown {
  if (error instanceof Error) error.message = `${message}\n\n${error.message}`;
  return error;
}
