import { describe, expect, it } from '@jest/globals';
import { inkWith } from '../testing/ink';
import { strokeSegment } from '../testing/segments';
import { nozzlesOnEquipmentLines } from './equipment-lines';
import type { Segment } from './lines';

const [width, height] = [300, 200];
const unit = 3;
/** A column, its left wall at x 200 (y 20..180). */
const column = { x0: 199, y0: 20, x1: 260, y1: 180 };
type Piece = [number, number, number, number];

const horizontal = (start: number, end: number, lo: number, hi: number) => strokeSegment('horizontal', start, end, lo, hi);
const vertical = (start: number, end: number, lo: number, hi: number) => strokeSegment('vertical', start, end, lo, hi);

/** The wall, a line from it left to x 80 (y 119..122), a stub up from it at x 119..121 to a flange at y 96..97. */
const wall = vertical(20, 180, 199, 201);
const chamber = horizontal(80, 200, 119, 122);
const stub = vertical(98, 120, 119, 121);
const pipeAbove = vertical(30, 95, 119, 121);
const pieces: Piece[] = [
  [199, 20, 201, 180],
  [80, 119, 200, 122],
  [119, 98, 121, 120],
  [112, 96, 128, 97],
  [119, 30, 121, 95],
];
const lines = [wall, chamber, stub, pipeAbove];

/** The distinct nozzle boxes found, each with the line it stands on (a stub and the pipe past its flange both find it). */
const found = (...args: Parameters<typeof nozzlesOnEquipmentLines>) => {
  const nozzles = nozzlesOnEquipmentLines(...args);
  expect(nozzles.every(({ equipment }) => equipment === args[2][0])).toBe(true);
  return [...new Set(nozzles.map(({ box, line }) => JSON.stringify({ box, line })))].map((text) => JSON.parse(text) as unknown);
};

describe('nozzlesOnEquipmentLines', () => {
  it('finds the flanged nozzles on a line leaving a wall and ending free', () => {
    expect(found(inkWith(width, height, ...pieces), lines, [column], [column], [], unit)).toEqual([
      { box: { x0: 112, y0: 96, x1: 128, y1: 119 }, line: chamber },
    ]);
    // The same turned: a line down from a vessel's bottom (y 60) to y 180, a stub right from it to a flange.
    const vessel = { x0: 20, y0: 10, x1: 200, y1: 59 };
    const down = vertical(59, 180, 119, 122);
    const right = horizontal(122, 144, 139, 141);
    const ink = inkWith(width, height, [20, 58, 200, 60], [119, 59, 122, 180], [122, 139, 144, 141], [145, 132, 146, 148]);
    expect(found(ink, [horizontal(20, 200, 58, 60), down, right], [vessel], [vessel], [], unit)).toEqual([
      { box: { x0: 122, y0: 132, x1: 146, y1: 148 }, line: down },
    ]);
  });

  it('reads no line that ends at something, carries a symbol or a branch that is no nozzle, or leaves through a nozzle', () => {
    const none = (ink: ReturnType<typeof inkWith>, segments: Segment[], symbols = [column], texts: Piece[] = []) =>
      nozzlesOnEquipmentLines(
        ink,
        segments,
        [column],
        symbols,
        texts.map(([x0, y0, x1, y1]) => ({ x0, y0, x1, y1 })),
        unit,
      );
    const ink = inkWith(width, height, ...pieces);
    // A symbol, a text or a line at the far end: a pipe leading to it.
    const valve = { x0: 60, y0: 110, x1: 79, y1: 130 };
    expect(none(ink, lines, [column, valve])).toEqual([]);
    expect(none(ink, lines, [column], [[40, 115, 78, 126]])).toEqual([]);
    expect(none(ink, [...lines, horizontal(40, 78, 119, 122)])).toEqual([]);
    // A symbol on it.
    expect(none(ink, lines, [column, { x0: 150, y0: 112, x1: 170, y1: 130 }])).toEqual([]);
    // A branch down to nowhere near a flange.
    const branch = vertical(121, 190, 160, 162);
    expect(none(inkWith(width, height, ...pieces, [160, 121, 162, 190]), [...lines, branch])).toEqual([]);
    // No branch at all.
    expect(none(inkWith(width, height, [199, 20, 201, 180], [80, 119, 200, 122]), [wall, chamber])).toEqual([]);
    // Leaving the column through a flanged nozzle of its own (a bar across it by the wall): a pipe.
    expect(none(inkWith(width, height, ...pieces, [190, 112, 191, 130]), lines)).toEqual([]);
  });
});
