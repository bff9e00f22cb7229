import { describe, expect, it } from 'vitest';
import { inkWith } from '../testing/ink';
import { nozzlesOnEquipmentLines } from './equipment-lines';
import type { Segment } from './lines';

const [width, height] = [300, 200];
const unit = 3;
/** A column, its left wall at x 200 (y 20..180). */
const column = { x0: 199, y0: 20, x1: 260, y1: 180 };
type Piece = [number, number, number, number];

const horizontal = (start: number, end: number, lo: number, hi: number): Segment => ({
  orientation: 'horizontal',
  start,
  end,
  lo,
  hi,
  dashed: false,
});
const vertical = (start: number, end: number, lo: number, hi: number): Segment => ({
  orientation: 'vertical',
  start,
  end,
  lo,
  hi,
  dashed: false,
});

/** A line from the column's wall left to x 80 (y 119..122), a stub up from it at x 119..121 to a flange at y 96..97. */
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

describe('nozzlesOnEquipmentLines', () => {
  it('finds the flanged nozzles on a line leaving a wall and ending free, the line no pipe', () => {
    const found = nozzlesOnEquipmentLines(inkWith(width, height, ...pieces), [chamber, stub, pipeAbove], [column], [], unit);
    // (Found from the stub and from the pipe past the flange alike: the page keeps one nozzle where several stand.)
    const distinct = new Set(found.nozzles.map(({ box }) => JSON.stringify(box)));
    expect([...distinct].map((box) => JSON.parse(box))).toEqual([{ x0: 112, y0: 96, x1: 128, y1: 119 }]);
    expect(found.nozzles.every(({ equipment }) => equipment === column)).toBe(true);
    expect([...found.lines]).toEqual([chamber]);
  });

  it('reads no line that ends at something, or carries a branch that is no nozzle, as equipment', () => {
    const ink = inkWith(width, height, ...pieces, [60, 110, 79, 130]);
    // A symbol (or a line) at the far end: a pipe leading to it.
    expect(
      nozzlesOnEquipmentLines(ink, [chamber, stub, pipeAbove], [column], [{ x0: 60, y0: 110, x1: 79, y1: 130 }], unit).lines.size,
    ).toBe(0);
    const onward = horizontal(40, 78, 119, 122);
    expect(nozzlesOnEquipmentLines(ink, [chamber, stub, pipeAbove, onward], [column], [], unit).lines.size).toBe(0);
    // A branch down to nowhere near a flange.
    const branch = vertical(121, 190, 160, 162);
    const withBranch = inkWith(width, height, ...pieces, [160, 121, 162, 190]);
    expect(nozzlesOnEquipmentLines(withBranch, [chamber, stub, pipeAbove, branch], [column], [], unit).lines.size).toBe(0);
    // No nozzle on it at all.
    expect(
      nozzlesOnEquipmentLines(inkWith(width, height, [199, 20, 201, 180], [80, 119, 200, 122]), [chamber], [column], [], unit).lines.size,
    ).toBe(0);
  });
});
