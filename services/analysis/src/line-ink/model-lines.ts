/**
 * Signal lines from the line-ink model, beside the lines the rules find: read in the ink the model calls signal
 * line, with the gaps between dashes closed, they include the short, irregular or noise-broken dashed lines that
 * no dash rule takes.
 */
import { boxArea, overlapArea } from '../pipeline/components';
import { indexAlong, segmentBox, segmentLength, segmentThickness, straightRuns, type LineOptions, type Segment } from '../pipeline/lines';
import { LINE_INK_CLASSES } from './line-ink-files';
import { inkOfClasses } from './line-ink-mask';
import type { InkClasses } from './line-ink-model';

const SIGNAL = [LINE_INK_CLASSES.indexOf('signal_line')];
/** A signal line's dashes lie at most this many of the page's largest dash gaps apart. */
const DASH_GAPS = 3;
/**
 * The least share of a run's length its dashes cover (dots three gaps apart). Closing the gaps also bridges other
 * signal ink on one axis: two bubbles' outlines and a line crossing between them read as a line of three specks.
 */
const MIN_DASH_SHARE = 0.25;

/** The share of a run's length where its band holds ink: how much of it is dashes, not closed gaps. */
function dashShare(segment: Segment, ink: Uint8Array, width: number): number {
  const at = indexAlong(width, segment.orientation === 'horizontal');
  let inked = 0;
  for (let along = segment.start; along <= segment.end; along++) {
    for (let across = segment.lo; across <= segment.hi; across++) {
      if (ink[at(along, across)]) {
        inked++;
        break;
      }
    }
  }
  return inked / segmentLength(segment);
}

/**
 * A run whose end, past a closed gap, is only a stroke of a line it meets square and that runs on past it stops
 * before that gap: closing the gaps ran it into a line it passes by (a signal loop's bend beside another loop's
 * line would become a tee onto it).
 */
function withoutCrossedEnds(segment: Segment, ink: Uint8Array, width: number, lines: Segment[], maxThickness: number): Segment {
  const at = indexAlong(width, segment.orientation === 'horizontal');
  const inked = (along: number) => {
    for (let across = segment.lo; across <= segment.hi; across++) if (ink[at(along, across)]) return true;
    return false;
  };
  const passing = lines.filter(
    (line) => line.orientation !== segment.orientation && line.start < segment.lo - maxThickness && line.end > segment.hi + maxThickness,
  );
  // From an end, stepping by `step`: where the run's own ink begins, if the end is such a stroke and a gap.
  const pastCrossing = (from: number, step: 1 | -1, last: number): number => {
    let along = from;
    while (along !== last && inked(along)) along += step;
    const [lo, hi] = [Math.min(from, along - step), Math.max(from, along - step)];
    if (along === last || hi - lo + 1 > maxThickness || !passing.some((line) => line.lo - 1 <= lo && line.hi + 1 >= hi)) return from;
    while (along !== last && !inked(along)) along += step;
    return along;
  };
  const start = pastCrossing(segment.start, 1, segment.end);
  const end = pastCrossing(segment.end, -1, start);
  return start === segment.start && end === segment.end ? segment : { ...segment, start, end };
}

/** A run mostly inside lines found already adds nothing. */
const covered = (segment: Segment, found: Segment[]) => {
  const box = segmentBox(segment);
  const area = boxArea(box);
  return found.some((other) => other.orientation === segment.orientation && overlapArea(box, segmentBox(other)) >= 0.5 * area);
};

/**
 * A run beside a longer one, across at most that one's width and within its length: the ragged edge of a blurred
 * line, or a blot where lines cross, drawn as a line of its own (its end on the line it crosses would join the two).
 */
const besideLonger = (segment: Segment, others: Segment[]) =>
  others.some((other) => {
    if (other === segment || other.orientation !== segment.orientation || segmentLength(other) <= segmentLength(segment)) return false;
    const width = segmentThickness(other);
    const across = Math.max(other.lo - segment.hi, segment.lo - other.hi) - 1;
    return across <= width && segment.start >= other.start - width && segment.end <= other.end + width;
  });

/** The signal lines the model finds that the rules (`found`) did not, as dashed segments. */
export function modelSignalLines(
  mask: Uint8Array,
  width: number,
  height: number,
  classes: InkClasses,
  options: LineOptions,
  found: Segment[],
): Segment[] {
  const signalInk = inkOfClasses(mask, width, height, classes, SIGNAL);
  const closed = straightRuns(signalInk, width, height, options, DASH_GAPS * options.maxGap).filter(
    (segment) => segmentThickness(segment) <= options.maxThickness,
  );
  const closedAndFound = [...closed, ...found];
  const runs = closed
    .map((segment) => withoutCrossedEnds(segment, signalInk, width, closedAndFound, options.maxThickness))
    .filter((segment) => segmentLength(segment) >= options.minLength);
  const lines = [...runs, ...found];
  return runs
    .filter(
      (segment) => !covered(segment, found) && !besideLonger(segment, lines) && dashShare(segment, signalInk, width) >= MIN_DASH_SHARE,
    )
    .map((segment) => ({ ...segment, dashed: true }));
}
