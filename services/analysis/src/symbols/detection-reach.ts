/**
 * Where pipes reach a detected symbol, when that is more than its box (`DetectedSymbol.reach`, which the tracer joins
 * pipes to). The rules' candidates keep the ink joined to a symbol: its leg to a junction dot or to a pipe, too short
 * to be found as a line (a drain valve on a tee), and the rules' symbols keep their candidate as their reach. A
 * detection lying in a candidate takes the candidate as its reach too, where the candidate holds no other detection
 * and reaches at most `MAX_REACH_STROKES` stroke widths and `REACH_SLACK` pixels past the detection's box (more is a
 * run of pipe; the pixels for hairlines, whose stroke is a pixel or two). An off-page connector's may reach as far as
 * the connector is thick: the detector often leaves out a long connector's pointed end, where its pipe arrives.
 */
import { boxArea, overlapArea, unionBox, type Box } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';

export const MAX_REACH_STROKES = 8;
export const REACH_SLACK = 4;

/** A candidate holds a detection when it covers this share of it. */
export const HELD = 0.85;

/** Whether `candidate` reaches no further than `past` pixels beyond `box` on any side. */
export function reachesAtMost(candidate: Box, box: Box, past: number): boolean {
  return box.x0 - candidate.x0 <= past && candidate.x1 - box.x1 <= past && box.y0 - candidate.y0 <= past && candidate.y1 - box.y1 <= past;
}

/** A candidate holds another detection when it covers this share of it. */
const HOLDS_OTHER = 0.2;

export function withReach(detected: DetectedSymbol[], candidates: Box[], unit: number): DetectedSymbol[] {
  const legs = MAX_REACH_STROKES * unit + REACH_SLACK;
  return detected.map((symbol) => {
    const thickness = Math.min(symbol.x1 - symbol.x0, symbol.y1 - symbol.y0);
    const past = symbol.elementType === 'off_page_connector' ? Math.max(legs, thickness) : legs;
    const holding = candidates.filter(
      (candidate) =>
        overlapArea(candidate, symbol) >= HELD * boxArea(symbol) &&
        reachesAtMost(candidate, symbol, past) &&
        detected.every((other) => other === symbol || overlapArea(candidate, other) < HOLDS_OTHER * boxArea(other)),
    );
    const reach = holding.reduce<Box>(unionBox, symbol);
    const larger = reach.x0 < symbol.x0 || reach.y0 < symbol.y0 || reach.x1 > symbol.x1 || reach.y1 > symbol.y1;
    return larger ? { ...symbol, reach: { x0: reach.x0, y0: reach.y0, x1: reach.x1, y1: reach.y1 } } : symbol;
  });
}
