import { describe, expect, it } from '@jest/globals';
import { connectedComponents, type InkImage } from './components';
import { bridgeRings, onRingMark } from './ring-marks';
import { lineSegment } from '../testing/segments';
import { inkWith } from '../testing/ink';

const UNIT = 2;
const W = 200;
const H = 120;

/** Inks a circle of radius `r` (a rim `pen` pixels thick, or filled) centred at cx, cy. */
function circle(ink: InkImage, cx: number, cy: number, r: number, pen: number | 'filled'): void {
  for (let y = cy - r - 1; y <= cy + r + 1; y++) {
    for (let x = cx - r - 1; x <= cx + r + 1; x++) {
      const d = Math.hypot(x - cx, y - cy);
      if (pen === 'filled' ? d <= r : d <= r && d > r - pen) ink.mask[y * W + x] = 1;
    }
  }
}

// A horizontal data link at y 60 stopping at a ring of radius 7 centred at x 100: pieces end on the rim.
const left = lineSegment('horizontal', 60, 10, 93);
const right = lineSegment('horizontal', 60, 107, 190);
const horizontals = (segments: ReturnType<typeof bridgeRings>['segments']) =>
  segments.filter((s) => s.orientation === 'horizontal').map((s) => [s.start, s.end]);

describe('bridgeRings', () => {
  it('joins a data link through the ring it stops at, and takes the ring for the line’s mark', () => {
    const ink = inkWith(W, H);
    circle(ink, 100, 60, 7, 2);
    const components = connectedComponents(ink.mask, W, H);
    const { segments, rings } = bridgeRings(components, [left, right], ink, UNIT);
    expect(horizontals(segments)).toEqual([[10, 190]]);
    expect(rings).toHaveLength(1);
    // A detection boxing the ring (a little larger) is the mark; a valve-sized box around it is not.
    expect(onRingMark(rings)({ x0: 91, y0: 51, x1: 109, y1: 69 })).toBe(true);
    expect(onRingMark(rings)({ x0: 80, y0: 45, x1: 120, y1: 75 })).toBe(false);
  });

  it('leaves a line broken at an instrument bubble that holds its tag', () => {
    const ink = inkWith(W, H, [97, 57, 103, 63]);
    circle(ink, 100, 60, 7, 2);
    const components = connectedComponents(ink.mask, W, H);
    const { segments, rings } = bridgeRings(components, [left, right], ink, UNIT);
    expect(horizontals(segments)).toEqual([
      [10, 93],
      [107, 190],
    ]);
    expect(rings).toEqual([]);
  });

  it('leaves a line broken at a small square box, and at a ring with a flange bar beside it (a symbol’s part)', () => {
    const square = inkWith(W, H, [93, 53, 107, 54], [93, 66, 107, 67], [93, 53, 94, 67], [106, 53, 107, 67]);
    const barred = inkWith(W, H, [111, 50, 112, 70]);
    circle(barred, 100, 60, 7, 2);
    for (const ink of [square, barred]) {
      const { segments, rings } = bridgeRings(connectedComponents(ink.mask, W, H), [left, right], ink, UNIT);
      expect(horizontals(segments)).toHaveLength(2);
      expect(rings).toEqual([]);
    }
  });

  it('leaves a line broken at a filled dot and at a ring off its axis', () => {
    for (const [cy, pen] of [
      [60, 'filled'],
      [67, 2],
    ] as const) {
      const ink = inkWith(W, H);
      circle(ink, 100, cy, 7, pen);
      const { segments, rings } = bridgeRings(connectedComponents(ink.mask, W, H), [left, right], ink, UNIT);
      expect(horizontals(segments)).toHaveLength(2);
      expect(rings).toEqual([]);
    }
  });
});
