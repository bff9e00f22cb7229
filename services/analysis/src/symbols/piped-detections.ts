/** Unsure detections kept where the drawing's pipes say a symbol stands. */
import { segmentCenter, segmentThickness, type Segment } from '../pipeline/lines';
import type { DetectedSymbol } from '../pipeline/symbols';
import { overlaps } from './detected-symbols';
import { OPPOSITE_SIDE, type BoxSide } from './box-sides';

/** Pipe ends on both sides: one alone is met as often by a line stopping at text or a blot. */
const PIPED_ENDS = 2;

/**
 * Where a pipe ends at a detection's side, on its axis: a horizontal pipe ending within `reach` of the box's left
 * or right side, its centre line in the middle of the box's height (and the same turned).
 */
function pipeEndsAt(box: DetectedSymbol, segments: readonly Segment[], reach: number): Set<BoxSide> {
  const sides = new Set<BoxSide>();
  const width = box.x1 - box.x0 + 1;
  const height = box.y1 - box.y0 + 1;
  for (const segment of segments) {
    const horizontal = segment.orientation === 'horizontal';
    const [lo, hi, across] = horizontal ? [box.x0, box.x1, height] : [box.y0, box.y1, width];
    const middle = horizontal ? (box.y0 + box.y1) / 2 : (box.x0 + box.x1) / 2;
    // A box no wider across the pipe than twice its stroke is a piece of the pipe, not a symbol on it.
    if (Math.abs(segmentCenter(segment) - middle) > 0.3 * across || across < 2 * segmentThickness(segment)) continue;
    // The pipe stops at the side, not through the box: what it runs through is not a symbol it ends at.
    if (Math.abs(segment.end - lo) <= reach && segment.start < lo - reach) sides.add(horizontal ? 'left' : 'top');
    if (Math.abs(segment.start - hi) <= reach && segment.end > hi + reach) sides.add(horizontal ? 'right' : 'bottom');
  }
  return sides;
}

/**
 * Whether a kept symbol is drawn against the box's side opposite `side`, port on port (its near side within
 * `reach`, across the box's axis): a valve bolted to a reducer or to another valve has no pipe between them.
 */
function drawnAgainst(box: DetectedSymbol, side: BoxSide, neighbours: readonly DetectedSymbol[], reach: number): boolean {
  const horizontal = side === 'left' || side === 'right';
  const middle = horizontal ? (box.y0 + box.y1) / 2 : (box.x0 + box.x1) / 2;
  return neighbours.some((n) => {
    const [from, to] = horizontal ? [n.y0, n.y1] : [n.x0, n.x1];
    if (middle < from || middle > to) return false;
    const gap = { left: n.x0 - box.x1, right: box.x0 - n.x1, top: n.y0 - box.y1, bottom: box.y0 - n.y1 }[side];
    return Math.abs(gap) <= reach;
  });
}

/**
 * Pipes end at the box from `PIPED_ENDS` sides, or one does and a kept symbol is drawn against the other side, none
 * against the pipe's: a box between two symbols is the stub of pipe joining them (a scan's specks in it), whatever
 * line ends there.
 */
function piped(box: DetectedSymbol, segments: readonly Segment[], reach: number, kept: readonly DetectedSymbol[]): boolean {
  const sides = pipeEndsAt(box, segments, reach);
  if (sides.size >= PIPED_ENDS) return true;
  const [side] = sides;
  return sides.size === 1 && drawnAgainst(box, side, kept, reach) && !drawnAgainst(box, OPPOSITE_SIDE[side], kept, reach);
}

/**
 * The detector's less sure symbols that no rules symbol and no sure detection covers, kept where pipes end at
 * them on their axis (`PIPED_ENDS` sides or more, or one with a kept symbol drawn against the other side): a valve
 * or fitting the drawing's lines break for. Text beside a pipe, a piece of equipment's outline or a blot is met by
 * no pipe end.
 */
export function pipedDetections(
  symbols: readonly DetectedSymbol[],
  unsure: readonly DetectedSymbol[],
  segments: readonly Segment[],
  unit: number,
): DetectedSymbol[] {
  const reach = Math.max(3, 2 * unit);
  return unsure.filter((d) => !symbols.some((symbol) => overlaps(symbol, d)) && piped(d, segments, reach, symbols));
}

/** A candidate kept by its pipes alone: the classifier named it no symbol. */
const PIPED_CANDIDATE_CONFIDENCE = 0.5;

/**
 * The rules' valve and fitting candidates that the classifier dropped and that no detection overlaps, kept where
 * pipes end at both their sides on their axis: a symbol drawn smaller than either model has seen (DEXPI's valves,
 * 6 px across beside 7-px text) that the drawing's lines still break for.
 */
export function pipedCandidates(
  symbols: readonly DetectedSymbol[],
  candidates: readonly DetectedSymbol[],
  detections: readonly DetectedSymbol[],
  segments: readonly Segment[],
  unit: number,
): DetectedSymbol[] {
  // A bar (a stroke or two thick) across a pipe broken there is a crossing line's piece as often as a flange.
  const bar = (c: DetectedSymbol) => Math.min(c.x1 - c.x0, c.y1 - c.y0) + 1 <= 2 * unit + 1;
  const dropped = candidates.filter(
    (c) => (c.elementType === 'valve' || c.elementType === 'fitting') && !bar(c) && !detections.some((d) => overlaps(d, c)),
  );
  return pipedDetections(symbols, dropped, segments, unit).map((c) => ({ ...c, confidence: PIPED_CANDIDATE_CONFIDENCE }));
}
