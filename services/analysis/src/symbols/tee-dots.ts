/** Junction dots the detector takes for small fittings. */
import { boxesTouch, containsPoint, inkAt, type Box, type InkImage } from '../pipeline/components';
import type { Segment } from '../pipeline/lines';
import { acrossProfile, pipeCentre } from '../pipeline/pipe-profile';
import type { DetectedSymbol } from '../pipeline/symbols';

/** A fitting this many strokes across at most may be a dot: larger ones are drawn, not dotted. */
const MAX_DOT_STROKES = 8;
/** A dot stands out from its pipe: at least this many times the pipe's width across it. */
const DOT_OVER_PIPE = 1.8;
/** Beside the pipe a dot's ink runs along it about as far as across (a disc); a bar across the pipe, a stroke. */
const ROUND = 0.5;
/** A disc drawn as a symbol is round: beside the pipe its ink runs along it nearly as far as across. */
const ROUND_SYMBOL = 0.8;

/**
 * The detections less the junction dots among them. A filled disc where pipes meet reads to the detector much as an
 * orifice plate or a small fitting does, and a fitting there splits the junction's connections; the dot stays a
 * junction, where the tracer joins the lines. Only a fitting on a solid line running on past both its sides is looked
 * at. It is a dot where its ink stands out on both sides of the line alike, to `DOT_OVER_PIPE` times the line's
 * width, and beside the line on both sides runs along it about as far as across (a disc), then stops: an orifice
 * plate's or a flange's bar across the pipe runs along it a stroke or two. Ink in the box of a detection touching the
 * fitting that is no fitting is that symbol's: a valve drawn right at the tee reaches into the box the detector gives
 * the dot. A round disc that no line and no such symbol leaves square is a symbol drawn on a straight pipe, kept.
 */
export function withoutTeeDots(detected: DetectedSymbol[], ink: InkImage, lines: readonly Segment[], unit: number): DetectedSymbol[] {
  const solid = lines.filter((line) => !line.dashed);
  const nonFittings = detected.filter((symbol) => symbol.elementType !== 'fitting');
  return detected.filter((symbol) => {
    if (symbol.elementType !== 'fitting') return true;
    const touching = nonFittings.filter((other) => boxesTouch(other, symbol, 0));
    return !onDot(symbol, ink, solid, unit, touching);
  });
}

/** The box read along and across one line: its spans, the line's axis, and the ink at a point so read. */
interface LineFrame {
  along: [number, number];
  across: [number, number];
  axis: number;
  inked: (along: number, across: number) => boolean;
  /** Whether a point so read lies in the box of a detection touching the fitting (a valve right at the tee). */
  theirs: (along: number, across: number) => boolean;
}

function onDot(box: Box, ink: InkImage, lines: readonly Segment[], unit: number, others: readonly Box[]): boolean {
  const limit = MAX_DOT_STROKES * unit;
  if (Math.max(box.x1 - box.x0, box.y1 - box.y0) + 1 > limit) return false;
  return lines.some((line) => {
    const horizontal = line.orientation === 'horizontal';
    const point = (along: number, across: number) => (horizontal ? [along, across] : [across, along]) as [number, number];
    const frame: LineFrame = {
      along: horizontal ? [box.x0, box.x1] : [box.y0, box.y1],
      across: horizontal ? [box.y0, box.y1] : [box.x0, box.x1],
      axis: pipeCentre(line),
      inked: (along, across) => {
        const [x, y] = point(along, across);
        return inkAt(ink, x, y);
      },
      theirs: (along, across) => others.some((other) => containsPoint(other, ...point(along, across))),
    };
    const { along, across, axis } = frame;
    if (axis < across[0] || axis > across[1] || line.start > along[0] - unit || line.end < along[1] + unit) return false;
    const dot = widestAcross(ink, line, frame, limit);
    if (!dot) return false;
    const pipe = line.hi - line.lo + 1;
    const width = 2 * dot.radius + 1;
    if (width < DOT_OVER_PIPE * pipe || inkPastDot(line, frame, dot) > width) return false;
    const alongBeside = besideAlong(line, frame, dot.along, width, limit);
    if (alongBeside < ROUND * width) return false;
    // A round disc that nothing leaves is a symbol drawn on the pipe; a blot (a blurred slash mark) is no symbol either.
    return alongBeside < ROUND_SYMBOL * width || branchLeaves(ink, line, frame, dot);
  });
}

/**
 * Whether something leaves the disc square to the pipe: a tee's branch (across the disc, the ink on one side runs on
 * past its edge at least as far again as its radius) or a detected symbol drawn right at it.
 */
function branchLeaves(ink: InkImage, line: Segment, { theirs, axis }: LineFrame, dot: { along: number; radius: number }): boolean {
  const past = Math.max(2, dot.radius);
  const reaching = dot.radius + past;
  const branch = acrossProfile(ink, line, dot.along - dot.radius, dot.along + dot.radius).some(
    ([up, down]) => Math.max(up, down) >= reaching,
  );
  return branch || theirs(dot.along, axis - reaching) || theirs(dot.along, axis + reaching);
}

/**
 * The dot's radius and where along the line it is: the farthest the ink runs across the line on both sides within
 * the box (a branch leaving one side runs on, as does a line crossing at a dot, past `limit`).
 */
function widestAcross(ink: InkImage, line: Segment, { along }: LineFrame, limit: number) {
  let widest: { along: number; radius: number } | undefined;
  acrossProfile(ink, line, along[0], along[1]).forEach(([up, down], i) => {
    const radius = Math.min(up, down);
    if (radius < limit && radius > (widest?.radius ?? 0)) widest = { along: along[0] + i, radius };
  });
  return widest;
}

/**
 * How far the ink runs along the line beside it, halfway into the dot of `width`, on the side where it runs less: about
 * the disc's width for a dot, and it stops (0 where it is paper there or runs on past `limit`).
 */
function besideAlong(line: Segment, { inked }: LineFrame, at: number, width: number, limit: number): number {
  const run = (across: number, step: number) => {
    let n = 0;
    while (n < limit && inked(at + step * (n + 1), across)) n++;
    return n;
  };
  const into = Math.max(1, Math.round((width - (line.hi - line.lo + 1)) / 4));
  const runs = [line.lo - into, line.hi + into].map((across) => {
    if (!inked(at, across)) return 0;
    const [back, on] = [run(across, -1), run(across, 1)];
    return back < limit && on < limit ? back + on + 1 : 0;
  });
  return Math.min(...runs);
}

/**
 * The ink of the box past the disc, off the line, off a branch leaving the disc square to it and out of the symbols
 * detected beside it: next to none for a dot; a spectacle blind's disc has its ring beside it.
 */
function inkPastDot(line: Segment, { along, across, axis, inked, theirs }: LineFrame, dot: { along: number; radius: number }): number {
  const pipe = line.hi - line.lo + 1;
  let past = 0;
  for (let a = along[0]; a <= along[1]; a++) {
    if (Math.abs(a - dot.along) <= pipe) continue;
    for (let c = across[0]; c <= across[1]; c++) {
      const offLine = c < line.lo - 1 || c > line.hi + 1;
      if (offLine && (a - dot.along) ** 2 + (c - axis) ** 2 > (dot.radius + 1) ** 2 && inked(a, c) && !theirs(a, c)) past++;
    }
  }
  return past;
}
