import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { loadPageImage } from './page-image';
import { MIN_PAPER_SHARE, paperShare } from './paper-share';
import { photoJpeg } from '../testing/hostile-drawings';
import { box, line, svgPng, TEST_PDF_OPTIONS, valve } from '../testing/synthetic';

const load = (bytes: Buffer) => loadPageImage(bytes, { maxProcessingPixels: 40_000_000, pdf: TEST_PDF_OPTIONS });

describe('paper share', () => {
  it('takes a drawing for a drawing, under even or uneven light', async () => {
    const shapes = box(100, 200, 300, 200) + box(1400, 200, 300, 200) + line(400, 300, 1400, 300) + valve(850, 300);
    const drawing = await svgPng(2000, 1400, shapes);
    expect(paperShare(await load(drawing))).toBeGreaterThan(0.9);
    // The same drawing photographed under a lamp: dark corners, the paper's tone changing across the sheet.
    const { data, info } = await sharp(drawing).greyscale().raw().toBuffer({ resolveWithObject: true });
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++)
        data[y * info.width + x] = Math.round(data[y * info.width + x] * (0.45 + (0.55 * x) / info.width));
    const lit = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png()
      .toBuffer();
    expect(paperShare(await load(lit))).toBeGreaterThan(MIN_PAPER_SHARE);
  });

  it('takes a photo for no drawing', async () => {
    expect(paperShare(await load(await photoJpeg(1500, 1000)))).toBeLessThan(MIN_PAPER_SHARE);
  });
});
