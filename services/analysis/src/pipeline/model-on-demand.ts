/** A model loaded at the first call and shared after, and its release (nothing to release if it was never asked for). */
export function modelOnDemand<T extends { dispose(): void }>(
  load: () => Promise<T>,
): { get: () => Promise<T>; dispose: () => Promise<void> } {
  let model: Promise<T> | undefined;
  return {
    get: () => (model ??= load()),
    dispose: async () => (await model?.catch(() => undefined))?.dispose(),
  };
}
