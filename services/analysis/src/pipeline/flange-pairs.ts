import { boxArea, overlapArea, type Box, type InkImage } from './components';
import { segmentLength, type Segment } from './lines';
import { acrossProfile, barsAcross, pairedBars, pipeCentre, type Across } from './pipe-profile';

/**
 * Flanges drawn as two short bars across a pipe, close together, with nothing but the pipe between them
 * (`–||–`, or `–||` at a pipe's end). Where the bars touch what is drawn beside them (a label, insulation marks,
 * a reducer) no group of ink is the flange alone. Bars (`barsAcross`) reach two strokes past the pipe on both
 * sides, are alike in length and stand at most half their length apart.
 */
export function flangePairs(ink: InkImage, pipes: Segment[], unit: number): Box[] {
  const pairs: Box[] = [];
  for (const pipe of pipes) {
    if (pipe.dashed || segmentLength(pipe) < 6 * unit) continue;
    const horizontal = pipe.orientation === 'horizontal';
    const limit = (horizontal ? ink.width : ink.height) - 1;
    // A flange at a pipe's end stands past where the pipe was found.
    const from = Math.max(0, pipe.start - 8 * unit);
    const to = Math.min(limit, pipe.end + 8 * unit);
    const centre = pipeCentre(pipe);
    const [edgeUp, edgeDown] = [centre - pipe.lo, pipe.hi - centre];
    const profile = acrossProfile(ink, pipe, from, to);
    const beyondPipe = ([up, down]: Across) => Math.max(up - edgeUp, down - edgeDown);
    const bars = barsAcross(profile, from, pipe, unit, 2 * unit);
    const gapAfter = (k: number) => (k >= 0 && k + 1 < bars.length ? bars[k + 1].from - bars[k].to - 1 : Infinity);
    for (let k = 0; k + 1 < bars.length; k++) {
      const [a, b] = [bars[k], bars[k + 1]];
      if (!pairedBars(a, b)) continue;
      const gap = gapAfter(k);
      // Two bars alone: a third as close is another symbol's (a spectacle blind's, a line blind's).
      if (gapAfter(k - 1) <= 2 * gap || gapAfter(k + 1) <= 2 * gap) continue;
      // Between the bars, the pipe alone (or paper where it is broken).
      if (profile.slice(a.to + 1 - from, b.from - from).some((p) => beyondPipe(p) > unit)) continue;
      const [up, down] = [Math.max(a.up, b.up), Math.max(a.down, b.down)];
      const box = horizontal
        ? { x0: a.from, y0: centre - up, x1: b.to, y1: centre + down }
        : { x0: centre - up, y0: a.from, x1: centre + down, y1: b.to };
      // A pipe found in two pieces either side of the flange finds it twice.
      if (!pairs.some((pair) => overlapArea(pair, box) >= 0.5 * Math.min(boxArea(pair), boxArea(box)))) pairs.push(box);
    }
  }
  return pairs;
}
