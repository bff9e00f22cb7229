/** Asks `/api/health` every half second and keeps the spans when it was not a quick 200. */
export interface HealthWatch {
  /** Milliseconds down in all, and the part of them inside `[from, to]`. */
  downMs(from?: number, to?: number): { total: number; inside: number };
  stop(): Promise<void>;
}

const SLOW_MS = 2_000;

export function watchHealth(url: string): HealthWatch {
  const down: Array<[number, number]> = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const asked = Date.now();
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(SLOW_MS) }).then(
        (response) => response.status === 200,
        () => false,
      );
      const answered = Date.now();
      // A failed probe counts as down from the previous probe on.
      if (!ok || answered - asked > SLOW_MS) down.push([asked - 500, answered]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    downMs(from = Infinity, to = -Infinity) {
      let total = 0;
      let inside = 0;
      for (const [start, end] of down) {
        total += end - start;
        inside += Math.max(0, Math.min(end, to) - Math.max(start, from));
      }
      return { total, inside };
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
