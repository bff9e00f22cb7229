import { boxesTouch, inkAt, type Box, type InkImage } from './components';
import { segmentCenter, segmentLength, squareTo, type Segment } from './lines';

/** The least share of the leg's length that its stroke covers: a solid stroke, specks of paper allowed. */
const SOLID_COVER = 0.85;
/** At most this share of the leg's length is ink a stroke's width beside it: a lone stroke, not a symbol or text. */
const MAX_BESIDE = 0.15;

/**
 * A pipe drawn with a short jog aside (a Z: one run ends where the next, parallel and a little off, begins) whose leg is
 * too short to be found as a line: the two runs seemed to stop in the open. Where a solid stroke, alone, crosses from
 * one run's end to the other's start, that stroke is the pipe's leg: a segment between the two runs' axes, which the
 * tracer joins at both corners. So is a branch's last leg onto a pipe (a T: the run ends beside a parallel run that goes
 * on past its end both ways), unless a line found runs along it already (a bend's leg drawn on across the pipe, a signal
 * line's dashes).
 * A U (both runs ending on one side) is an outline, never a jog; a run shorter than a line (a stub cut at a symbol, a
 * leg) is a symbol's stroke as often as a pipe's.
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
    const byCentre = [...runs].sort((a, b) => segmentCenter(a) - segmentCenter(b));
    const centres = byCentre.map(segmentCenter);
    // Lines of either kind square to the runs, a leg's orientation.
    const across = lines.filter((line) => line.orientation !== orientation);
    const offAxis = (first: Segment, second: Segment) => {
      const offset = Math.abs(segmentCenter(second) - segmentCenter(first));
      return offset > 2 * unit && offset <= longest;
    };
    const keep = (leg: Segment | undefined) => {
      if (!leg) return;
      const drawn = legBox(leg);
      const onLeg = (box: Box) => boxesTouch(box, drawn, 0);
      if (!symbols.some(onLeg) && !text.some(onLeg)) legs.push(leg);
    };
    for (const first of runs) {
      // The runs starting within reach of this one's end, in order of start.
      for (let i = lowerBound(starts, first.end - reach); i < runs.length && runs[i].start <= first.end + reach; i++) {
        const second = runs[i];
        if (second === first || second.end <= first.end || !offAxis(first, second)) continue;
        keep(legBetween(first, second, ink, unit, [Math.min(first.end, second.start) - reach, Math.max(first.end, second.start) + reach]));
      }
      // The runs near enough aside going on past either of this one's ends, both ways.
      const centre = segmentCenter(first);
      const aside = byCentre.slice(lowerBound(centres, centre - longest), lowerBound(centres, centre + longest + 1));
      for (const at of [first.start, first.end]) {
        for (const second of aside) {
          if (second === first || second.start >= at - reach || second.end <= at + reach || !offAxis(first, second)) continue;
          const leg = legBetween(first, second, ink, unit, [at - reach, at + reach]);
          if (leg && !across.some((line) => foundAlong(line, leg, reach))) keep(leg);
        }
      }
    }
  }
  return legs;
}

/**
 * Whether a line found runs along a leg, over more than its ends, and on past one of them: the leg is part of that line
 * (a bend's leg drawn on across the pipe, a signal line's dash across it). One found within the leg is the leg itself
 * (its stroke taken for a lone dash).
 */
function foundAlong(line: Segment, leg: Segment, reach: number): boolean {
  const along = Math.abs(segmentCenter(line) - segmentCenter(leg)) <= reach && line.start < leg.end - reach && line.end > leg.start + reach;
  return along && (line.start < leg.start - reach || line.end > leg.end + reach);
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
 * The stroke square to two parallel runs, somewhere along `[lo, hi]` (where one ends), covering the paper between them
 * (not their own strokes) with paper a stroke's width either side: the leg from one's axis to the other's.
 */
function legBetween(first: Segment, second: Segment, ink: InkImage, unit: number, [lo, hi]: [number, number]): Segment | undefined {
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
    orientation: squareTo(first.orientation),
    start: Math.floor(segmentCenter(upper)),
    end: Math.ceil(segmentCenter(lower)),
    lo: bandLo,
    hi: bandHi,
    dashed: false,
  };
}
