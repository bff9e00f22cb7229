import { describe, expect, it } from '@jest/globals';
import { boxOf } from '../pipeline/components';
import { inkWith } from '../testing/ink';
import { strokeSegment } from '../testing/segments';
import { boxedSymbol } from '../testing/symbols';
import { fittedToInk } from './ink-fit';

/** A vertical pipe 4 px thick (x 48-51) from top to bottom of a 100 × 100 page. */
const pipe = strokeSegment('vertical', 0, 99, 48, 51);
const pipeInk: [number, number, number, number] = [48, 0, 51, 99];
/** A flange across it: two bars, x 40-59, y 45-46 and 50-51. */
const bars: Array<[number, number, number, number]> = [
  [40, 45, 59, 46],
  [40, 50, 59, 51],
];

describe('a detection drawn in to its ink', () => {
  it('fits a flange boxed a few pixels too large, the pipe through it holding no side out', () => {
    const ink = inkWith(100, 100, pipeInk, ...bars);
    const detected = boxedSymbol(37, 42, 62, 54, 'fitting', 0.9);
    expect(boxOf(fittedToInk(detected, ink, [pipe], 4))).toEqual({ x0: 40, y0: 45, x1: 59, y1: 51 });
    // Without the pipe found as a line, its ink holds the top and bottom sides where they were.
    expect(boxOf(fittedToInk(detected, ink, [], 4))).toEqual({ x0: 40, y0: 42, x1: 59, y1: 54 });
  });

  it('keeps a bar across the pipe whose rows were found as a line with the tap leaving it: a side along a line stops at it', () => {
    // An orifice plate's bar (x 40-59, y 45-50) across the pipe, its tap leaving from its top rows to the right (to x
    // 80): bar and tap found as one line through the box, rows 45-46.
    const ink = inkWith(100, 100, pipeInk, [40, 45, 59, 50], [60, 45, 80, 46]);
    const barAndTap = strokeSegment('horizontal', 40, 80, 45, 46);
    const detected = boxedSymbol(37, 43, 61, 52, 'fitting', 0.9);
    // The tap holds no side across it out (x1 comes in to the bar's end); the top stops at the bar's first row.
    expect(boxOf(fittedToInk(detected, ink, [pipe, barAndTap], 4))).toEqual({ x0: 40, y0: 45, x1: 59, y1: 50 });
  });

  it("keeps a box's outline that was found as lines: they end at the symbol, they do not pass it", () => {
    // A box outlined 2 px thick, x 20-60, y 30-50, each side found as a line of its own.
    const ink = inkWith(100, 100, [20, 30, 60, 31], [20, 49, 60, 50], [20, 30, 21, 50], [59, 30, 60, 50]);
    const sides = [
      strokeSegment('horizontal', 20, 60, 30, 31),
      strokeSegment('horizontal', 20, 60, 49, 50),
      strokeSegment('vertical', 30, 50, 20, 21),
      strokeSegment('vertical', 30, 50, 59, 60),
    ];
    const detected = boxedSymbol(17, 27, 63, 53, 'off_page_connector', 0.9);
    expect(boxOf(fittedToInk(detected, ink, sides, 5))).toEqual({ x0: 20, y0: 30, x1: 60, y1: 50 });
  });

  it('moves a side in by a stroke width or two at most: a lead drawn along the pipe is part of the symbol', () => {
    // The bars' box with 10 px of lead above and below, along the pipe.
    const ink = inkWith(100, 100, pipeInk, ...bars);
    const detected = boxedSymbol(40, 35, 59, 61, 'fitting', 0.9);
    expect(boxOf(fittedToInk(detected, ink, [pipe], 3))).toEqual({ x0: 40, y0: 38, x1: 59, y1: 58 });
  });

  it('keeps the box as detected where little of it is ink of its own', () => {
    // Only a speck beside the pipe: the detection is mostly line.
    const ink = inkWith(100, 100, pipeInk, [53, 60, 54, 61]);
    const detected = boxedSymbol(40, 50, 60, 70, 'valve', 0.6);
    expect(fittedToInk(detected, ink, [pipe], 20)).toBe(detected);
  });
});
