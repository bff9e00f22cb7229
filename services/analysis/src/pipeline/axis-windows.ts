import { boxHeight, boxWidth, type Box, type InkImage } from './components';
import { indexAlong, segmentCenter, segmentThickness, type Segment } from './lines';
import { inkBox } from './trimmed-candidates';

/** A stretch of a candidate along a pipe through it, where one inline symbol may stand. */
export interface AxisWindow {
  box: Box;
  /** The pipe's centre line it lies on (orientation and across coordinate): windows on one axis exclude each other. */
  axis: string;
  from: number;
  to: number;
  /** How far windows on one axis may overlap along it: a stroke (touching symbols share an edge). */
  slack: number;
}

/** How far across a pipe a symbol on it is looked for, in strokes each way. */
const BAND = 14;
/** At most this many windows are made per candidate (a long chain of symbols gives many). */
const MAX_WINDOWS = 160;

/**
 * Symbols strung along one pipe and touching (a reducer, a control valve, a reducer; a valve with its flanges), or
 * glued to it by a label's leader, come out of line removal as one blob that is no symbol as a whole. Along each
 * pipe that runs into `box` from outside and out again on the other side, the blob's ink across the pipe (its
 * envelope, within `BAND` strokes) shows where symbols may start and end: where only the pipe is left, and at thin
 * bars across it (a reducer's or a valve's ends). Every stretch between two such places that could hold one symbol
 * is a window, boxed to its ink; the classifier says which windows are symbols (`bestWindows`).
 */
export function axisWindows(box: Box, ink: InkImage, pipes: Segment[], unit: number): AxisWindow[] {
  const windows: AxisWindow[] = [];
  const axes: Array<{ orientation: Segment['orientation']; centre: number }> = [];
  for (const pipe of pipes) {
    if (pipe.dashed) continue;
    const horizontal = pipe.orientation === 'horizontal';
    const [alongLo, alongHi] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
    const [acrossLo, acrossHi] = horizontal ? [box.y0, box.y1] : [box.x0, box.x1];
    const centre = Math.round(segmentCenter(pipe));
    const near = (other: Segment) => other.end >= alongLo - 2 * unit && other.start <= alongHi + 2 * unit;
    // The pipe crosses the candidate well inside its sides, and goes on out of both its ends (a leader or a signal
    // line ending in a bubble does not: its text is no string of symbols).
    if (!near(pipe) || centre <= acrossLo + 2 * unit || centre >= acrossHi - 2 * unit) continue;
    // One axis per line: a skewed scan's pipe comes in pieces a pixel apart.
    const sameLine = (orientation: Segment['orientation'], at: number) =>
      orientation === pipe.orientation && Math.abs(at - centre) <= unit + 1;
    if (axes.some((axis) => sameLine(axis.orientation, axis.centre))) continue;
    const onAxis = pipes.filter((other) => !other.dashed && near(other) && sameLine(other.orientation, segmentCenter(other)));
    if (!onAxis.some((other) => other.start < alongLo + unit) || !onAxis.some((other) => other.end > alongHi - unit)) continue;
    axes.push({ orientation: pipe.orientation, centre });
    const axis = `${pipe.orientation}:${centre}`;
    windows.push(...windowsOnAxis(box, ink, pipe, centre, unit, axis, MAX_WINDOWS - windows.length));
    if (windows.length >= MAX_WINDOWS) break;
  }
  return windows;
}

/** The windows in `box` along the pipe's centre line `centre` (at most `atMost`). */
function windowsOnAxis(box: Box, ink: InkImage, pipe: Segment, centre: number, unit: number, axis: string, atMost: number): AxisWindow[] {
  const horizontal = pipe.orientation === 'horizontal';
  const at = indexAlong(ink.width, horizontal);
  const [alongLo, alongHi] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
  const [acrossLo, acrossHi] = horizontal ? [box.y0, box.y1] : [box.x0, box.x1];
  const band = BAND * unit;
  const [lo, hi] = [Math.max(acrossLo, centre - band), Math.min(acrossHi, centre + band)];
  const thickness = segmentThickness(pipe);
  const inked = (along: number, across: number) => ink.mask[at(along, across)] === 1;
  // Per place along: the farthest ink each way within the band, and how far the unbroken ink through the centre
  // line reaches each way (-1 where the centre line is paper).
  const up: number[] = [];
  const down: number[] = [];
  const runUp: number[] = [];
  const runDown: number[] = [];
  for (let along = alongLo; along <= alongHi; along++) {
    let [u, d] = [0, 0];
    for (let across = lo; across < centre; across++) if (inked(along, across)) u = Math.max(u, centre - across);
    for (let across = hi; across > centre; across--) if (inked(along, across)) d = Math.max(d, across - centre);
    let [a, b] = [centre + 1, centre];
    if (inked(along, centre)) {
      [a, b] = [centre, centre];
      while (a - 1 >= lo && inked(along, a - 1)) a--;
      while (b + 1 <= hi && inked(along, b + 1)) b++;
    }
    up.push(u);
    down.push(d);
    runUp.push(centre - a);
    runDown.push(b - centre);
  }
  const length = up.length;
  const span = (i: number) => up[i] + down[i] + 1;
  const bare = (i: number) => span(i) <= thickness + 2;
  const through = (i: number) => runUp[i] + runDown[i] + 1;
  const bar = (i: number) => through(i) >= Math.max(3 * thickness, 0.6 * span(i)) && span(i) >= 4 * unit;
  // Where symbols may start or end: the candidate's ends, either end of a stretch of bare pipe two strokes long
  // at least (a bowtie's waist is no place between two symbols), the outer sides of a bar.
  const cuts = new Set<number>([0, length - 1]);
  let bareFrom = -1;
  for (let i = 0; i <= length; i++) {
    if (i < length && bare(i)) {
      if (bareFrom < 0) bareFrom = i;
      continue;
    }
    if (bareFrom >= 0 && i - bareFrom >= 2 * unit) [bareFrom - 1, i].forEach((at) => at >= 0 && at < length && cuts.add(at));
    bareFrom = -1;
  }
  // A bar is thin along the pipe: a filled shape (a solid bowtie's half) crosses it all along, and is no end.
  for (let i = 0; i < length; i++) {
    if (!bar(i)) continue;
    let j = i;
    while (j + 1 < length && bar(j + 1)) j++;
    if (j - i + 1 <= 3 * unit) [i, j].forEach((at) => cuts.add(at));
    i = j;
  }
  const places = [...cuts].sort((a, b) => a - b);
  const windows: AxisWindow[] = [];
  const seen = new Set<string>([`${box.x0},${box.y0},${box.x1},${box.y1}`]);
  // No window is longer than three times the band is wide.
  const longest = 3 * (hi - lo + 1);
  for (let i = 0; i < places.length && windows.length < atMost; i++) {
    // Across, as far as the ink reaches in the band; and, where bars cross the pipe (a reducer's or a valve's ends),
    // as far as the bars reach: a label or a leader beside the symbol is then left out. Kept as `to` grows.
    let [u, d, barUp, barDown] = [0, 0, 0, 0];
    let reached = places[i];
    for (let j = i + 1; j < places.length && windows.length < atMost; j++) {
      const [from, to] = [places[i], places[j]];
      const long = to - from + 1;
      if (long > longest) break;
      for (; reached <= to; reached++) {
        [u, d] = [Math.max(u, up[reached]), Math.max(d, down[reached])];
        if (bar(reached)) [barUp, barDown] = [Math.max(barUp, runUp[reached]), Math.max(barDown, runDown[reached])];
      }
      const reaches =
        barUp + barDown > 0 && (barUp < u || barDown < d)
          ? [
              [u, d],
              [barUp, barDown],
            ]
          : [[u, d]];
      for (const [reachUp, reachDown] of reaches) {
        const across = reachUp + reachDown + 1;
        // Something beyond the pipe, and of a symbol's proportions: no longer than three times its height.
        if (across < Math.max(4 * unit, 3 * thickness) || long < 4 * unit || long > 3 * across) continue;
        const [a0, a1] = [alongLo + from, alongLo + to];
        const region = horizontal
          ? { x0: a0, y0: centre - reachUp, x1: a1, y1: centre + reachDown }
          : { x0: centre - reachUp, y0: a0, x1: centre + reachDown, y1: a1 };
        const tight = inkBox(region, ink);
        if (!tight || Math.max(boxWidth(tight), boxHeight(tight)) < 4 * unit) continue;
        // Once each; the candidate itself is what the classifier read already.
        const key = `${tight.x0},${tight.y0},${tight.x1},${tight.y1}`;
        if (seen.has(key)) continue;
        seen.add(key);
        windows.push({ box: tight, axis, from: a0, to: a1, slack: unit });
      }
    }
  }
  return windows;
}

/**
 * The windows to keep: on each axis, the set that does not overlap along it (a stroke's width of overlap allowed:
 * `slack`) with the greatest summed score; then, across axes, a window overlapping a better one on another axis
 * goes. `score` is undefined for windows that are no symbol.
 */
export function bestWindows<W extends AxisWindow>(windows: W[], score: (window: W) => number | undefined): W[] {
  const byAxis = new Map<string, Array<{ window: W; score: number }>>();
  for (const window of windows) {
    const value = score(window);
    if (value === undefined) continue;
    const onAxis = byAxis.get(window.axis) ?? [];
    onAxis.push({ window, score: value });
    byAxis.set(window.axis, onAxis);
  }
  const chosen: Array<{ window: W; score: number }> = [];
  for (const scored of byAxis.values()) {
    // Weighted interval scheduling: best[k] is the best set among the first k windows by end.
    scored.sort((a, b) => a.window.to - b.window.to);
    const best: Array<{ total: number; picks: number[] }> = [{ total: 0, picks: [] }];
    scored.forEach(({ window, score: value }, k) => {
      let previous = k;
      while (previous > 0 && scored[previous - 1].window.to > window.from + window.slack) previous--;
      const take = best[previous].total + value;
      best.push(take > best[k].total ? { total: take, picks: [...best[previous].picks, k] } : best[k]);
    });
    chosen.push(...best[scored.length].picks.map((k) => scored[k]));
  }
  chosen.sort((a, b) => b.score - a.score);
  const kept: Array<{ window: W; score: number }> = [];
  for (const pick of chosen) {
    if (!kept.some((other) => other.window.axis !== pick.window.axis && overlaps(other.window.box, pick.window.box))) kept.push(pick);
  }
  return kept.map(({ window }) => window);
}

/** Whether two boxes share more than an edge's row or column (windows on two pipes may meet at a corner). */
const overlaps = (a: Box, b: Box) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);
