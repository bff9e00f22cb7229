import type { Segment } from '../pipeline/lines';

/** A solid line segment three pixels thick, centred on `at` across it, from `start` to `end` along it. */
export const lineSegment = (orientation: Segment['orientation'], at: number, start: number, end: number, stub = false): Segment => ({
  orientation,
  start,
  end,
  lo: at - 1,
  hi: at + 1,
  dashed: false,
  stub,
});

/** A solid segment from `start` to `end` along, `lo` to `hi` across. */
export const strokeSegment = (orientation: Segment['orientation'], start: number, end: number, lo: number, hi: number): Segment => ({
  orientation,
  start,
  end,
  lo,
  hi,
  dashed: false,
});
