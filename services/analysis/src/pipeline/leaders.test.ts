import { describe, expect, it } from '@jest/globals';
import { eraseLeaders, findSlantedStrokes } from './leaders';
import type { Segment } from './lines';

const W = 400;
const H = 300;
const UNIT = 2;
// As the pipeline sizes them: a letter's height, twice that for a shape.
const SIZES = { minLength: 24, minShape: 48 };

function page() {
  const mask = new Uint8Array(W * H);
  const fill = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * W + x] = 1;
  };
  /** A straight stroke `thickness` wide from (x0, y0) to (x1, y1). */
  const stroke = (x0: number, y0: number, x1: number, y1: number, thickness = 3) => {
    const steps = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
    for (let i = 0; i <= steps; i++) {
      const x = x0 + ((x1 - x0) * i) / steps;
      const y = y0 + ((y1 - y0) * i) / steps;
      const r = (thickness - 1) / 2;
      fill(Math.round(x - r), Math.round(y - r), Math.round(x + r), Math.round(y + r));
    }
  };
  /** A square outline `size` across, 3 px thick: a symbol or a bubble. */
  const square = (x: number, y: number, size: number) => {
    fill(x, y, x + size - 1, y + 2);
    fill(x, y + size - 3, x + size - 1, y + size - 1);
    fill(x, y, x + 2, y + size - 1);
    fill(x + size - 3, y, x + size - 1, y + size - 1);
  };
  const inked = (x: number, y: number) => mask[y * W + x] === 1;
  return { mask, fill, stroke, square, inked };
}

const horizontalLine = (y: number, start: number, end: number): Segment => ({
  orientation: 'horizontal',
  start,
  end,
  lo: y - 1,
  hi: y + 1,
  dashed: false,
});

describe('findSlantedStrokes', () => {
  it('finds a straight slanted stroke, steep or shallow, and its length', () => {
    const { mask, stroke } = page();
    stroke(50, 50, 80, 130); // steep
    stroke(200, 50, 300, 90); // shallow
    const found = findSlantedStrokes(mask, W, H, UNIT, SIZES.minLength);
    expect(found.map((s) => s.steep).sort()).toEqual([false, true]);
    const steep = found.find((s) => s.steep)!;
    expect(steep.length).toBeGreaterThan(75);
    expect(steep.length).toBeLessThan(90);
  });

  it('takes no arc of a circle for a stroke, nor an upright one', () => {
    const { mask, fill, stroke } = page();
    for (let a = 0; a < 2 * Math.PI; a += 0.01) {
      const [x, y] = [150 + 80 * Math.cos(a), 150 + 80 * Math.sin(a)];
      fill(Math.round(x) - 1, Math.round(y) - 1, Math.round(x) + 1, Math.round(y) + 1);
    }
    stroke(350, 40, 352, 200); // a line's residue, all but vertical
    expect(findSlantedStrokes(mask, W, H, UNIT, SIZES.minLength)).toEqual([]);
  });
});

/** How many slanted strokes long enough to be leaders the page holds: what the tests below decide about. */
const strokesIn = (mask: Uint8Array) => findSlantedStrokes(mask, W, H, UNIT, SIZES.minLength).length;

describe('eraseLeaders', () => {
  it('erases a leader between two big shapes and leaves the shapes', () => {
    const { mask, stroke, square, inked } = page();
    square(40, 40, 60); // a valve
    square(200, 150, 60); // its bubble
    stroke(100, 100, 200, 160);
    const erased = eraseLeaders(mask, W, H, [], UNIT, SIZES);
    expect(erased).toHaveLength(1);
    expect(inked(150, 130)).toBe(false);
    expect(inked(40, 40) && inked(99, 99) && inked(200, 150) && inked(259, 209)).toBe(true);
  });

  it('keeps a stroke that is a side of a shape: the shape holds together without it', () => {
    const { mask, fill, stroke } = page();
    // A triangle: its base and two slanted sides.
    fill(100, 200, 250, 202);
    stroke(100, 200, 175, 60);
    stroke(250, 200, 175, 60);
    expect(strokesIn(mask)).toBe(2);
    expect(eraseLeaders(mask, W, H, [], UNIT, SIZES)).toEqual([]);
  });

  it('keeps a short stroke between small parts, and one to a small part (a check valve, a strainer leg)', () => {
    const { mask, fill, stroke } = page();
    fill(50, 50, 60, 60);
    stroke(60, 60, 80, 90);
    fill(80, 90, 90, 100);
    // From a big shape to a small cap: short.
    fill(200, 50, 260, 110);
    stroke(260, 110, 280, 140);
    fill(278, 140, 290, 150);
    expect(strokesIn(mask)).toBe(2);
    expect(eraseLeaders(mask, W, H, [], UNIT, SIZES)).toEqual([]);
  });

  it('erases a stroke twice a letter long from a big shape to a small one (a leader to a hose), not a short one', () => {
    const long = page();
    long.square(40, 40, 60);
    long.stroke(100, 100, 150, 190);
    long.fill(145, 190, 160, 200);
    expect(eraseLeaders(long.mask, W, H, [], UNIT, SIZES)).toHaveLength(1);
  });

  it('erases a long stroke from a big shape to the side of a removed line, not to its end', () => {
    const side = page();
    side.square(40, 40, 60);
    side.stroke(100, 100, 160, 200);
    // The tag box's edge ran from x 100 to 300 at y 202: the stroke ends in its middle.
    expect(eraseLeaders(side.mask, W, H, [horizontalLine(202, 100, 300)], UNIT, SIZES)).toHaveLength(1);

    const corner = page();
    corner.square(40, 40, 60);
    corner.stroke(100, 100, 160, 200);
    expect(strokesIn(corner.mask)).toBe(1);
    // A line starts where the stroke ends: the two are one shape's sides (an off-page arrow's point).
    expect(eraseLeaders(corner.mask, W, H, [horizontalLine(202, 160, 300)], UNIT, SIZES)).toEqual([]);
  });

  it('leaves a stroke alone on the page: it glues nothing', () => {
    const { mask, stroke } = page();
    stroke(50, 50, 150, 200);
    expect(strokesIn(mask)).toBe(1);
    expect(eraseLeaders(mask, W, H, [], UNIT, SIZES)).toEqual([]);
  });
});
