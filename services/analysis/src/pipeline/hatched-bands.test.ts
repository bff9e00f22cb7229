import { describe, expect, it } from '@jest/globals';
import { isSymbolElement } from '@pid/contracts';
import { namingAll } from '../testing/classifiers';
import { inkWith } from '../testing/ink';
import { lineSegment } from '../testing/segments';
import { line, svgPage, valve } from '../testing/synthetic';
import { analyzePage } from './analyze-page';
import { findHatchedBands } from './hatched-bands';
import type { InkImage } from './components';

const W = 500;
const H = 200;
// Two lines along y 100 and y 130, x 50 to 450.
const sides = [lineSegment('horizontal', 100, 50, 450), lineSegment('horizontal', 130, 50, 450)];

/** Strokes between the sides (lines removed), each from its foot at `x` on y 128 up to y 102, `lean` px along. */
function strokes(feet: number[], lean: number): InkImage {
  const ink = inkWith(W, H);
  for (const x of feet) {
    for (let y = 102; y <= 128; y++) {
      const at = Math.round(x + (lean * (128 - y)) / 26);
      ink.mask.fill(1, y * W + at, y * W + at + 2);
    }
  }
  return ink;
}
const evenly = Array.from({ length: 18 }, (_, k) => 55 + 22 * k);

describe('hatched bands', () => {
  it('are two parallel lines with slanted strokes evenly spaced along them', () => {
    const bands = findHatchedBands(sides, strokes(evenly, 26), 2);
    expect(bands).toEqual([{ x0: 50, x1: 450, y0: 99, y1: 131 }]);
  });

  it('are not two lines with upright ticks between, nor with a few strokes at one end', () => {
    expect(findHatchedBands(sides, strokes(evenly, 0), 2)).toEqual([]);
    expect(findHatchedBands(sides, strokes([60, 82, 104], 26), 2)).toEqual([]);
  });

  it('hold no symbol: the hatching of a wall is not read as one, a valve beside it is', async () => {
    // Taller than a line of text: its strokes are no slashes.
    const wall =
      line(40, 30, 460, 30) +
      line(40, 90, 460, 90) +
      evenly.map((x) => line(x, 88, x + 40, 32).replace('/>', ' stroke-width="2"/>')).join('') +
      line(40, 150, 460, 150) +
      valve(250, 150);
    // A classifier that names anything it is shown a valve: the hatching is never shown to it.
    const analysis = await analyzePage(await svgPage(W, H, wall), { symbolClassifier: async () => namingAll('gate_valve', 'valve', 0.99) });
    const symbols = analysis.elements.filter(isSymbolElement);
    expect(symbols).toHaveLength(1);
    expect(symbols[0].boundingBox.y).toBeGreaterThan(120);
  });
});
