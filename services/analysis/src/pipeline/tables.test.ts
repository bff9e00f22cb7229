import { describe, expect, it } from '@jest/globals';
import type { Segment } from './lines';
import { findTables } from './tables';
import type { TextLine } from './text-lines';

const UNIT = 2;
const row = (y: number, x0: number, x1: number): Segment => ({
  orientation: 'horizontal',
  start: x0,
  end: x1,
  lo: y - 1,
  hi: y + 1,
  dashed: false,
});
const column = (x: number, y0: number, y1: number): Segment => ({
  orientation: 'vertical',
  start: y0,
  end: y1,
  lo: x - 1,
  hi: x + 1,
  dashed: false,
});
const text = (x: number, y: number): TextLine => ({
  x0: x,
  y0: y - 6,
  x1: x + 60,
  y1: y + 6,
  orientation: 'horizontal',
  size: 12,
  members: [],
});

describe('findTables', () => {
  // A portrait sheet: a frame from (50, 50) to (1050, 1500) with a title block as wide as the frame across its
  // foot (rows every 40 px from y 1340), and text in the drawing above it and in every row.
  const frame = [row(50, 50, 1050), column(50, 50, 1500), column(1050, 50, 1500)];
  const titleRows = [1340, 1380, 1420, 1460, 1500].map((y) => row(y, 50, 1050));
  const texts = [text(300, 400), text(600, 900), ...[1360, 1400, 1440, 1480].map((y) => text(100, y))];

  it('finds a title block as wide as the frame, and not the drawing above it with the frame top', () => {
    const tables = findTables([...frame, ...titleRows], texts, UNIT);
    expect(tables).toEqual([{ x0: 48, y0: 1338, x1: 1052, y1: 1502 }]);
  });

  it('finds a revision table of even rows beside the drawing', () => {
    const rows = [100, 130, 160, 190].map((y) => row(y, 700, 1000));
    const sides = [column(700, 100, 190), column(1000, 100, 190)];
    const tables = findTables([...frame, ...rows, ...sides], [text(720, 115), text(720, 145), text(720, 175)], UNIT);
    expect(tables).toEqual([{ x0: 698, y0: 98, x1: 1002, y1: 192 }]);
  });

  it('takes no stack of rows without text for a table (a column with its trays)', () => {
    const rows = [100, 130, 160, 190].map((y) => row(y, 700, 1000));
    const sides = [column(700, 100, 190), column(1000, 100, 190)];
    expect(findTables([...rows, ...sides], [], UNIT)).toEqual([]);
  });
});
