import { describe, expect, it } from '@jest/globals';
import { colourToGrey, opening } from './colour-grey';

const [width, height] = [200, 200];

/** An RGB page of white paper with the given filled boxes in colour. */
function page(...boxes: Array<{ box: [number, number, number, number]; rgb: [number, number, number] }>): Uint8Array {
  const data = new Uint8Array(width * height * 3).fill(255);
  for (const { box, rgb } of boxes) {
    const [x0, y0, x1, y1] = box;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data.set(rgb, (y * width + x) * 3);
  }
  return data;
}

const yellow: [number, number, number] = [255, 255, 0];
const at = (grey: Uint8Array, x: number, y: number) => grey[y * width + x];

describe('colourToGrey', () => {
  it('reads thin coloured lines as ink, where they cross too, and grey by its luminance', () => {
    const grey = colourToGrey(
      page(
        { box: [20, 50, 180, 52], rgb: yellow },
        { box: [100, 20, 102, 180], rgb: yellow },
        { box: [20, 150, 80, 152], rgb: [128, 128, 128] },
      ),
      width,
      height,
      3,
    );
    expect(at(grey, 60, 51)).toBe(0);
    expect(at(grey, 101, 51)).toBe(0);
    expect(at(grey, 101, 120)).toBe(0);
    expect(at(grey, 50, 151)).toBe(128);
    expect(at(grey, 150, 120)).toBe(255);
  });

  it("keeps a coloured area's luminance (a highlighter's band), and the black line through it", () => {
    const band: [number, number, number] = [255, 250, 120];
    const grey = colourToGrey(page({ box: [20, 60, 180, 100], rgb: band }, { box: [20, 79, 180, 80], rgb: [0, 0, 0] }), width, height, 3);
    expect(at(grey, 100, 65)).toBeGreaterThan(200);
    expect(at(grey, 21, 61)).toBeGreaterThan(200);
    expect(at(grey, 100, 79)).toBe(0);
  });
});

describe('opening', () => {
  it('drops what is thinner than its square and keeps a thick part whole', () => {
    const mask = new Uint8Array(width * height);
    for (let x = 10; x <= 190; x++) for (let y = 10; y <= 12; y++) mask[y * width + x] = 1;
    for (let x = 50; x <= 69; x++) for (let y = 50; y <= 69; y++) mask[y * width + x] = 1;
    const open = opening(mask, width, height, 3);
    expect(open.reduce((sum, v) => sum + v, 0)).toBe(400);
    expect([open[50 * width + 50], open[69 * width + 69], open[11 * width + 100]]).toEqual([1, 1, 0]);
  });
  it('is erosion then dilation by the square, the page edge paper, wherever the set pixels lie', () => {
    const [w, h, radius] = [61, 43, 2];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const mask = new Uint8Array(w * h);
    for (let n = 0; n < 12; n++) {
      const [x0, y0, bw, bh] = [random() * w, random() * h, 3 + random() * 15, 3 + random() * 15].map(Math.floor);
      for (let y = y0; y < Math.min(h, y0 + bh); y++) for (let x = x0; x < Math.min(w, x0 + bw); x++) mask[y * w + x] = 1;
    }
    const square = (x: number, y: number, test: (x: number, y: number) => boolean) => {
      const hits: boolean[] = [];
      for (let dy = -radius; dy <= radius; dy++) for (let dx = -radius; dx <= radius; dx++) hits.push(test(x + dx, y + dy));
      return hits;
    };
    const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h;
    const eroded = mask.map((_, i) =>
      square(i % w, Math.floor(i / w), (x, y) => inside(x, y) && mask[y * w + x] === 1).every(Boolean) ? 1 : 0,
    );
    const expected = eroded.map((_, i) =>
      square(i % w, Math.floor(i / w), (x, y) => inside(x, y) && eroded[y * w + x] === 1).some(Boolean) ? 1 : 0,
    );
    expect(expected.reduce((sum, v) => sum + v, 0)).toBeGreaterThan(50);
    expect([...opening(mask, w, h, radius)]).toEqual([...expected]);
  });
});
