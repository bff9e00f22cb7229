import { describe, expect, it } from '@jest/globals';
import { defaultLineOptions, findPageLines, segmentThickness } from './lines';
import { finerThanPipes, pipePen } from './line-weight';

const W = 2000;
const H = 1200;

/** A mask with the given boxes inked (inclusive). */
function maskWith(boxes: Array<[x0: number, y0: number, x1: number, y1: number]>): Uint8Array {
  const mask = new Uint8Array(W * H);
  for (const [x0, y0, x1, y1] of boxes) for (let y = y0; y <= y1; y++) mask.fill(1, y * W + x0, y * W + x1 + 1);
  return mask;
}

describe('line weight', () => {
  it("takes a heavy pen's lines, thicker than the page-size default, as lines", () => {
    // 11-px process lines (a heavy pen at 300 dpi) and two hairlines; the default cap on this page is 6 px.
    const mask = maskWith([
      [100, 100, 1800, 110],
      [100, 400, 1800, 410],
      [100, 700, 1800, 710],
      [300, 150, 310, 1100],
      [100, 1000, 1800, 1001],
      [1500, 150, 1501, 900],
    ]);
    expect(defaultLineOptions(W, H).maxThickness).toBeLessThan(11);
    const { segments, options } = findPageLines(mask, W, H);
    expect(options.maxThickness).toBeGreaterThanOrEqual(11);
    expect(segments.filter((s) => segmentThickness(s) === 11)).toHaveLength(4);
  });

  it("takes a heavy pen's lines where they are a few of the page's long lines, beside many thin ones", () => {
    // Sixteen 2-px lines (signal lines, a table's rules) and two 11-px process lines: the heavy pen's are 7 % of the length.
    const thin = Array.from({ length: 16 }, (_, i): [number, number, number, number] => [200, 150 + 55 * i, 1800, 151 + 55 * i]);
    const mask = maskWith([...thin, [500, 150, 510, 1050], [1400, 150, 1410, 1050]]);
    const { segments } = findPageLines(mask, W, H);
    expect(segments.filter((s) => s.orientation === 'vertical' && segmentThickness(s) === 11)).toHaveLength(2);
  });

  it('keeps the default cap where the lines are thin, and a filled area is no line', () => {
    const mask = maskWith([
      [100, 100, 1800, 102],
      [100, 400, 1800, 402],
      [300, 150, 302, 1100],
      // A filled band, long but not slender: a title block's bar, a hatched area's ink.
      [600, 600, 1000, 660],
    ]);
    const { segments, options } = findPageLines(mask, W, H);
    expect(options).toEqual(defaultLineOptions(W, H));
    expect(segments.map(segmentThickness).sort()).toEqual([3, 3, 3]);
  });

  it("reads the pipes' pen from where most long-line length is, and a line two pixels and a third finer as a signal line", () => {
    // Process lines 5 px thick, more signal lines 3 px thick but shorter in all, and short strokes of text.
    const strokes = [
      { length: 900, thickness: 5 },
      { length: 700, thickness: 5 },
      ...Array.from({ length: 6 }, () => ({ length: 200, thickness: 3 })),
      ...Array.from({ length: 40 }, () => ({ length: 20, thickness: 2 })),
    ];
    const pen = pipePen(strokes, 60);
    expect(pen).toBe(5);
    expect([5, 4, 3, 2].map((thickness) => finerThanPipes(thickness, pen))).toEqual([false, false, true, true]);
    // Hairline pages draw pipes and signals alike: no line is finer; nor is any on a page without long lines.
    expect([1, 2].map((thickness) => finerThanPipes(thickness, pipePen([{ length: 900, thickness: 2 }], 60)))).toEqual([false, false]);
    expect(finerThanPipes(1, pipePen(strokes.slice(8), 60))).toBe(false);
  });
});
