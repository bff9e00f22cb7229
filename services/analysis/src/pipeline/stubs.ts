import type { Segment } from './lines';

type Column = 'stroke' | 'shape' | 'empty';

/**
 * Short pipe pieces beside symbols strung on one pipe: between a valve and its blind flange, between two valves
 * in a row, from a flange to where a crossing line broke the pipe. Too short to be found as lines, they would
 * join the symbols into one blob or stretch a symbol along its pipe. Along the axis of each pipe beyond its
 * ends, across short gaps, a stretch beside a shape where the only ink across is the pipe's stroke is such a
 * piece: it is cleared from `rest` and returned as a segment, so connections still run through it. Stretches
 * shorter than `3 * unit` stay: they are a symbol's own (a ball valve's necks between its bars).
 * (Walking short branches that leave a pipe's side as well cut valve stems and bubble leaders: worse.)
 */
export function cutStubs(rest: Uint8Array, width: number, height: number, segments: Segment[], unit: number): Segment[] {
  const minStub = 3 * unit;
  const reach = 40 * unit;
  const maxGap = 2 * unit + 2;
  const pad = Math.max(2, Math.round(1.5 * unit));
  const stubs: Segment[] = [];

  /** Walks along `segment`'s axis from `from`, one way (`step`), cutting the pieces it passes. */
  const walk = ({ orientation, lo, hi }: Segment, from: number, step: 1 | -1) => {
    const horizontal = orientation === 'horizontal';
    const [length, across] = horizontal ? [width, height] : [height, width];
    const at = (along: number, side: number) => (horizontal ? side * width + along : along * width + side);
    const bandLo = Math.max(0, lo - 1);
    const bandHi = Math.min(across - 1, hi + 1);
    const column = (along: number): Column => {
      let stroke = false;
      for (let side = Math.max(0, bandLo - pad); side <= Math.min(across - 1, bandHi + pad); side++) {
        if (!rest[at(along, side)]) continue;
        if (side < bandLo || side > bandHi) return 'shape';
        stroke = true;
      }
      return stroke ? 'stroke' : 'empty';
    };
    const cut = ([a, b]: [number, number]) => {
      const [start, end] = a <= b ? [a, b] : [b, a];
      if (end - start + 1 < minStub) return;
      for (let along = start; along <= end; along++) for (let side = bandLo; side <= bandHi; side++) rest[at(along, side)] = 0;
      stubs.push({ orientation, start, end, lo, hi, dashed: false });
    };
    let run: [number, number] | undefined;
    let gap = 0;
    // What came before the run: a short run with a gap on both sides is a dash of a signal line, kept for it.
    const dashLike = ([a, b]: [number, number]) => Math.abs(b - a) + 1 <= 6 * unit;
    let before: Column = 'empty';
    let previous: Column = 'empty';
    for (let position = from, walked = 0; walked < reach && position >= 0 && position < length; walked++, position += step) {
      const kind = column(position);
      if (kind === 'stroke') {
        if (!run) before = previous;
        run = run ? [run[0], position] : [position, position];
        gap = 0;
        previous = kind;
        continue;
      }
      if (run && (before === 'shape' || kind === 'shape' || !dashLike(run))) cut(run);
      run = undefined;
      previous = kind;
      // A longer gap: the pipe ends, or goes on as a line already found.
      if (kind === 'empty' && ++gap > maxGap) break;
      if (kind === 'shape') gap = 0;
    }
    if (run && (before === 'shape' || !dashLike(run))) cut(run);
  };

  for (const segment of segments) {
    if (segment.dashed) continue;
    walk(segment, segment.end + 1, 1);
    walk(segment, segment.start - 1, -1);
  }
  return stubs;
}
