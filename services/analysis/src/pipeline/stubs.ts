import { indexAlong, type Segment } from './lines';

/**
 * Across a walked axis: only the pipe's stroke, a symbol's ink beside it, nothing near but a symbol's outline
 * further out (inside an outlined valve or reducer), or nothing.
 */
type Column = 'stroke' | 'shape' | 'inside' | 'empty';

interface Walker {
  /**
   * Walks along `axis` from `from`, one way (`step`), cutting the stroke-only pieces it passes. From a
   * pipe's side (`from` just beyond a junction dot, or beyond a bend at a pipe's end), it walks only where a
   * stroke follows: a branch leaving the pipe, not a symbol sitting on it; from a bend, only that first leg.
   */
  walk(axis: Pick<Segment, 'orientation' | 'lo' | 'hi'>, from: number, step: 1 | -1, fromSide?: 'dot' | 'bend' | 'tee'): void;
  stubs: Segment[];
}

function walker(rest: Uint8Array, width: number, height: number, unit: number): Walker {
  const minStub = 3 * unit;
  const reach = 60 * unit;
  const maxGap = 2 * unit + 2;
  const pad = Math.max(2, Math.round(1.5 * unit));
  const outline = 8 * unit;
  const maxInside = 8 * unit;
  const stubs: Segment[] = [];
  const walk: Walker['walk'] = ({ orientation, lo, hi }, from, step, fromSide) => {
    const horizontal = orientation === 'horizontal';
    const [length, across] = horizontal ? [width, height] : [height, width];
    const at = indexAlong(width, horizontal);
    const bandLo = Math.max(0, lo - 1);
    const bandHi = Math.min(across - 1, hi + 1);
    const column = (along: number): Column => {
      let stroke = false;
      for (let side = Math.max(0, bandLo - pad); side <= Math.min(across - 1, bandHi + pad); side++) {
        if (!rest[at(along, side)]) continue;
        if (side < bandLo || side > bandHi) return 'shape';
        stroke = true;
      }
      if (stroke) return 'stroke';
      for (let side = Math.max(0, bandLo - outline); side <= Math.min(across - 1, bandHi + outline); side++) {
        if (rest[at(along, side)]) return 'inside';
      }
      return 'empty';
    };
    // A leg leaving a junction dot is a pipe however short: a drain's valve often sits right beside the dot.
    // Without a dot, only a leg a stub long is a branch, not a tick or a letter touching the pipe.
    const minFirst = fromSide && fromSide !== 'tee' ? unit + 1 : minStub;
    if (fromSide) {
      for (let k = 0; k < minFirst; k++) {
        const position = from + step * k;
        if (position < 0 || position >= length || column(position) !== 'stroke') return;
      }
    }
    // Runs offered for cutting so far: the first one may be the short leg from a dot.
    let cuts = 0;
    const cut = ([a, b]: [number, number]) => {
      const [start, end] = a <= b ? [a, b] : [b, a];
      const minimum = cuts === 0 ? minFirst : minStub;
      cuts++;
      if (end - start + 1 < minimum) return;
      // A pipe's piece is long for its width and fills its band in every column: not the neck where a valve's
      // cones meet, nor a stroke crossing the band slantwise (a check valve's flap).
      let pipeLike = end - start + 1 >= 3 * (hi - lo + 1);
      for (let along = start; along <= end && pipeLike; along++) {
        let filled = 0;
        for (let side = lo; side <= hi; side++) filled += rest[at(along, side)];
        pipeLike = filled >= Math.max(1, hi - lo);
      }
      for (let along = start; along <= end; along++) for (let side = bandLo; side <= bandHi; side++) rest[at(along, side)] = 0;
      stubs.push({ orientation, start, end, lo, hi, dashed: false, stub: pipeLike });
    };
    let run: [number, number] | undefined;
    let gap = 0;
    // What came before the run: a short run with a gap on both sides is a dash of a signal line, kept for it.
    const dashLike = ([a, b]: [number, number]) => Math.abs(b - a) + 1 <= 6 * unit;
    let before: Column = fromSide ? 'shape' : 'empty';
    let previous: Column = before;
    let inside = 0;
    // Whether the walk is on a pipe: its last run was a pipe's piece it cut (or the leg it starts on), with no
    // blank since. From a line's end it is not yet: the line may be a bubble's bar or end at text.
    let piped = fromSide !== undefined;
    for (let position = from, walked = 0; walked < reach && position >= 0 && position < length; walked++, position += step) {
      if (fromSide === 'bend' && cuts > 0) return;
      const kind = column(position);
      if (kind === 'stroke') {
        if (!run) before = previous;
        run = run ? [run[0], position] : [position, position];
        gap = inside = 0;
        previous = kind;
        continue;
      }
      if (run && (before === 'shape' || kind === 'shape' || !dashLike(run))) {
        cut(run);
        piped = true;
      } else if (run && Math.abs(run[1] - run[0]) + 1 >= minStub) piped = false;
      run = undefined;
      previous = kind;
      // A longer gap: the pipe ends, or goes on as a line already found. Inside the outline of a symbol a pipe
      // leads into, it goes on through the symbol, no longer than a symbol (not on through a signal line's
      // actuator or a text beyond its dashes).
      const through = kind === 'inside' && piped;
      if ((kind === 'empty' || (kind === 'inside' && !piped)) && ++gap > maxGap) break;
      // Across more than a stroke of blank, what follows is not on the pipe that led here.
      if (kind === 'empty' && gap > unit) piped = false;
      if (through && ++inside > maxInside) break;
      if (kind === 'shape') gap = inside = 0;
      if (through) gap = 0;
    }
    if (run && (before === 'shape' || !dashLike(run))) cut(run);
  };
  return { walk, stubs };
}

/**
 * Short pipe pieces beside symbols strung on one pipe: between a valve and its blind flange, between two valves
 * in a row, from a flange to where a crossing line broke the pipe. Too short to be found as lines, they would
 * join the symbols into one blob or stretch a symbol along its pipe. Along the axis of each pipe beyond its
 * ends, across short gaps, a stretch beside a shape where the only ink across is the pipe's stroke is such a
 * piece: it is cleared from `rest` and returned as a segment, so connections still run through it. Stretches
 * shorter than `3 * unit` stay: they are a symbol's own (a ball valve's necks between its bars).
 *
 * Short branches leaving a junction dot (a drain leg to its valve and blind flange) are walked the same way,
 * where they start as a bare stroke, and so is the first leg where a pipe bends at its end (a nozzle up to its
 * vessel). After the dots, a bare stroke leaving a long pipe on one side only, at least a stub long, is walked
 * as a branch at a T. (Walking every stroke that leaves a pipe's side, however short or wherever the other side
 * is inked, cut valve stems, a ball valve's bars and vessel heads: worse.) Once a walk has cut a pipe's piece it
 * goes on through the outlined symbol the piece leads into, so a chain of valve, reducer and flange on one short
 * leg comes apart.
 */
export function cutStubs(rest: Uint8Array, width: number, height: number, segments: Segment[], unit: number): Segment[] {
  const { walk, stubs } = walker(rest, width, height, unit);
  const solid = segments.filter((segment) => !segment.dashed);
  for (const segment of solid) {
    walk(segment, segment.end + 1, 1);
    walk(segment, segment.start - 1, -1);
  }
  let legs: Segment[] = [];
  for (const segment of solid) {
    for (const branch of dotBranches(rest, width, height, segment, unit)) walk(branch.axis, branch.from, branch.step, 'dot');
    const before = stubs.length;
    for (const branch of bendBranches(rest, width, height, segment, unit)) walk(branch.axis, branch.from, branch.step, 'bend');
    legs.push(...stubs.slice(before));
  }
  // A short leg may bend again before it reaches its symbol (up from a pipe, then across into a vessel): the
  // next leg is walked from each leg's end the same way, a few bends at most.
  for (let bend = 0; bend < 3 && legs.length > 0; bend++) {
    const before = stubs.length;
    for (const leg of legs)
      for (const branch of bendBranches(rest, width, height, leg, unit, true)) walk(branch.axis, branch.from, branch.step, 'bend');
    legs = stubs.slice(before);
  }
  for (const segment of solid) {
    for (const branch of teeBranches(rest, width, height, segment, unit)) walk(branch.axis, branch.from, branch.step, 'tee');
  }
  return stubs;
}

/**
 * Where a pipe turns at its end into a leg too short to be found as a line (a nozzle up to a vessel): at each
 * end, an axis across the pipe through its last stroke width, and the one side a bare stroke leaves it on. A
 * stroke leaving on both sides is a symbol's bar (a valve's base, a flange), not a bend.
 */
function bendBranches(rest: Uint8Array, width: number, height: number, pipe: Segment, unit: number, leg = false) {
  const horizontal = pipe.orientation === 'horizontal';
  const [length, across] = horizontal ? [width, height] : [height, width];
  const at = indexAlong(width, horizontal);
  const inked = (along: number, side: number) => along >= 0 && along < length && side >= 0 && side < across && rest[at(along, side)] === 1;
  const thickness = pipe.hi - pipe.lo + 1;
  const branches: Array<{ axis: Pick<Segment, 'orientation' | 'lo' | 'hi'>; from: number; step: 1 | -1 }> = [];
  // A symbol's own side (a reducer's, a box's) is short: its corners are not bends. A leg cut from a bend is
  // a pipe however short.
  if (!leg && pipe.end - pipe.start + 1 < 20 * unit) return branches;
  // A line found runs on through its corner; a leg cut by a walk stops short of it, a stroke width before.
  const ends = leg
    ? [
        [pipe.start - thickness, pipe.start - 1],
        [pipe.end + 1, pipe.end + thickness],
      ]
    : [
        [pipe.start, pipe.start + thickness - 1],
        [pipe.end - thickness + 1, pipe.end],
      ];
  for (const [lo, hi] of ends) {
    // Ink all across the leg's width just beyond the pipe's band, on one side only. A hairline pipe's leg (two pixels
    // at most) may be drawn a pixel off its last column, or a pixel thinner than its anti-aliased band: any ink within
    // a pixel of its end is a leg.
    const leaves = (side: number) => {
      if (thickness <= 2) {
        for (let along = lo - 1; along <= hi + 1; along++) if (inked(along, side)) return true;
        return false;
      }
      for (let along = lo; along <= hi; along++) if (!inked(along, side)) return false;
      return true;
    };
    const bare = (side: number) => {
      for (let along = lo - unit; along <= hi + unit; along++) if (inked(along, side)) return false;
      return true;
    };
    const [before, after] = [pipe.lo - 1, pipe.hi + 1];
    const step = leaves(before) && bare(after) ? -1 : leaves(after) && bare(before) ? 1 : 0;
    if (step === 0) continue;
    branches.push({ axis: { orientation: horizontal ? 'vertical' : 'horizontal', lo, hi }, from: step === 1 ? after : before, step });
  }
  return branches;
}

/**
 * Where a branch too short to be a line leaves a long pipe's side without a dot (a T: a drain leg down to its
 * valve and reducer): a bare stroke, one stroke wide, on one side only (a stroke crossing the pipe is a symbol's
 * bar), away from the pipe's ends (a corner), and an axis along it from just beyond the pipe.
 */
function teeBranches(rest: Uint8Array, width: number, height: number, pipe: Segment, unit: number) {
  const horizontal = pipe.orientation === 'horizontal';
  const [length, across] = horizontal ? [width, height] : [height, width];
  const index = indexAlong(width, horizontal);
  const inked = (along: number, side: number) =>
    along >= 0 && along < length && side >= 0 && side < across && rest[index(along, side)] === 1;
  const thin = 1.5 * unit + 1;
  const branches: Array<{ axis: Pick<Segment, 'orientation' | 'lo' | 'hi'>; from: number; step: 1 | -1 }> = [];
  if (pipe.end - pipe.start + 1 < 20 * unit) return branches;
  for (const step of [-1, 1] as const) {
    const side = step === 1 ? pipe.hi + 2 : pipe.lo - 2;
    const opposite = step === 1 ? pipe.lo - 2 : pipe.hi + 2;
    let runStart = -1;
    for (let along = pipe.start + 3 * unit; along <= pipe.end - 3 * unit + 1; along++) {
      const ink = along <= pipe.end - 3 * unit && inked(along, side);
      if (ink && runStart < 0) runStart = along;
      if (ink || runStart < 0) continue;
      const [lo, hi] = [runStart, along - 1];
      runStart = -1;
      if (hi - lo + 1 > thin) continue;
      let bareOpposite = true;
      for (let k = lo - unit; k <= hi + unit && bareOpposite; k++) bareOpposite = !inked(k, opposite);
      if (bareOpposite) branches.push({ axis: { orientation: horizontal ? 'vertical' : 'horizontal', lo, hi }, from: side, step });
    }
  }
  return branches;
}

/**
 * Where branches may leave a pipe at its junction dots: on each side of a dot, an axis across the pipe
 * through the dot's middle, a stroke wide, and where to walk it from (beyond the dot).
 */
function dotBranches(rest: Uint8Array, width: number, height: number, pipe: Segment, unit: number) {
  const horizontal = pipe.orientation === 'horizontal';
  const [length, across] = horizontal ? [width, height] : [height, width];
  const index = indexAlong(width, horizontal);
  const at = (along: number, side: number) => rest[index(along, side)];
  const thin = 1.5 * unit + 1;
  const branches: Array<{ axis: Pick<Segment, 'orientation' | 'lo' | 'hi'>; from: number; step: 1 | -1 }> = [];
  const branchOrientation: Segment['orientation'] = horizontal ? 'vertical' : 'horizontal';
  const row = (step: 1 | -1) => (step === 1 ? pipe.hi + 2 : pipe.lo - 2);
  const bare = (from: number, to: number, side: number) => {
    if (side < 0 || side >= across) return true;
    for (let k = Math.max(0, from); k <= Math.min(length - 1, to); k++) if (at(k, side) === 1) return false;
    return true;
  };
  // A dot is as wide across the pipe on both sides.
  const dotAt = (start: number, end: number) => !bare(start + 1, end - 2, row(1)) && !bare(start + 1, end - 2, row(-1));
  for (const step of [-1, 1] as const) {
    const side = row(step);
    if (side < 0 || side >= across) continue;
    let runStart = -1;
    for (let along = Math.max(0, pipe.start); along <= Math.min(length, pipe.end + 1); along++) {
      const ink = along < length && along <= pipe.end && at(along, side) === 1;
      if (ink && runStart < 0) runStart = along;
      if (ink || runStart < 0) continue;
      const wide = along - runStart;
      // Not at the pipe's end (a corner), wider than a stroke, as wide on both sides.
      const inside = runStart - pipe.start >= 3 * unit && pipe.end - along >= 3 * unit;
      if (inside && wide > thin && wide <= 4 * unit + 2 && dotAt(runStart, along)) {
        const middle = Math.round((runStart + along - 1) / 2);
        const lo = middle - Math.floor(unit / 2);
        branches.push({ axis: { orientation: branchOrientation, lo, hi: lo + unit - 1 }, from: side + step * Math.ceil(wide / 2), step });
      }
      runStart = -1;
    }
  }
  return branches;
}
