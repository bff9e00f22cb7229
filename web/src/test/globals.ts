const stubbed = new Map<string, PropertyDescriptor | undefined>();

/** Replaces a global for the running test (jest has no stubGlobal); setup.ts puts every one back after it. */
export function stubGlobal(name: string, value: unknown): void {
  if (!stubbed.has(name)) stubbed.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: true });
}

export function unstubAllGlobals(): void {
  for (const [name, original] of stubbed) {
    if (original) Object.defineProperty(globalThis, name, original);
    else delete (globalThis as Record<string, unknown>)[name];
  }
  stubbed.clear();
}
