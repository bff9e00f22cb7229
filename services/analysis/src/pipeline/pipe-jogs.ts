import { boxesTouch, inkAt, type Box, type InkImage } from './components';
import { segmentCenter, segmentLength, type Segment } from './lines';

/** The least share of the leg's length that its stroke covers: a solid stroke, specks of paper allowed. */
const SOLID_COVER = 0.85;
/** At most this share of the leg's length is ink a stroke's width beside it: a lone stroke, not a symbol or text. */
const MAX_BESIDE = 0.15;

/**
 * A pipe drawn with a short jog aside (a Z: one run ends where the next, parallel and a little off, begins) whose leg is
 * too short to be found as a line: the two runs seemed to stop in the open. Where a solid stroke, alone, crosses from
 * one run's end to the other's start, that stroke is the pipe's leg: a segment between the two runs' axes, which the
 * tracer joins at both corners. A U (both runs ending on one side) is an outline, never a jog; a run shorter than a line
 * (a stub cut at a symbol, a leg) is a symbol's stroke as often as a pipe's.
 * `longest`: the longest leg looked for, the shortest line (a longer leg is found as a line).
 */
export function pipeJogs(lines: Segment[], ink: InkImage, unit: number, longest: number, symbols: Box[], text: Box[]): Segment[] {
  const solid = lines.filter((line) => !line.dashed);
  const reach = 2 * unit + 3;
  const legs: Segment[] = [];
  for (const orientation of ['horizontal', 'vertical'] as const) {
    const runs = solid
      .filter((line) => line.orientation === orientation && segmentLength(line) >= longest)
      .sort((a, b) => a.start - b.start);
    const starts = runs.map((run) => run.start);
    for (const first of runs) {
      // The runs starting within reach of this one's end, in order of start.
      for (let i = lowerBound(starts, first.end - reach); i < runs.length && runs[i].start <= first.end + reach; i++) {
        const second = runs[i];
        if (second === first || second.end <= first.end) continue;
        const offset = Math.abs(segmentCenter(second) - segmentCenter(first));
        if (offset <= 2 * unit || offset > longest) continue;
        const leg = legBetween(first, second, ink, unit, reach);
        if (!leg) continue;
        const drawn = legBox(leg);
        const onLeg = (box: Box) => boxesTouch(box, drawn, 0);
        if (!symbols.some(onLeg) && !text.some(onLeg)) legs.push(leg);
      }
    }
  }
  return legs;
}

/** The index of the first value not less than `value` in sorted `values`. */
function lowerBound(values: number[], value: number): number {
  let [lo, hi] = [0, values.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const legBox = (leg: Segment): Box =>
  leg.orientation === 'horizontal'
    ? { x0: leg.start, y0: leg.lo, x1: leg.end, y1: leg.hi }
    : { x0: leg.lo, y0: leg.start, x1: leg.hi, y1: leg.end };

/**
 * The stroke square to two parallel runs, near where the first ends and the second starts, covering the paper between
 * them (not their own strokes) with paper a stroke's width either side: the leg from one's axis to the other's.
 */
function legBetween(first: Segment, second: Segment, ink: InkImage, unit: number, reach: number): Segment | undefined {
  const [upper, lower] = first.lo < second.lo ? [first, second] : [second, first];
  const [from, to] = [upper.hi + 1, lower.lo - 1];
  if (to - from + 1 < unit) return undefined;
  const inked = (along: number, across: number) =>
    first.orientation === 'horizontal' ? inkAt(ink, along, across) : inkAt(ink, across, along);
  const cover = (along: number) => {
    let count = 0;
    for (let across = from; across <= to; across++) if (inked(along, across)) count++;
    return count / (to - from + 1);
  };
  const [lo, hi] = [Math.min(first.end, second.start) - reach, Math.max(first.end, second.start) + reach];
  let best = -1;
  let most = 0;
  for (let along = lo; along <= hi; along++) {
    const share = cover(along);
    if (share > most) [best, most] = [along, share];
  }
  if (most < SOLID_COVER) return undefined;
  let [bandLo, bandHi] = [best, best];
  while (bandLo > lo && cover(bandLo - 1) >= most / 2) bandLo--;
  while (bandHi < hi && cover(bandHi + 1) >= most / 2) bandHi++;
  const thickness = bandHi - bandLo + 1;
  if (thickness > 2 * unit + 2) return undefined;
  const margin = thickness + 2;
  if (cover(bandLo - margin) > MAX_BESIDE || cover(bandHi + margin) > MAX_BESIDE) return undefined;
  // The leg runs square to the runs: a vertical leg between horizontal runs.
  return {
    orientation: first.orientation === 'horizontal' ? 'vertical' : 'horizontal',
    start: Math.floor(segmentCenter(upper)),
    end: Math.ceil(segmentCenter(lower)),
    lo: bandLo,
    hi: bandHi,
    dashed: false,
  };
}
