/** Asks `/api/health` every half second and keeps each probe that was not a quick 200. */
export interface HealthWatch {
  /** When the watch began (ms since the epoch). */
  began: number;
  /**
   * Milliseconds down in all, and the part of it from failed probes that overlap `[from, to]` (a planned outage).
   * A failed probe counts from the previous probe on, so a short outage is not counted as nothing.
   */
  downMs(from?: number, to?: number): { total: number; inside: number };
  /** The failed probes, for the report: when (ms since the watch began), the status (0: no answer) and how long. */
  failures(): string[];
  stop(): Promise<void>;
}

const SLOW_MS = 2_000;
const INTERVAL_MS = 500;

export function watchHealth(url: string): HealthWatch {
  const began = Date.now();
  const failed: Array<{ asked: number; answered: number; status: number }> = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const asked = Date.now();
      const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(SLOW_MS) }).then(
        (response) => response.status,
        () => 0,
      );
      const answered = Date.now();
      if (status !== 200 || answered - asked > SLOW_MS) failed.push({ asked, answered, status });
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    }
  })();
  return {
    began,
    downMs(from = Infinity, to = -Infinity) {
      let total = 0;
      let inside = 0;
      for (const { asked, answered } of failed) {
        const span = answered - asked + INTERVAL_MS;
        total += span;
        if (answered >= from && asked <= to) inside += span;
      }
      return { total, inside };
    },
    failures: () =>
      failed.map(({ asked, answered, status }) => `${((asked - began) / 1000).toFixed(1)} s: ${status} in ${answered - asked} ms`),
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
