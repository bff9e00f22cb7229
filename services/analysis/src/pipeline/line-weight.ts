import type { Segment } from './lines';

// Not imported from lines.ts, which imports this module.
const segmentLength = (s: Segment) => s.end - s.start + 1;
const segmentThickness = (s: Segment) => s.hi - s.lo + 1;

/** The share of long-line length drawn at most as thick as the pen measured: the heavy pen, not the odd bar. */
const HEAVY_SHARE = 0.9;
/** Room over the pen for a scan's uneven edges and for bleed. */
const PEN_ROOM = 1.25;

/**
 * How thick a line may be on this page: `defaultCap`, unless nine tenths of its long lines' length is only found
 * under a thicker cap; then that thickness, with room for uneven edges. `defaultCap` too when the page has too
 * few long lines to say. Long lines are solid strokes at least
 * `6 × minLength` long and 15 times longer than thick (pipes and the frame; a filled area is not that slender).
 */
export function heavyPenThickness(strokes: Segment[], minLength: number, defaultCap: number): number {
  const lines = strokes
    .filter((s) => !s.dashed && segmentLength(s) >= 6 * minLength && segmentLength(s) >= 15 * segmentThickness(s))
    .sort((a, b) => segmentThickness(a) - segmentThickness(b));
  const total = lines.reduce((sum, s) => sum + segmentLength(s), 0);
  if (lines.length < 3) return defaultCap;
  let covered = 0;
  for (const line of lines) {
    covered += segmentLength(line);
    if (covered < HEAVY_SHARE * total) continue;
    // Lines the default already takes keep it: a thicker frame or bar let in beside them would be read as a table.
    return segmentThickness(line) <= defaultCap ? defaultCap : Math.ceil(PEN_ROOM * segmentThickness(line)) + 1;
  }
  return defaultCap;
}
