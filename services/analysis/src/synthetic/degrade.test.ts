import { describe, expect, it } from '@jest/globals';
import { degradeGrey, type DegradeOptions } from './degrade';
import { expectWith } from '@pid/platform/test-kit/samples';

/** A white page with one black cross: a vertical and a horizontal line 4 px wide through (300, 200). */
function page(width = 600, height = 400): { data: Buffer; width: number; height: number } {
  const data = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y++) for (let x = 298; x < 302; x++) data[y * width + x] = 0;
  for (let x = 0; x < width; x++) for (let y = 198; y < 202; y++) data[y * width + x] = 0;
  return { data, width, height };
}

const EVERYTHING: DegradeOptions = {
  blur: 1,
  noise: 8,
  rotationDeg: 2.5,
  speckle: 0.0005,
  fade: 0.3,
  breaks: 0.0005,
  bleed: 1,
  background: 30,
};

describe('degradeGrey', () => {
  it('answers one grey channel of the page size whatever it does, three with colour, the same for the same seed', async () => {
    for (const options of [{ blur: 1 }, { rotationDeg: -2 }, { background: 40 }, { bleed: -1 }, EVERYTHING]) {
      const out = await degradeGrey(page(), options, 7);
      expectWith([out.channels, out.data.length], JSON.stringify(options)).toEqual([1, 600 * 400]);
    }
    const colour = await degradeGrey(page(), { ...EVERYTHING, colour: 'blueprint' }, 7);
    expect([colour.channels, colour.data.length]).toEqual([3, 600 * 400 * 3]);
    expect((await degradeGrey(page(), EVERYTHING, 7)).data.equals((await degradeGrey(page(), EVERYTHING, 7)).data)).toBe(true);
  });

  it('moves the ink where its map says, and keeps it ink', async () => {
    const out = await degradeGrey(page(), EVERYTHING, 7);
    // Points along both lines, mapped: each lands on dark pixels.
    const along = [
      [300, 60],
      [300, 340],
      [80, 200],
      [520, 200],
    ] as const;
    for (const point of along) {
      const [x, y] = out.map([point[0], point[1]]).map(Math.round);
      let darkest = 255;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) darkest = Math.min(darkest, out.data[(y + dy) * 600 + x + dx]);
      expectWith(darkest, `${point}`).toBeLessThan(120);
    }
  });
});
