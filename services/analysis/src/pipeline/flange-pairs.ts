import { boxArea, overlapArea, type Box, type InkImage } from './components';
import { indexAlong, segmentLength, type Segment } from './lines';

/** A bar across a pipe: where along the pipe it stands, and how far it reaches either side of the pipe's centre. */
interface Bar {
  from: number;
  to: number;
  up: number;
  down: number;
}

/**
 * Ink across the pipe at each place along it: how far it runs from the centre line each way ([0, 0] where the
 * centre is paper).
 */
function acrossProfile(ink: InkImage, pipe: Segment, from: number, to: number): Array<[number, number]> {
  const horizontal = pipe.orientation === 'horizontal';
  const at = indexAlong(ink.width, horizontal);
  const centre = Math.round((pipe.lo + pipe.hi) / 2);
  const sides = horizontal ? ink.height : ink.width;
  const profile: Array<[number, number]> = [];
  for (let along = from; along <= to; along++) {
    if (!ink.mask[at(along, centre)]) {
      profile.push([0, 0]);
      continue;
    }
    let up = 0;
    while (centre - up - 1 >= 0 && ink.mask[at(along, centre - up - 1)]) up++;
    let down = 0;
    while (centre + down + 1 < sides && ink.mask[at(along, centre + down + 1)]) down++;
    profile.push([up, down]);
  }
  return profile;
}

/**
 * Flanges drawn as two short bars across a pipe, close together, with nothing but the pipe between them
 * (`–||–`, or `–||` at a pipe's end). Where the bars touch what is drawn beside them (a label, insulation marks,
 * a reducer) no group of ink is the flange alone. Bars are thin (a valve's triangle widens gradually from its
 * base), reach past the pipe on both sides, are alike in length and stand at most half their length apart.
 * Boxes in pixels, for the classifier to confirm.
 */
export function flangePairs(ink: InkImage, pipes: Segment[], unit: number): Box[] {
  const thin = 2.5 * unit;
  const reach = 2 * unit;
  const pairs: Box[] = [];
  for (const pipe of pipes) {
    if (pipe.dashed || segmentLength(pipe) < 6 * unit) continue;
    const horizontal = pipe.orientation === 'horizontal';
    const limit = (horizontal ? ink.width : ink.height) - 1;
    // A flange at a pipe's end stands past where the pipe was found.
    const from = Math.max(0, pipe.start - 8 * unit);
    const to = Math.min(limit, pipe.end + 8 * unit);
    const centre = Math.round((pipe.lo + pipe.hi) / 2);
    const [edgeUp, edgeDown] = [centre - pipe.lo, pipe.hi - centre];
    const profile = acrossProfile(ink, pipe, from, to);
    const crossing = ([up, down]: [number, number]) => up >= edgeUp + reach && down >= edgeDown + reach;
    const beyondPipe = ([up, down]: [number, number]) => Math.max(up - edgeUp, down - edgeDown);
    const bars: Bar[] = [];
    for (let i = 0; i < profile.length; i++) {
      if (!crossing(profile[i])) continue;
      let j = i;
      while (j + 1 < profile.length && crossing(profile[j + 1])) j++;
      // Thin, and short: a vessel's edge across a pipe is no flange's bar.
      const run = profile.slice(i, j + 1);
      if (j - i + 1 <= thin && Math.max(...run.map(([up, down]) => up + down + 1)) <= 16 * unit) {
        bars.push({ from: from + i, to: from + j, up: Math.max(...run.map((p) => p[0])), down: Math.max(...run.map((p) => p[1])) });
      }
      i = j;
    }
    const gapAfter = (k: number) => (k >= 0 && k + 1 < bars.length ? bars[k + 1].from - bars[k].to - 1 : Infinity);
    for (let k = 0; k + 1 < bars.length; k++) {
      const [a, b] = [bars[k], bars[k + 1]];
      const [lengthA, lengthB] = [a.up + a.down + 1, b.up + b.down + 1];
      const gap = gapAfter(k);
      if (gap < 1 || gap > 0.5 * Math.min(lengthA, lengthB) || Math.min(lengthA, lengthB) < 0.6 * Math.max(lengthA, lengthB)) continue;
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
