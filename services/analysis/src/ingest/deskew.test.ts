import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { TEST_PDF_OPTIONS } from '../testing/synthetic';
import { loadPageImage, toOriginalPoint } from './page-image';
import { line, svgPng } from '@pid/platform/test-kit/samples';

const options = { maxProcessingPixels: 50_000_000, pdf: TEST_PDF_OPTIONS };

/** A page of long horizontal pipes and one vertical, turned clockwise by `degrees` like a crooked scan. */
async function skewedPage(degrees: number) {
  const shapes = [200, 420, 640, 860].map((y) => line(100, y, 1500, y)).join('') + line(800, 150, 800, 900);
  const png = await svgPng(1600, 1000, shapes);
  const turned = await sharp(png).rotate(degrees, { background: '#ffffff' }).png().toBuffer();
  const meta = await sharp(turned).metadata();
  const left = Math.round((meta.width! - 1600) / 2);
  const top = Math.round((meta.height! - 1000) / 2);
  return sharp(turned).extract({ left, top, width: 1600, height: 1000 }).png().toBuffer();
}

/** The rows of the page that are dark along at least `share` of the width between x 100 and 1500. */
function straightRows(image: { gray: Uint8Array; width: number; height: number }, share: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < image.height; y++) {
    let dark = 0;
    for (let x = 100; x < 1500; x++) if (image.gray[y * image.width + x] < 128) dark++;
    if (dark >= share * 1400) rows.push(y);
  }
  return rows;
}

describe('deskew', () => {
  it.each([0.8, -1.5])('straightens a scan turned by %s° and maps points back onto it', async (degrees) => {
    const skewed = await skewedPage(degrees);
    const raw = await loadPageImage(skewed, { ...options, deskew: false });
    expect(straightRows(raw, 0.9)).toEqual([]);

    const image = await loadPageImage(skewed, options);
    expect(image.skewDegrees).toBeCloseTo(degrees, 1);
    expect(straightRows(image, 0.9).length).toBeGreaterThanOrEqual(4);
    // The right end of the first pipe, found on the straightened page, lies on the skewed page's ink.
    const row = straightRows(image, 0.9)[0];
    const [x, y] = toOriginalPoint(image, 1490, row);
    const gray = raw.gray;
    const near = [-2, -1, 0, 1, 2].some((dy) => gray[Math.round(y + dy) * raw.width + Math.round(x)] < 128);
    expect(near).toBe(true);
  });

  it('leaves a straight page untouched', async () => {
    const image = await loadPageImage(await skewedPage(0), options);
    expect(image.skewDegrees).toBe(0);
  });
});
