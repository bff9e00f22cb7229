import type { PathSegment } from '@pid/contracts';
import { boxSpans, type Box } from './components';
import { segmentCenter, type Segment } from './lines';

/** Two symbols drawn against each other on a pipe, and the one straight step between their facing sides. */
export interface TouchingPair {
  a: number;
  b: number;
  link: PathSegment;
}

/**
 * How much of the smaller of two boxes side by side may lie over the other: found boxes of symbols stacked on a heavy
 * or blurred drawing take in much of their neighbour (stroke and blur merge them); one lying mostly over the other
 * is a second reading of one symbol.
 */
const MOST_OVERLAP = 2 / 3;

/**
 * Inline symbols drawn port on port (a valve against a valve, a drain valve against its cap) have no pipe between
 * them, so no walk along the pipes joins them. Two boxes side by side along a pipe, no further apart than a stroke's
 * reach and overlapping at most `MOST_OVERLAP` of the smaller one, are connected where the pipe's axis runs through
 * both and the pipe itself reaches one of them from outside.
 */
export function touchingPairs(symbols: Box[], pipes: Segment[], unit: number): TouchingPair[] {
  const tolerance = 2 * unit + 3;
  const pairs: TouchingPair[] = [];
  for (let a = 0; a < symbols.length; a++) {
    for (let b = a + 1; b < symbols.length; b++) {
      for (const orientation of ['horizontal', 'vertical'] as const) {
        const link = sideBySide(symbols[a], symbols[b], orientation, pipes, tolerance);
        if (link) {
          pairs.push({ a, b, link });
          break;
        }
      }
    }
  }
  return pairs;
}

function sideBySide(
  first: Box,
  second: Box,
  orientation: Segment['orientation'],
  pipes: Segment[],
  tolerance: number,
): PathSegment | undefined {
  const [one, two] = [boxSpans(first, orientation), boxSpans(second, orientation)];
  const [before, after] = one.along[0] + one.along[1] <= two.along[0] + two.along[1] ? [one, two] : [two, one];
  const gap = after.along[0] - before.along[1];
  const smaller = Math.min(before.along[1] - before.along[0], after.along[1] - after.along[0]) + 1;
  if (gap > tolerance || gap < -MOST_OVERLAP * smaller) return undefined;
  // A pipe's axis through both needs their spans across to overlap (checked first: it is cheap).
  if (Math.max(before.across[0], after.across[0]) > Math.min(before.across[1], after.across[1])) return undefined;
  // A pipe along the axis reaches the outer side of one of them, and its axis runs through both boxes.
  const axis = pipes.find((pipe) => {
    if (pipe.orientation !== orientation || pipe.dashed) return false;
    const center = segmentCenter(pipe);
    const through = (box: typeof one) => center >= box.across[0] && center <= box.across[1];
    if (!through(before) || !through(after)) return false;
    const [low, high] = [before.along[0] - tolerance, after.along[1] + tolerance];
    return (pipe.start < low && pipe.end >= low) || (pipe.end > high && pipe.start <= high);
  });
  if (!axis) return undefined;
  const center = segmentCenter(axis);
  const [from, to] = [Math.min(before.along[1], after.along[0]), Math.max(before.along[1], after.along[0])];
  const point = (along: number): [number, number] => (orientation === 'horizontal' ? [along, center] : [center, along]);
  return { orientation, start: point(from), end: point(to) };
}
