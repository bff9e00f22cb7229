import { describe, expect, it } from '@jest/globals';
import { lineSegment } from '../../testing/segments';
import { outlineOfKept } from './page-connections';

describe('outlineOfKept', () => {
  // A rectangle x 100..300, y 100..200 read from four lines (stroke 3 px, unit 2).
  const sides = [
    lineSegment('horizontal', 100, 100, 300),
    lineSegment('horizontal', 200, 100, 300),
    lineSegment('vertical', 100, 100, 200),
    lineSegment('vertical', 300, 100, 200),
  ];
  const outlines = new Set(sides);

  it("keeps a kept box's sides out of the pipes", () => {
    const box = { x0: 99, y0: 99, x1: 301, y1: 201 };
    expect(sides.map((side) => outlineOfKept(side, outlines, [box], 2))).toEqual([true, true, true, true]);
  });

  it("keeps the sides of a box kept drawn in to its ink (a detector's box a little inside the outline)", () => {
    const drawnIn = { x0: 110, y0: 108, x1: 290, y1: 192 };
    expect(sides.map((side) => outlineOfKept(side, outlines, [drawnIn], 2))).toEqual([true, true, true, true]);
  });

  it('gives the sides of a box no longer kept back to the pipes (a loop of pipe read as a rectangle)', () => {
    // Only a valve inside the loop is kept, on none of its sides.
    const valve = { x0: 180, y0: 140, x1: 220, y1: 160 };
    expect(sides.map((side) => outlineOfKept(side, outlines, [valve], 2))).toEqual([false, false, false, false]);
  });

  it('takes no line that is no outline for one', () => {
    const pipe = lineSegment('horizontal', 150, 0, 99);
    expect(outlineOfKept(pipe, outlines, [{ x0: 0, y0: 140, x1: 120, y1: 160 }], 2)).toBe(false);
  });
});
