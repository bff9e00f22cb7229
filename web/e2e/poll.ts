import { expect } from '@jest/globals';

export interface PollOptions {
  /** How long to keep trying, in ms. */
  timeout?: number;
  /** The pause between tries, in ms. */
  interval?: number;
  /** Put before the last failure when time runs out. */
  message?: string;
}

type Check<T> = (matchers: ReturnType<typeof expect<T>>) => void;

/**
 * Calls `probe` until the matcher passes on its value (jest has no `expect.poll`; by default for 5 s, every
 * 50 ms: the stack answers slower on a loaded CI machine); a probe that throws is tried again. Then throws the
 * last failure.
 */
export function poll<T>(probe: () => T | Promise<T>, { timeout = 5000, interval = 50, message }: PollOptions = {}) {
  const until = async (check: Check<Awaited<T>>): Promise<void> => {
    const deadline = Date.now() + timeout;
    for (;;) {
      try {
        return check(expect(await probe()));
      } catch (error) {
        if (Date.now() >= deadline) {
          if (message && error instanceof Error) error.message = `${message}\n\n${error.message}`;
          throw error;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  };
  return {
    toBe: (expected: Awaited<T>) => until((value) => value.toBe(expected)),
    toBeGreaterThan: (expected: number) => until((value) => value.toBeGreaterThan(expected)),
    toContain: (expected: string) => until((value) => value.toContain(expected)),
    not: { toBe: (expected: Awaited<T>) => until((value) => value.not.toBe(expected)) },
  };
}
