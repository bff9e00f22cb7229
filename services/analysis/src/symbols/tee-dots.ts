/** Junction dots the detector takes for small fittings. */
import type { Box, InkImage } from '../pipeline/components';
import { segmentCenter, type Segment } from '../pipeline/lines';
import type { DetectedSymbol } from '../pipeline/symbols';

/** A fitting this many strokes across at most may be a dot: larger ones are drawn, not dotted. */
const MAX_DOT_STROKES = 8;
/** A dot stands out from its pipe: at least this many times the pipe's width across it. */
const DOT_OVER_PIPE = 1.8;
/** Beside the pipe a dot's ink runs along it about as far as across (a disc); a bar across the pipe, a stroke. */
const ROUND = 0.5;

/**
 * The detections less the junction dots among them. A filled disc where pipes meet reads to the detector much as an
 * orifice plate or a small fitting does, and a fitting there splits the junction's connections; the dot stays a
 * junction, where the tracer joins the lines. Only a fitting on a solid line running on past both its sides is looked
 * at. It is a dot where its ink stands out on both sides of the line alike, to `DOT_OVER_PIPE` times the line's
 * width, and beside the line on both sides runs along it about as far as across (a disc), then stops: an orifice plate's or a flange's bar
 * across the pipe runs along it a stroke or two.
 */
export function withoutTeeDots(detected: DetectedSymbol[], ink: InkImage, lines: readonly Segment[], unit: number): DetectedSymbol[] {
  const solid = lines.filter((line) => !line.dashed);
  return detected.filter((symbol) => !(symbol.elementType === 'fitting' && onDot(symbol, ink, solid, unit)));
}

function onDot(box: Box, ink: InkImage, lines: readonly Segment[], unit: number): boolean {
  const limit = MAX_DOT_STROKES * unit;
  if (Math.max(box.x1 - box.x0, box.y1 - box.y0) + 1 > limit) return false;
  return lines.some((line) => {
    const horizontal = line.orientation === 'horizontal';
    const [alongLo, alongHi, acrossLo, acrossHi] = horizontal ? [box.x0, box.x1, box.y0, box.y1] : [box.y0, box.y1, box.x0, box.x1];
    const axis = Math.round(segmentCenter(line));
    if (axis < acrossLo || axis > acrossHi || line.start > alongLo - unit || line.end < alongHi + unit) return false;
    const inked = (along: number, across: number) => {
      const [x, y] = horizontal ? [along, across] : [across, along];
      return x >= 0 && y >= 0 && x < ink.width && y < ink.height && ink.mask[y * ink.width + x] !== 0;
    };
    // Ink from a point on, one way (along the line or across it), up to `limit`.
    const run = (along: number, across: number, step: [number, number]) => {
      let n = 0;
      while (n < limit && inked(along + step[0] * (n + 1), across + step[1] * (n + 1))) n++;
      return n;
    };
    // The dot's radius: the farthest its ink runs across the line on both sides, within the box (a branch leaving
    // one side runs on, as does a line crossing at a dot).
    let widest = { along: 0, radius: -1 };
    for (let along = alongLo; along <= alongHi; along++) {
      if (!inked(along, axis)) continue;
      const radius = Math.min(run(along, axis, [0, -1]), run(along, axis, [0, 1]));
      if (radius < limit && radius > widest.radius) widest = { along, radius };
    }
    const { along, radius } = widest;
    const [width, pipe] = [2 * radius + 1, line.hi - line.lo + 1];
    if (width < DOT_OVER_PIPE * pipe) return false;
    const into = Math.max(1, Math.round((width - pipe) / 4));
    const round = [line.lo - into, line.hi + into].every((across) => {
      if (!inked(along, across)) return false;
      const [back, on] = [run(along, across, [-1, 0]), run(along, across, [1, 0])];
      return back < limit && on < limit && back + on + 1 >= ROUND * width;
    });
    // Past the disc, off the line and off a branch leaving the disc square to it, a dot's box holds next to no ink: a
    // spectacle blind's disc has its ring beside it.
    let past = 0;
    for (let a = alongLo; a <= alongHi; a++)
      for (let c = acrossLo; c <= acrossHi; c++) {
        const offLines = (c < line.lo - 1 || c > line.hi + 1) && Math.abs(a - along) > pipe;
        if (offLines && (a - along) ** 2 + (c - axis) ** 2 > (radius + 1) ** 2 && inked(a, c)) past++;
      }
    return round && past <= width;
  });
}
