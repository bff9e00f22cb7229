import { describe, expect, it } from '@jest/globals';
import { bridgeGaps, bridgeHops, inkAlongMask } from './hops';
import { lineSegment, strokeSegment } from '../testing/segments';
import type { Segment } from './lines';

const UNIT = 3;
const W = 400;
const H = 400;
/** Ink where the segments run (a pixel either side of their centre). */
function inkOf(segments: Segment[]): Uint8Array {
  const mask = new Uint8Array(W * H);
  for (const s of segments) {
    for (let along = s.start; along <= s.end; along++) {
      for (let across = s.lo; across <= s.hi; across++) {
        const [x, y] = s.orientation === 'horizontal' ? [along, across] : [across, along];
        mask[y * W + x] = 1;
      }
    }
  }
  return mask;
}
const verticals = (segments: Segment[]) => segments.filter((s) => s.orientation === 'vertical').map((s) => [s.start, s.end]);

describe('bridgeGaps', () => {
  // Two pipes across at y 150 and y 200; a vertical pipe x 100 broken at each (4 px either side).
  const across = [lineSegment('horizontal', 150, 0, 399), lineSegment('horizontal', 200, 0, 399)];
  const above = lineSegment('vertical', 100, 10, 146);
  const below = lineSegment('vertical', 100, 204, 390);
  const between = lineSegment('vertical', 100, 154, 196);

  it('bridges a pipe broken at one crossing', () => {
    const single = lineSegment('vertical', 100, 154, 390);
    expect(verticals(bridgeGaps([across[0], above, single], UNIT))).toEqual([[10, 390]]);
  });

  it('keeps a pipe solid where its short run to a bend, broken off at a crossing, was read as a dash', () => {
    const dash = { ...lineSegment('vertical', 100, 120, 146), dashed: true };
    const single = lineSegment('vertical', 100, 154, 390);
    const joined = bridgeGaps([across[0], dash, single], UNIT).filter((s) => s.orientation === 'vertical');
    expect(joined.map((s) => [s.start, s.end, s.dashed])).toEqual([[120, 390, false]]);
    // A signal line's dash found solid across a crossing stays in its dashed line.
    const signal = { ...single, dashed: true };
    const solidDash = lineSegment('vertical', 100, 120, 146);
    const signalJoined = bridgeGaps([across[0], solidDash, signal], UNIT).filter((s) => s.orientation === 'vertical');
    expect(signalJoined.map((s) => [s.start, s.end, s.dashed])).toEqual([[120, 390, true]]);
  });

  it('drops a hop’s arc found as short straight pieces around the gap, and keeps the pipe it jumps', () => {
    // The arc squared by coarse pixels: out along y 146 and y 154 to x 106, and down x 106 across the pipe.
    const arc = [
      lineSegment('horizontal', 146, 100, 106),
      lineSegment('vertical', 106, 146, 154),
      lineSegment('horizontal', 154, 100, 106),
    ];
    const single = lineSegment('vertical', 100, 154, 390);
    const found = bridgeGaps([across[0], above, single, ...arc], UNIT);
    expect(found.map((s) => [s.orientation, s.start, s.end])).toEqual([
      ['horizontal', 0, 399],
      ['vertical', 10, 390],
    ]);
  });

  it('bridges a pipe across two crossings where the piece between them is drawn but too short to be a line', () => {
    const ink = inkAlongMask(inkOf([...across, above, below, between]), W, H);
    expect(verticals(bridgeGaps([...across, above, below], UNIT, ink))).toEqual([[10, 390]]);
  });

  it('does not bridge through a valve drawn on the pipe before the crossing', () => {
    // The pipe above stops at a valve (ink across y 120..146, wide), then runs on below the first crossing.
    const valve = lineSegment('vertical', 100, 120, 146);
    const wide = { ...valve, lo: 90, hi: 110 };
    const upper = lineSegment('vertical', 100, 10, 119);
    const ink = inkAlongMask(inkOf([...across, upper, wide, between, below]), W, H);
    expect(verticals(bridgeGaps([...across, upper, below], UNIT, ink))).toEqual([
      [10, 119],
      [204, 390],
    ]);
  });

  it("keeps the whole pipe where a short piece beside it (a turned scan's ragged edge) is bridged too", () => {
    const single = lineSegment('vertical', 100, 154, 390);
    const edge = strokeSegment('vertical', 120, 146, 101, 101);
    expect(verticals(bridgeGaps([across[0], above, edge, single], UNIT))).toEqual([[10, 390]]);
  });

  it('keeps two pipes ending at two headers apart where nothing is drawn between the headers', () => {
    const ink = inkAlongMask(inkOf([...across, above, below]), W, H);
    expect(verticals(bridgeGaps([...across, above, below], UNIT, ink))).toEqual([
      [10, 146],
      [204, 390],
    ]);
    expect(verticals(bridgeGaps([...across, above, below], UNIT))).toEqual([
      [10, 146],
      [204, 390],
    ]);
  });
});

describe('bridgeHops', () => {
  // A vertical pipe x 100 jumps a horizontal one at y 150 with an arc bulging right, y 143..157.
  const across = lineSegment('horizontal', 150, 0, 399);
  const arc = { x0: 99, y0: 143, x1: 108, y1: 157, area: 30, meanRadius: 6, radiusDeviation: 1 };
  const above = lineSegment('vertical', 100, 10, 142);
  const below = lineSegment('vertical', 100, 158, 390);

  it('joins the pieces either side of the arc, the longest where short pieces lie beside them', () => {
    expect(verticals(bridgeHops([arc], [across, above, below], UNIT).segments)).toEqual([[10, 390]]);
    // A turned scan's ragged edge: short pieces beside the pipe, ending at the arc too.
    const edges = [strokeSegment('vertical', 120, 142, 101, 101), strokeSegment('vertical', 158, 200, 101, 101)];
    const { segments, hops } = bridgeHops([arc], [across, ...edges, above, below], UNIT);
    expect(verticals(segments)).toContainEqual([10, 390]);
    expect(hops.has(arc)).toBe(true);
  });
});
