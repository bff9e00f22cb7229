import { useRef, useState } from 'react';

/**
 * Functions with a fixed identity that always call the latest render's `callbacks`: memoised
 * children (the viewer's sidebar rows) then skip re-rendering when only the parent's state moved.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any callback signature is allowed
export function useStableCallbacks<T extends { [K in keyof T]: (...args: any[]) => unknown }>(callbacks: T): T {
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const [stable] = useState(
    () =>
      Object.fromEntries(Object.keys(callbacks).map((key) => [key, (...args: unknown[]) => latest.current[key as keyof T](...args)])) as T,
  );
  return stable;
}
