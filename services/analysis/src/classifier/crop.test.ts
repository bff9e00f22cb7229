import { describe, expect, it } from 'vitest';
import { CROP_SIZE, cropSquare, cropSymbol } from './crop';

/** A white page with a black rectangle outline, `stroke` px wide, from (x0, y0) to (x1, y1). */
function pageWithRectangle(width: number, height: number, [x0, y0, x1, y1]: number[], stroke: number) {
  const gray = new Uint8Array(width * height).fill(255);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (x < x0 + stroke || x >= x1 - stroke || y < y0 + stroke || y >= y1 - stroke) gray[y * width + x] = 0;
  }
  return { gray, width, height };
}

/** Rows (or columns) of the crop that hold ink. */
function inkedLines(crop: Float32Array, byRow: boolean): number[] {
  const lines: number[] = [];
  for (let a = 0; a < CROP_SIZE; a++) {
    let dark = 0;
    for (let b = 0; b < CROP_SIZE; b++) dark = Math.max(dark, 1 - crop[byRow ? a * CROP_SIZE + b : b * CROP_SIZE + a]);
    if (dark > 0.1) lines.push(a);
  }
  return lines;
}

describe('crop convention', () => {
  it('pads the box by 15 % of its longer side on each side and makes it square about its centre', () => {
    expect(cropSquare({ x0: 100, y0: 200, x1: 200, y1: 250 })).toEqual({ x: 85, y: 160, side: 130 });
  });

  it('reads paper as 1, ink as 0, and outside the page as paper', () => {
    const blank = cropSymbol({ gray: new Uint8Array(100).fill(255), width: 10, height: 10 }, { x0: -50, y0: -50, x1: 5, y1: 5 });
    expect(Math.min(...blank)).toBe(1);
    const black = cropSymbol({ gray: new Uint8Array(10_000), width: 100, height: 100 }, { x0: 20, y0: 20, x1: 80, y1: 80 });
    expect(Math.max(...black)).toBe(0);
  });

  it('keeps a wide symbol undistorted: its outline fills the width and sits centred in height', () => {
    // 200 × 100 px rectangle: the square side is 260 px, so the outline spans 200/260 of the width, 100/260 of the height.
    const page = pageWithRectangle(400, 300, [100, 100, 300, 200], 4);
    const crop = cropSymbol(page, { x0: 100, y0: 100, x1: 300, y1: 200 });
    const columns = inkedLines(crop, false);
    const rows = inkedLines(crop, true);
    const pad = (0.15 / 1.3) * CROP_SIZE;
    expect(columns[0]).toBeCloseTo(pad, -0.5);
    expect(columns[columns.length - 1]).toBeCloseTo(CROP_SIZE - 1 - pad, -0.5);
    const rowPad = ((260 - 100) / 2 / 260) * CROP_SIZE;
    expect(rows[0]).toBeCloseTo(rowPad, -0.5);
    expect(rows[rows.length - 1]).toBeCloseTo(CROP_SIZE - 1 - rowPad, -0.5);
  });

  it('keeps thin strokes when shrinking a large box', () => {
    const page = pageWithRectangle(1000, 1000, [100, 100, 900, 900], 4);
    const crop = cropSymbol(page, { x0: 100, y0: 100, x1: 900, y1: 900 });
    // 4 px in a 32.5-px crop pixel: averaged over the footprint it stays visible, where point sampling could miss it.
    const rows = inkedLines(crop, true);
    expect([rows[0], rows[rows.length - 1]]).toEqual([3, 28]);
  });
});
