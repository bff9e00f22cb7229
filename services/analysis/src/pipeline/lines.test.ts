import { describe, expect, it } from '@jest/globals';
import { isSymbolElement } from '@pid/contracts';
import { svgPage } from '../testing/synthetic';
import { analyzePage } from './analyze-page';
import { findPageLines, removeLines } from './lines';

const W = 200;
const H = 30;

/** A mask with the given rows inked from x0 to x1. */
function maskWith(rows: Array<[y: number, x0: number, x1: number]>): Uint8Array {
  const mask = new Uint8Array(W * H);
  for (const [y, x0, x1] of rows) mask.fill(1, y * W + x0, y * W + x1 + 1);
  return mask;
}

const inkLeft = (mask: Uint8Array) => mask.reduce((sum, v) => sum + v, 0);

describe('removeLines', () => {
  it('removes a thick stroke whose edge row is broken, though it is found as several bands', () => {
    // Rows 10–11 run through; row 12 breaks at x 100–101 (a valve's waist, a branch leaving).
    const mask = maskWith([
      [10, 0, 199],
      [11, 0, 199],
      [12, 0, 99],
      [12, 102, 199],
    ]);
    const { segments } = findPageLines(mask, W, H);
    expect(segments.length).toBeGreaterThan(1);
    expect(inkLeft(removeLines(mask, W, H, segments, 1000))).toBe(0);
  });

  it('keeps the ink that crosses a stroke', () => {
    const mask = maskWith([[10, 0, 199], [11, 0, 199], ...Array.from({ length: 8 }, (_, i): [number, number, number] => [2 + i, 50, 51])]);
    const rest = removeLines(mask, W, H, findPageLines(mask, W, H).segments, 1000);
    expect(rest[10 * W + 50]).toBe(1);
    expect(rest[10 * W + 150]).toBe(0);
  });
});

describe('symbols on thick lines', () => {
  it('finds a solid bowtie valve on a thick pipe as one symbol, not two halves', async () => {
    // The cones' middle rows run the whole line, so the pipe's band is as thick as the waist region.
    const page = await svgPage(
      400,
      160,
      `<line x1="20" y1="80" x2="380" y2="80" stroke="#000" stroke-width="5"/>` +
        `<polygon points="170,56 200,80 170,104" fill="#000"/><polygon points="230,56 200,80 230,104" fill="#000"/>`,
    );
    const symbols = (await analyzePage(page)).elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    const [{ boundingBox }] = symbols;
    expect(boundingBox.x).toBeLessThanOrEqual(172);
    expect(boundingBox.x + boundingBox.width).toBeGreaterThanOrEqual(228);
  });

  it("joins the parts that the line's removal left on either side of it: a flange's two bars", async () => {
    const bar = (x: number) => `<rect x="${x}" y="60" width="3" height="40" fill="#000"/>`;
    const page = await svgPage(400, 160, `<line x1="20" y1="80" x2="380" y2="80" stroke="#000" stroke-width="3"/>` + bar(190) + bar(210));
    const symbols = (await analyzePage(page)).elements.filter(isSymbolElement);
    // One joint, reported as its two flanges.
    expect(symbols.map((e) => e.description)).toEqual(['flange', 'flange']);
    expect(Math.min(...symbols.map(({ boundingBox: b }) => b.x))).toBeLessThanOrEqual(191);
    expect(Math.max(...symbols.map(({ boundingBox: b }) => b.x + b.width))).toBeGreaterThanOrEqual(212);
  });
});
