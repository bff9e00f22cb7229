import type { Segment } from './lines';

type Column = 'stroke' | 'shape' | 'empty';

/**
 * Short pipe pieces between symbols strung on one pipe (a valve, then a blind flange; two valves in a row).
 * Too short to be found as lines, they would join the symbols into one blob. Along the axis of each pipe,
 * beyond its ends, a stretch where the only ink across is the pipe's stroke, with a shape on either side, is
 * such a piece: it is cleared from `rest` and returned as a segment, so connections still run through it.
 * Stretches shorter than `3 * unit` stay: they are a symbol's own (a ball valve's necks between its bars).
 */
export function cutStubs(rest: Uint8Array, width: number, height: number, segments: Segment[], unit: number): Segment[] {
  const minStub = 3 * unit;
  const reach = 40 * unit;
  const pad = Math.max(2, Math.round(1.5 * unit));
  const stubs: Segment[] = [];
  for (const segment of segments) {
    if (segment.dashed) continue;
    const horizontal = segment.orientation === 'horizontal';
    const [length, across] = horizontal ? [width, height] : [height, width];
    const at = (along: number, side: number) => (horizontal ? side * width + along : along * width + side);
    const bandLo = segment.lo - 1;
    const bandHi = segment.hi + 1;
    const column = (along: number): Column => {
      let stroke = false;
      for (let side = Math.max(0, bandLo - pad); side <= Math.min(across - 1, bandHi + pad); side++) {
        if (!rest[at(along, side)]) continue;
        if (side < bandLo || side > bandHi) return 'shape';
        stroke = true;
      }
      return stroke ? 'stroke' : 'empty';
    };
    for (const step of [1, -1]) {
      let position = step > 0 ? segment.end + 1 : segment.start - 1;
      let seenShape = false;
      let strokeFrom: number | undefined;
      let empty = 0;
      for (let walked = 0; walked < reach && position >= 0 && position < length; walked++, position += step) {
        const kind = column(position);
        if (kind === 'empty') {
          // The pipe ends, or goes on as a line already found: nothing here joins two shapes.
          if (++empty > unit) break;
          strokeFrom = undefined;
          continue;
        }
        empty = 0;
        if (kind === 'stroke') {
          strokeFrom ??= position;
          continue;
        }
        if (strokeFrom !== undefined && seenShape && Math.abs(position - strokeFrom) >= minStub) {
          const [start, end] = step > 0 ? [strokeFrom, position - 1] : [position + 1, strokeFrom];
          for (let along = start; along <= end; along++) {
            for (let side = Math.max(0, bandLo); side <= Math.min(across - 1, bandHi); side++) rest[at(along, side)] = 0;
          }
          stubs.push({ orientation: segment.orientation, start, end, lo: segment.lo, hi: segment.hi, dashed: false });
        }
        strokeFrom = undefined;
        seenShape = true;
      }
    }
  }
  return stubs;
}
