import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from '@jest/globals';
import { readAndRenderPdfPage } from './pdf-page-content';
import { pathSegmentCount, PdfTooComplexError } from './pdf-page-complexity';
import { renderPdfPage } from './pdf-page-renderer';

const OPTIONS = { dpi: 72, maxSide: 10_000, maxPixels: 100_000_000, timeoutMs: 30_000 };

/** A 400 × 400 pt page of `lines` separate strokes, plus one curve. */
async function strokesPdf(lines: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([400, 400]);
  for (let i = 0; i < lines; i++) {
    page.drawLine({ start: { x: 10, y: 10 + (i % 380) }, end: { x: 390, y: 10 + (i % 380) }, thickness: 0.5, color: rgb(0, 0, 0) });
  }
  page.drawSvgPath('M 0 0 C 10 0 20 10 20 20', { x: 100, y: 100, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  return document.save();
}

describe('PDF page complexity limits', () => {
  it('counts a path buffer’s segments, not its moves and closes', () => {
    // move, line, curve, quadratic curve, close
    expect(pathSegmentCount([0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4])).toBe(3);
  });

  it('refuses a page with more line segments than allowed, before drawing it, naming the page and the limit', async () => {
    const bytes = await strokesPdf(300);
    const limits = { maxOperators: 1_000_000, maxPathSegments: 250 };
    const refusal = await readAndRenderPdfPage(bytes, 1, { ...OPTIONS, limits }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PdfTooComplexError);
    expect(refusal).toMatchObject({ pageNumber: 1, what: 'line segments', limit: 250 });
    await expect(renderPdfPage(bytes, 1, { ...OPTIONS, limits })).rejects.toThrow('Page 1 has more than 250 line segments');
  });

  it('refuses a page with more operators than allowed', async () => {
    const limits = { maxOperators: 100, maxPathSegments: 1_000_000 };
    await expect(renderPdfPage(await strokesPdf(300), 1, { ...OPTIONS, limits })).rejects.toMatchObject({ what: 'operators', limit: 100 });
  });

  it('draws a page within the limits as it would without them', async () => {
    const bytes = await strokesPdf(300);
    const limited = await renderPdfPage(bytes, 1, { ...OPTIONS, limits: { maxOperators: 10_000, maxPathSegments: 302 } });
    const free = await renderPdfPage(bytes, 1, OPTIONS);
    expect(limited.png.equals(free.png)).toBe(true);
  });
});
