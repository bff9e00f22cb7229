import { describe, expect, it } from '@jest/globals';
import { CROP_CHANNELS, CROP_SIZE, cropSquare, cropSymbol, mirrorCrop, withTextAsPaper } from './crop';

/** A white page with a black rectangle outline, `stroke` px wide, from (x0, y0) to (x1, y1). */
function pageWithRectangle(width: number, height: number, [x0, y0, x1, y1]: number[], stroke: number) {
  const gray = new Uint8Array(width * height).fill(255);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (x < x0 + stroke || x >= x1 - stroke || y < y0 + stroke || y >= y1 - stroke) gray[y * width + x] = 0;
  }
  return { gray, width, height };
}

/** Rows (or columns) of one channel of the crop that hold ink. */
function inkedLines(crop: Float32Array, byRow: boolean, channel = 0): number[] {
  const lines: number[] = [];
  for (let a = 0; a < CROP_SIZE; a++) {
    let dark = 0;
    for (let b = 0; b < CROP_SIZE; b++) {
      dark = Math.max(dark, 1 - crop[(byRow ? a * CROP_SIZE + b : b * CROP_SIZE + a) * CROP_CHANNELS + channel]);
    }
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

  it('reads known text clear of the box as paper, and text reaching into the box as drawn', () => {
    const symbol = pageWithRectangle(400, 300, [150, 100, 250, 200], 4);
    const label = { x0: 260, y0: 120, x1: 279, y1: 180 };
    const labelled = { ...symbol, gray: symbol.gray.slice() };
    for (let y = label.y0; y <= label.y1; y++) labelled.gray.fill(0, y * 400 + label.x0, y * 400 + label.x1 + 1);
    const box = { x0: 150, y0: 100, x1: 249, y1: 199 };
    const alone = cropSymbol(symbol, box);
    // The label is in the padding: read as drawn, it darkens the crop; known as text, the crop is the symbol's alone.
    expect(cropSymbol(labelled, box)).not.toEqual(alone);
    expect(cropSymbol(withTextAsPaper(labelled, [label]), box)).toEqual(alone);
    // Its own box reaches into the label: the label is read.
    const reaching = { ...box, x1: 265 };
    expect(cropSymbol(withTextAsPaper(labelled, [label]), reaching)).toEqual(cropSymbol(labelled, reaching));
    // The page itself is left as it was, also where its pixels are a Node Buffer (whose `slice` is a view).
    expect(labelled.gray[150 * 400 + 270]).toBe(0);
    const buffered = { ...labelled, gray: Buffer.from(labelled.gray) };
    withTextAsPaper(buffered, [label]);
    expect(buffered.gray[150 * 400 + 270]).toBe(0);
  });

  it('keeps thin strokes when shrinking a large box', () => {
    const page = pageWithRectangle(1000, 1000, [100, 100, 900, 900], 4);
    const crop = cropSymbol(page, { x0: 100, y0: 100, x1: 900, y1: 900 });
    // 4 px in a 32.5-px crop pixel: averaged over the footprint it stays visible, where point sampling could miss it.
    const rows = inkedLines(crop, true);
    expect([rows[0], rows[rows.length - 1]]).toEqual([3, 28]);
  });

  it('shows the central half of the square at twice the resolution in the second channel', () => {
    // The 260-px square of the 200 × 100 box is x 70…330, y 20…280; its central half x 135…265, y 85…215 holds the
    // top and bottom edges but neither side.
    const page = pageWithRectangle(400, 300, [100, 100, 300, 200], 4);
    const crop = cropSymbol(page, { x0: 100, y0: 100, x1: 300, y1: 200 });
    const rows = inkedLines(crop, true, 1);
    expect(rows[0]).toBeCloseTo(((100 - 85) / 130) * CROP_SIZE, -0.5);
    expect(rows[rows.length - 1]).toBeCloseTo(((200 - 85) / 130) * CROP_SIZE - 1, -0.5);
    expect(inkedLines(crop, false, 1)).toHaveLength(CROP_SIZE);
    // A stroke down the box's middle (x 196…204) is columns 15 and 16 of the zoom, and nothing else is.
    const marked = pageWithRectangle(400, 300, [100, 100, 300, 200], 4);
    for (let y = 100; y < 200; y++) for (let x = 196; x < 204; x++) marked.gray[y * 400 + x] = 0;
    const zoom = cropSymbol(marked, { x0: 100, y0: 100, x1: 300, y1: 200 });
    const middleRow = (column: number) => zoom[(16 * CROP_SIZE + column) * CROP_CHANNELS + 1];
    expect(Math.max(middleRow(15), middleRow(16))).toBeLessThan(0.3);
    expect(Math.min(middleRow(12), middleRow(19))).toBeGreaterThan(0.9);
    // The whole view has the sides, at half the scale.
    expect(inkedLines(crop, false, 0)[0]).toBeCloseTo(((100 - 70) / 260) * CROP_SIZE, -0.5);
  });

  it('mirrors a crop as if the page were mirrored, in both channels', () => {
    // An outline with a block left of its centre, inside the central half the second channel shows.
    const page = pageWithRectangle(200, 200, [50, 50, 150, 150], 6);
    for (let y = 90; y < 110; y++) for (let x = 80; x < 100; x++) page.gray[y * 200 + x] = 0;
    const mirrored = { ...page, gray: new Uint8Array(page.gray.length) };
    for (let y = 0; y < 200; y++) for (let x = 0; x < 200; x++) mirrored.gray[y * 200 + x] = page.gray[y * 200 + 199 - x];
    const crops = new Float32Array(2 * CROP_SIZE * CROP_SIZE * CROP_CHANNELS);
    crops.set(cropSymbol(page, { x0: 40, y0: 50, x1: 150, y1: 150 }), crops.length / 2);
    mirrorCrop(crops, 1);
    const expected = cropSymbol(mirrored, { x0: 50, y0: 50, x1: 160, y1: 150 });
    expect(Math.min(...expected.filter((_, i) => i % CROP_CHANNELS === 1))).toBe(0);
    expect(Math.max(...crops.subarray(crops.length / 2).map((v, i) => Math.abs(v - expected[i])))).toBeLessThan(1e-4);
  });
});
