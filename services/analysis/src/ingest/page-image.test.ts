import { readAndRenderPdfPage } from '@pid/platform/imaging';
import { box, drawingPdf, passwordProtectedPdf, svgPng } from '@pid/platform/test-kit/samples';
import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { TEST_PDF_OPTIONS } from '../testing/synthetic';
import { loadPageImage, MESSAGES, renderedPageImage, UnusableFileError } from './page-image';

const options = { maxProcessingPixels: 50_000_000, pdf: TEST_PDF_OPTIONS };
const png = () => svgPng(400, 300, box(100, 100, 100, 50));

async function darkPixels(image: { gray: Uint8Array }) {
  return image.gray.reduce((count, value) => count + (value < 128 ? 1 : 0), 0);
}

describe('loadPageImage', () => {
  it.each([
    ['PNG', async () => png()],
    [
      'JPEG',
      async () =>
        sharp(await png())
          .jpeg({ quality: 90 })
          .toBuffer(),
    ],
    [
      'TIFF',
      async () =>
        sharp(await png())
          .tiff({ compression: 'lzw' })
          .toBuffer(),
    ],
    [
      'RGBA PNG',
      async () =>
        sharp(await png())
          .ensureAlpha()
          .png()
          .toBuffer(),
    ],
  ])('reads a %s into one grayscale page of its own size', async (_name, make) => {
    const image = await loadPageImage(await make(), options);
    expect(image).toMatchObject({ width: 400, height: 300, originalWidth: 400, originalHeight: 300, scale: 1 });
    expect(image.gray).toHaveLength(400 * 300);
    expect(await darkPixels(image)).toBeGreaterThan(500);
  });

  it('reads coloured lines as ink, a yellow one too (its luminance is near paper)', async () => {
    const colour = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#fff"/>` +
          `<rect x="50" y="50" width="300" height="4" fill="#ffff00"/><rect x="50" y="150" width="300" height="4" fill="#00c000"/>` +
          `<rect x="50" y="250" width="300" height="4" fill="#808080"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
    const image = await loadPageImage(colour, options);
    const row = (y: number) => image.gray.subarray(y * 400 + 60, y * 400 + 340);
    expect(Math.max(...row(52))).toBeLessThan(40);
    expect(Math.max(...row(152))).toBeLessThan(40);
    expect(Math.min(...row(100))).toBe(255);
    // Grey stays its own level.
    expect(Math.max(...row(252))).toBe(128);
  });

  it('turns a JPEG as its EXIF orientation says, like the drawing service', async () => {
    const rotated = await sharp(await png())
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await loadPageImage(rotated, options)).toMatchObject({ width: 300, height: 400, originalWidth: 300, originalHeight: 400 });
  });

  it('downscales above the pixel budget and says by how much', async () => {
    const image = await loadPageImage(await png(), { ...options, maxProcessingPixels: 30_000 });
    expect(image.width * image.height).toBeLessThanOrEqual(30_500);
    expect(image).toMatchObject({ originalWidth: 400, originalHeight: 300 });
    expect(image.scale).toBeCloseTo(image.width / 400, 5);
    expect(image.scale).toBeLessThan(0.6);
  });

  it('renders the page a PDF job names', async () => {
    const first = await loadPageImage(await drawingPdf(2, 2), { ...options, page: 1 });
    const second = await loadPageImage(await drawingPdf(2, 2), { ...options, page: 2 });
    expect(second).toMatchObject({ width: 1700, height: 1100 });
    expect(await darkPixels(first)).toBe(0);
    expect(await darkPixels(second)).toBeGreaterThan(1000);
  });

  it("reads a PDF page's rendered pixels as it reads its PNG, downscaled or not, and refuses one above the limit", async () => {
    const pdf = await drawingPdf(2, 2);
    const { rendered } = await readAndRenderPdfPage(pdf, 2, TEST_PDF_OPTIONS);
    for (const maxProcessingPixels of [50_000_000, 500_000]) {
      const fromPng = await loadPageImage(pdf, { ...options, maxProcessingPixels, page: 2 });
      const fromPixels = await renderedPageImage(rendered, { ...options, maxProcessingPixels });
      expect(fromPixels).toMatchObject({ width: fromPng.width, height: fromPng.height, scale: fromPng.scale });
      expect(Buffer.compare(Buffer.from(fromPixels.gray), Buffer.from(fromPng.gray))).toBe(0);
      expect(await darkPixels(fromPixels)).toBeGreaterThan(100);
    }
    await expect(renderedPageImage(rendered, { ...options, maxImagePixels: 100_000 })).rejects.toThrow(MESSAGES.tooLarge);
  });

  it.each([
    ['an encrypted PDF', passwordProtectedPdf, {}, MESSAGES.password],
    ['a truncated PDF', async () => (await drawingPdf()).subarray(0, 300), {}, MESSAGES.unreadable],
    ['bytes that are no image', async () => Buffer.from('hello'), {}, MESSAGES.unreadable],
    ['a truncated PNG', async () => (await png()).subarray(0, 200), {}, MESSAGES.unreadable],
    ['an image above the pixel limit', png, { maxImagePixels: 100_000 }, MESSAGES.tooLarge],
    ['a page the PDF does not have', () => drawingPdf(1), { page: 2 }, MESSAGES.noPage(2)],
  ])('refuses %s with a message for the user', async (_name, make, extra, message) => {
    const attempt = loadPageImage(await make(), { ...options, ...extra });
    await expect(attempt).rejects.toThrow(UnusableFileError);
    await expect(attempt).rejects.toThrow(message);
  });
});
