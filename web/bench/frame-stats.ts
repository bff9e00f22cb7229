/** One gesture's frame times: the gaps between successive requestAnimationFrame callbacks. */
export interface FrameStats {
  frames: number;
  median: number;
  p95: number;
  max: number;
  /** Frames the display missed: a gap of n refresh intervals drops n − 1. */
  dropped: number;
}

/** The refresh interval of a 60 Hz display. */
export const FRAME_BUDGET_MS = 1000 / 60;

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

export function frameStats(gaps: number[]): FrameStats {
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    frames: gaps.length,
    median: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? 0,
    dropped: gaps.reduce((sum, gap) => sum + Math.max(0, Math.round(gap / FRAME_BUDGET_MS) - 1), 0),
  };
}

/** A Markdown table of the gestures' stats, one row each. */
export function frameTable(rows: Record<string, FrameStats>): string {
  const lines = ['| gesture | frames | median ms | p95 ms | max ms | dropped frames |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const [gesture, stats] of Object.entries(rows)) {
    lines.push(
      `| ${gesture} | ${stats.frames} | ${stats.median.toFixed(1)} | ${stats.p95.toFixed(1)} | ${stats.max.toFixed(1)} | ${stats.dropped} |`,
    );
  }
  return lines.join('\n');
}
