import { boxArea, overlapArea, type Box, type InkImage } from './components';
import { segmentLength, type Segment } from './lines';
import { acrossProfile, alikeBars, barsAcross, pairedBars, pipeCentre, type Across, type Bar } from './pipe-profile';

/** Two flanges bolted face to face across a pipe, and whether a plate stands between them (a blind's, a spacer's). */
export interface FlangeJoint {
  box: Box;
  plate: boolean;
}

/**
 * Flanges drawn as two short bars across a pipe, close together, with nothing but the pipe between them
 * (`–||–`, or `–||` at a pipe's end), or three (`–|▌|–`: a figure-8 blind's or a spacer's plate between the two),
 * or two with a figure-8 blind's plate and handle out to one side between them.
 * Where the bars touch what is drawn beside them (a label, insulation marks, a reducer) no group of ink is the
 * flange alone. Bars (`barsAcross`) reach two strokes past the pipe on both sides, are alike in length and stand at
 * most half their length apart.
 */
export function flangeJoints(ink: InkImage, pipes: Segment[], unit: number): FlangeJoint[] {
  const joints: FlangeJoint[] = [];
  for (const pipe of pipes) {
    if (pipe.dashed || segmentLength(pipe) < 6 * unit) continue;
    const horizontal = pipe.orientation === 'horizontal';
    const limit = (horizontal ? ink.width : ink.height) - 1;
    // A flange at a pipe's end stands past where the pipe was found, up to 8 strokes; the bars beyond that are
    // read too, as what stands next to it.
    const from = Math.max(0, pipe.start - 16 * unit);
    const to = Math.min(limit, pipe.end + 16 * unit);
    const centre = pipeCentre(pipe);
    const [edgeUp, edgeDown] = [centre - pipe.lo, pipe.hi - centre];
    const profile = acrossProfile(ink, pipe, from, to);
    const beyondPipe = ([up, down]: Across) => Math.max(up - edgeUp, down - edgeDown);
    // Bars up to 24 strokes long: a refinery sheet's flanges are drawn 18 thin strokes across.
    const bars = barsAcross(profile, from, pipe, unit, 2 * unit, 24 * unit);
    const gapAfter = (k: number) => (k >= 0 && k + 1 < bars.length ? bars[k + 1].from - bars[k].to - 1 : Infinity);
    // Between two bars, the pipe alone (or paper where it is broken), or a stroke out to one side only: a figure-8
    // blind's plate seen edge on, its handle reaching out to the blind.
    const between = (a: Bar, b: Bar) => profile.slice(a.to + 1 - from, b.from - from);
    const bareAlong = (lo: number, hi: number) =>
      !profile.slice(Math.max(0, lo - from), Math.max(0, hi + 1 - from)).some((p) => beyondPipe(p) > unit);
    const bare = (a: Bar, b: Bar) => bareAlong(a.to + 1, b.from - 1);
    const oneSided = (a: Bar, b: Bar) =>
      [0, 1].some((side) => between(a, b).every((p) => p[1 - side] - [edgeUp, edgeDown][1 - side] <= unit)) && !bare(a, b);
    for (let k = 0; k + 1 < bars.length; k++) {
      // Two bars, or three (a plate between); a further bar as close belongs to another symbol.
      for (const count of [2, 3]) {
        const run = bars.slice(k, k + count);
        const [first, last] = [run[0], run[run.length - 1]];
        const handle = count === 2 && run.length === 2 && oneSided(first, last);
        if (run.length < count || !run.slice(1).every((bar, i) => pairedBars(run[i], bar) && (handle || bare(run[i], bar)))) continue;
        if (!alikeBars(first, last) || first.from > pipe.end + 8 * unit || last.to < pipe.start - 8 * unit) continue;
        // Outside it, the pipe (or paper) too: a bar at a valve's body is the valve's end.
        if (!bareAlong(first.from - 2 * unit, first.from - 1) || !bareAlong(last.to + 1, last.to + 2 * unit)) continue;
        const gap = Math.max(...run.slice(1).map((_, i) => gapAfter(k + i)));
        if (gapAfter(k - 1) <= 2 * gap || gapAfter(k + count - 1) <= 2 * gap) continue;
        const [up, down] = [Math.max(...run.map((bar) => bar.up)), Math.max(...run.map((bar) => bar.down))];
        const box = horizontal
          ? { x0: first.from, y0: centre - up, x1: last.to, y1: centre + down }
          : { x0: centre - up, y0: first.from, x1: centre + down, y1: last.to };
        // A pipe found in two pieces either side of the flange finds it twice.
        if (!joints.some((joint) => overlapArea(joint.box, box) >= 0.5 * Math.min(boxArea(joint.box), boxArea(box))))
          joints.push({ box, plate: count === 3 || handle });
      }
    }
  }
  return joints;
}
