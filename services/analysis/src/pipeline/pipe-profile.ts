import { type InkImage } from './components';
import { indexAlong, type Segment } from './lines';

/** Ink across a pipe at one place along it: how far it runs from the pipe's centre line each way. */
export type Across = [up: number, down: number];

/** A bar across a pipe: where along the pipe it stands, and how far it reaches either side of the pipe's centre. */
export interface Bar {
  from: number;
  to: number;
  up: number;
  down: number;
}

/** Ink across `pipe` at each place along it from `from` to `to` ([0, 0] where its centre line is paper). */
export function acrossProfile(ink: InkImage, pipe: Segment, from: number, to: number): Across[] {
  const horizontal = pipe.orientation === 'horizontal';
  const at = indexAlong(ink.width, horizontal);
  const centre = pipeCentre(pipe);
  const sides = horizontal ? ink.height : ink.width;
  const profile: Across[] = [];
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

export const pipeCentre = (pipe: Segment) => Math.round((pipe.lo + pipe.hi) / 2);

/**
 * The bars across `pipe` in its profile (read from `from` on): runs reaching `reach` past the pipe on both sides,
 * thin (2.5 strokes at most along the pipe) and even in length along the run (a valve's triangle widens from
 * its base), and short (`maxLength`, 16 strokes unless told: a vessel's edge across a pipe is no bar).
 */
export function barsAcross(profile: Across[], from: number, pipe: Segment, unit: number, reach: number, maxLength = 16 * unit): Bar[] {
  const centre = pipeCentre(pipe);
  const [edgeUp, edgeDown] = [centre - pipe.lo, pipe.hi - centre];
  const crossing = ([up, down]: Across) => up >= edgeUp + reach && down >= edgeDown + reach;
  const bars: Bar[] = [];
  for (let i = 0; i < profile.length; i++) {
    if (!crossing(profile[i])) continue;
    let j = i;
    while (j + 1 < profile.length && crossing(profile[j + 1])) j++;
    const run = profile.slice(i, j + 1);
    const lengths = run.map(([up, down]) => up + down + 1);
    const even = Math.min(...lengths) >= 0.6 * Math.max(...lengths);
    if (j - i + 1 <= 2.5 * unit && even && Math.max(...lengths) <= maxLength) {
      bars.push({ from: from + i, to: from + j, up: Math.max(...run.map((p) => p[0])), down: Math.max(...run.map((p) => p[1])) });
    }
    i = j;
  }
  return bars;
}

/** Whether two bars in order along a pipe are a flange pair: alike (`alikeBars`), at most half the shorter's length apart. */
export function pairedBars(a: Bar, b: Bar): boolean {
  const gap = b.from - a.to - 1;
  return gap >= 1 && gap <= 0.5 * Math.min(barLength(a), barLength(b)) && alikeBars(a, b);
}

const barLength = (bar: Bar) => bar.up + bar.down + 1;

/** Whether two bars are alike in length: the shorter 0.6 of the longer at least. */
export const alikeBars = (a: Bar, b: Bar) => Math.min(barLength(a), barLength(b)) >= 0.6 * Math.max(barLength(a), barLength(b));
