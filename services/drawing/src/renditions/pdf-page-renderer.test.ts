import { A4_LANDSCAPE, LETTER, passwordProtectedPdf, samplePdf } from '@pid/platform/test-kit/samples';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { inspectPdf, PdfPasswordError, pdfRenderSize, PdfUnreadableError, renderPdfPage, type PdfRenderOptions } from '@pid/platform';

const options: PdfRenderOptions = { dpi: 200, maxSide: 10_000, maxPixels: 100_000_000, timeoutMs: 30_000 };

describe('pdfRenderSize', () => {
  it('renders at 200 dpi: a US Letter page is 1700 × 2200 px, an A1 sheet 6622 × 4677 px', () => {
    expect(pdfRenderSize(612, 792, options)).toMatchObject({ width: 1700, height: 2200 });
    expect(pdfRenderSize(2384, 1684, options)).toMatchObject({ width: 6622, height: 4678 });
  });

  it('caps the long side, then the area', () => {
    // 200 × 100 inches: 40000 × 20000 px at 200 dpi.
    expect(pdfRenderSize(14_400, 7_200, options)).toMatchObject({ width: 10_000, height: 5_000 });
    const capped = pdfRenderSize(7_200, 7_200, { ...options, maxPixels: 16_000_000 });
    expect(capped).toMatchObject({ width: 4_000, height: 4_000 });
  });

  it('refuses a page without a size', () => {
    expect(() => pdfRenderSize(0, 792, options)).toThrow(PdfUnreadableError);
    expect(() => pdfRenderSize(Number.NaN, 792, options)).toThrow(PdfUnreadableError);
  });
});

describe('inspectPdf', () => {
  it('answers the page count and page 1’s rendition size', async () => {
    expect(await inspectPdf(await samplePdf([A4_LANDSCAPE, LETTER]), options)).toMatchObject({
      pageCount: 2,
      firstPage: { width: 2339, height: 1653 },
    });
  });

  it('gives up a first page that takes longer than the render timeout', async () => {
    // 5000 boxes: parsing the page takes far longer than 5 ms.
    const document = await PDFDocument.create();
    const page = document.addPage(LETTER);
    for (let i = 0; i < 5_000; i += 1) page.drawRectangle({ x: i % 600, y: i % 780, width: 5, height: 5, borderWidth: 1 });
    const heavy = Buffer.from(await document.save());
    await expect(inspectPdf(heavy, { ...options, timeoutMs: 5 })).rejects.toThrow(/took longer than 5 ms/);
    expect(await inspectPdf(heavy, options)).toMatchObject({ pageCount: 1 });
  });

  it('refuses a password-protected PDF, a truncated one and garbage', async () => {
    await expect(inspectPdf(await passwordProtectedPdf(), options)).rejects.toBeInstanceOf(PdfPasswordError);
    const pdf = await samplePdf();
    await expect(inspectPdf(pdf.subarray(0, Math.floor(pdf.length * 0.6)), options)).rejects.toBeInstanceOf(PdfUnreadableError);
    await expect(inspectPdf(Buffer.from('%PDF-1.7\nnot really\n%%EOF'), options)).rejects.toBeInstanceOf(PdfUnreadableError);
  });
});

describe('renderPdfPage', () => {
  it('draws the page as an opaque PNG of the documented size, ink included', async () => {
    const pdf = await samplePdf([LETTER, [300, 200]]);
    const page = await renderPdfPage(pdf, 2, options);
    expect(page).toMatchObject({ width: 833, height: 556 });
    const metadata = await sharp(page.png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 833, height: 556 });
    const { channels } = await sharp(page.png).stats();
    // White paper with black lines and text: the darkest pixel is dark, the brightest white, no transparency left.
    expect(channels[0]!.min).toBeLessThan(64);
    expect(channels[0]!.max).toBe(255);
    expect(metadata.hasAlpha ? channels[3]!.min : 255).toBe(255);
  });

  it('refuses a page that does not exist', async () => {
    await expect(renderPdfPage(await samplePdf(), 2, options)).rejects.toThrow(RangeError);
  });
});
