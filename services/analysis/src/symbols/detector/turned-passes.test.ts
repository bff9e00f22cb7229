import { describe, expect, it } from '@jest/globals';
import type { Detection } from './decode';
import { fusedPasses, inkViews, mirroredView, turnedView, type InkGrid } from './turned-passes';

/** A 6 x 4 grid, paper but for one ink pixel at (4, 1). */
function grid(): InkGrid {
  const ink = new Float32Array(24);
  ink[1 * 6 + 4] = 1;
  return { ink, width: 6, height: 4 };
}
const inkAt = ({ ink, width }: InkGrid) => {
  const i = ink.indexOf(1);
  return [i % width, Math.floor(i / width)];
};
const detection = (x0: number, y0: number, x1: number, y1: number, score = 0.9): Detection => ({ x0, y0, x1, y1, score, classIndex: 0 });

describe('the ink read mirrored and turned', () => {
  it('mirrors and turns the ink, and brings a box around it back onto the ink as drawn', () => {
    const mirrored = mirroredView(grid());
    expect(inkAt(mirrored)).toEqual([1, 1]);
    expect(mirrored.back(detection(1, 1, 2, 2))).toMatchObject({ x0: 4, y0: 1, x1: 5, y1: 2 });
    const turned = turnedView(grid());
    expect([turned.width, turned.height]).toEqual([4, 6]);
    // A quarter turn clockwise: (x, y) is at (height - 1 - y, x).
    expect(inkAt(turned)).toEqual([2, 4]);
    expect(turned.back(detection(2, 4, 3, 5))).toMatchObject({ x0: 4, y0: 1, x1: 5, y1: 2 });
  });

  it('brings the pixel back from every one of four views', () => {
    const views = inkViews(grid(), 4);
    expect(views).toHaveLength(4);
    for (const view of views) {
      const [x, y] = inkAt(view);
      expect(view.back(detection(x, y, x + 1, y + 1))).toMatchObject({ x0: 4, y0: 1, x1: 5, y1: 2 });
    }
  });
});

describe('passes fused', () => {
  it("scores a symbol by its mean over the passes, one each pass's best, and keeps what clears the threshold", () => {
    const fused = fusedPasses(
      [
        [detection(0, 0, 10, 10, 0.8), detection(50, 0, 60, 10, 0.5)],
        [detection(1, 0, 11, 10, 0.6), detection(0, 1, 10, 11, 0.4)],
      ],
      0.5,
      0.3,
    );
    // Both passes saw the first (0.8 and 0.6; the second pass's 0.4 is a duplicate of its own); only one the second
    // (a mean of 0.25, under the threshold).
    expect(fused).toHaveLength(1);
    expect(fused[0].score).toBeCloseTo(0.7);
    expect(fused[0].x0).toBeCloseTo((0 * 0.8 + 1 * 0.6) / 1.4);
  });
});
