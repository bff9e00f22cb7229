import { describe, expect, it } from '@jest/globals';
import type { Segment } from './lines';
import { cutStubs } from './stubs';

const W = 300;
const H = 200;
const UNIT = 3;

/** A mask with the given filled rectangles (inclusive pixel bounds). */
function mask(rects: Array<[number, number, number, number]>): Uint8Array {
  const ink = new Uint8Array(W * H);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) ink[y * W + x] = 1;
  return ink;
}

describe('cutStubs', () => {
  it('cuts both legs where a pipe bends at its end into a short leg and bends again into a symbol', () => {
    // A pipe along y 149..151 to x 250 (found as a line and removed from the ink), a leg up x 248..250 to y 110,
    // a leg left along y 110..112 to x 200, and a symbol's solid side there.
    const pipe: Segment = { orientation: 'horizontal', start: 20, end: 250, lo: 149, hi: 151, dashed: false };
    const rest = mask([
      [248, 110, 250, 148],
      [200, 110, 247, 112],
      [180, 95, 199, 127],
    ]);
    const stubs = cutStubs(rest, W, H, [pipe], UNIT);
    expect(stubs.map((s) => [s.orientation, s.start, s.end])).toEqual([
      ['vertical', 113, 148],
      ['horizontal', 200, 247],
    ]);
    // The symbol is left whole, the legs are gone from the ink.
    expect(rest[120 * W + 190]).toBe(1);
    expect(rest[111 * W + 220]).toBe(0);
  });

  it('cuts a hairline leg drawn a pixel off the end of a pipe twice its width', () => {
    // A pipe along y 103..104 ending at x 211 (the scan's anti-aliasing widens it to x 212), a one-pixel leg down
    // x 210 to a valve's top bar at y 150..152.
    const pipe: Segment = { orientation: 'horizontal', start: 211, end: 290, lo: 103, hi: 104, dashed: false };
    const rest = mask([
      [210, 105, 210, 149],
      [196, 150, 226, 152],
    ]);
    const stubs = cutStubs(rest, W, H, [pipe], 1);
    expect(stubs.map((s) => [s.orientation, s.start, s.end])).toEqual([['vertical', 105, 149]]);
    expect(rest[151 * W + 200]).toBe(1);
  });
});
