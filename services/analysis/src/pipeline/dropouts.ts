import type { InkImage } from './components';
import { alongMargin, indexAlong, pieceJoins, segmentCenter, segmentThickness, type Segment } from './lines';

/**
 * Scan dropouts: a thin line scanned with specks of paper across it is found in pieces, and a piece between two
 * dropouts shorter than a line is not found at all. Two solid pieces on one axis join where the gap between them is
 * the line itself, broken: no bare stretch along the axis longer than a few strokes, and no ink beside the line's
 * band (a valve, a flange's bars, a reducer or a crossing pipe between two pieces of pipe reach out of it).
 * `maxGap`: the longest gap, bare stretches and unfound pieces together. Lines along the sheet's edge are left
 * alone: the frame's pieces joined would box the whole drawing.
 */
export function bridgeDropouts(segments: Segment[], ink: InkImage, unit: number, maxGap: number): Segment[] {
  let current = segments;
  for (const orientation of ['horizontal', 'vertical'] as const) {
    const along = current
      .filter((s) => s.orientation === orientation && !s.dashed && !alongMargin(orientation, segmentCenter(s), ink.width, ink.height))
      .sort((a, b) => a.start - b.start);
    const { latest, join } = pieceJoins();
    for (const a of along) {
      for (const b of along) {
        if (b.start - a.end > maxGap) break;
        if (b.start <= a.end + 1 || Math.abs(segmentCenter(a) - segmentCenter(b)) > unit) continue;
        if (latest(a) !== latest(b) && brokenLine(ink, a, b, unit)) join(a, b);
      }
    }
    current = [...new Set(current.map(latest))];
  }
  return current;
}

/** Strokes a bare stretch of a broken line may run, at most (a speck of paper across it). */
const MAX_BARE_STROKES = 2;
/** How far beside the line's band ink is looked for, in strokes. */
const BESIDE_STROKES = 2;
/** Ink along more than this many strokes of the gap, on one side of the line only, is a label touching it. */
const LABEL_STROKES = 4;

/**
 * Whether the gap from `a`'s end to `b`'s start is the line broken: short bare stretches, nothing beside it or beside
 * the pieces' ends.
 */
function brokenLine(ink: InkImage, a: Segment, b: Segment, unit: number): boolean {
  const at = indexAlong(ink.width, a.orientation === 'horizontal');
  const across = a.orientation === 'horizontal' ? ink.height : ink.width;
  const centre = Math.round((segmentCenter(a) + segmentCenter(b)) / 2);
  const half = Math.ceil(Math.max(segmentThickness(a), segmentThickness(b)) / 2) + 1;
  const maxBare = MAX_BARE_STROKES * Math.max(segmentThickness(a), segmentThickness(b)) + 2;
  const inked = (along: number, from: number, to: number) => {
    for (let side = Math.max(0, from); side <= Math.min(across - 1, to); side++) if (ink.mask[at(along, side)]) return true;
    return false;
  };
  let bare = 0;
  for (let along = a.end + 1; along < b.start; along++) {
    bare = inked(along, centre - half, centre + half) ? 0 : bare + 1;
    if (bare > maxBare) return false;
  }
  // Beside the gap, and the pieces' ends: what stands on a pipe (a valve, a flange's bars, a reducer, a crossing pipe; a
  // piece found running into a filled valve's triangle stops near its tip) reaches out of it both ways, a branch's leg
  // (a valve hung from the pipe) one way, a stroke wide. Only a label drawn touching the line, along it on one side, is
  // passed over.
  const reach = half + 1 + BESIDE_STROKES * unit;
  const [from, to] = [Math.max(a.start, a.end + 1 - maxBare), Math.min(b.end, b.start - 1 + maxBare)];
  let [below, above] = [0, 0];
  for (let along = from; along <= to; along++) {
    if (inked(along, centre - reach, centre - half - 2)) below++;
    if (inked(along, centre + half + 2, centre + reach)) above++;
  }
  const labelAlong = LABEL_STROKES * Math.max(segmentThickness(a), segmentThickness(b));
  return (below === 0 && above === 0) || (Math.min(below, above) === 0 && Math.max(below, above) > labelAlong);
}
