import { PDFDocument, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from '@jest/globals';
import { box, line, svgPng, TEST_PDF_OPTIONS } from '../testing/synthetic';
import { analyzeFilePage, type FilePageAnalysis } from './analyze-file-page';

const INGEST = { maxProcessingPixels: 50_000_000, pdf: TEST_PDF_OPTIONS };
const black = rgb(0, 0, 0);
/** Pixels of the page rendition per PDF point. */
const PX = TEST_PDF_OPTIONS.dpi / 72;

/** The sheet every test draws, in points on a 612 × 396 page (y up): two vessels joined by a pipe. */
function drawSheet(page: PDFPage) {
  page.drawRectangle({ x: 40, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
  page.drawRectangle({ x: 460, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
  page.drawLine({ start: { x: 140, y: 190 }, end: { x: 460, y: 190 }, thickness: 1.5, color: black });
}

/** The tag and line number written on the sheet, as a CAD export writes them: in words. */
async function writeTexts(document: PDFDocument, page: PDFPage, opacity = 1) {
  const font = await document.embedFont(StandardFonts.Helvetica);
  const write = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 9, font, color: black, opacity });
  write('V-101', 70, 236);
  // The line number in three words joined by separators, as some exporters split it.
  write('2"-P', 230, 195);
  write('-', 230 + font.widthOfTextAtSize('2"-P', 9), 195);
  write('1001-A1A', 230 + font.widthOfTextAtSize('2"-P-', 9), 195);
}

async function pdfOf(draw: (document: PDFDocument, page: PDFPage) => Promise<void> | void): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 396]);
  await draw(document, page);
  return Buffer.from(await document.save());
}

/** The sheet as a 200 dpi scan embedded in a PDF page: pixels only. */
async function scannedSheet(document: PDFDocument, page: PDFPage) {
  const [w, h] = [Math.round(612 * PX), Math.round(396 * PX)];
  const s = (v: number) => v * PX;
  const png = await svgPng(
    w,
    h,
    box(s(40), s(396 - 230), s(100), s(80)) + box(s(460), s(396 - 230), s(100), s(80)) + line(s(140), s(206), s(460), s(206)),
  );
  page.drawImage(await document.embedPng(png), { x: 0, y: 0, width: 612, height: 396 });
}

const names = (result: FilePageAnalysis) => result.elements.map((e) => e.name).filter(Boolean);
const equipmentCount = (result: FilePageAnalysis) => result.elements.filter((e) => e.elementType === 'equipment').length;

describe('analyzeFilePage', () => {
  it("reads a vector PDF from its text layer and strokes: exact tags, the pipe's line number, the connection", async () => {
    const pdf = await pdfOf(async (document, page) => {
      drawSheet(page);
      await writeTexts(document, page);
    });
    const result = await analyzeFilePage(pdf, { ingest: INGEST });
    expect(result.source).toBe('vector');
    expect(result.imageSize).toEqual({ width: Math.round(612 * PX), height: Math.round(396 * PX) });
    expect(equipmentCount(result)).toBe(2);
    // The tag names the vessel below it; the line number is read whole and labels the pipe.
    const vessel = result.elements.find((e) => e.name === 'V-101');
    expect(vessel?.elementType).toBe('equipment');
    expect(result.connections).toHaveLength(1);
    expect(result.connections[0].name).toBe('2"-P-1001-A1A');
    const lineNumber = result.elements.find((e) => e.description === 'line number');
    expect(lineNumber?.name).toBe('2"-P-1001-A1A');
    // Its box is where the text is drawn (x 230 pt, baseline 195 pt).
    expect(Math.abs(lineNumber!.boundingBox.x - 230 * PX)).toBeLessThan(3);
    expect(Math.abs(lineNumber!.boundingBox.y + lineNumber!.boundingBox.height - (396 - 195) * PX)).toBeLessThan(0.5 * 9 * PX);
  });

  it('gives the same structure from the pixels when the vector path is off, without the text layer', async () => {
    const pdf = await pdfOf(async (document, page) => {
      drawSheet(page);
      await writeTexts(document, page);
    });
    const result = await analyzeFilePage(pdf, { ingest: INGEST, vectorPath: false });
    expect(result.source).toBe('raster');
    expect(equipmentCount(result)).toBe(2);
    expect(result.connections).toHaveLength(1);
    // No OCR in this test: text is found but not read.
    expect(names(result)).not.toContain('V-101');
  });

  it('reads a scan-only PDF from its pixels', async () => {
    const pdf = await pdfOf(scannedSheet);
    const result = await analyzeFilePage(pdf, { ingest: INGEST });
    expect(result.source).toBe('raster');
    expect(equipmentCount(result)).toBe(2);
    expect(result.connections).toHaveLength(1);
  });

  it("reads a mixed page: a scan's strokes from its pixels, its text from the page's text layer", async () => {
    // An OCR'd scan: the image carries the drawing, invisible text on top carries the words.
    const pdf = await pdfOf(async (document, page) => {
      await scannedSheet(document, page);
      await writeTexts(document, page, 0);
    });
    const result = await analyzeFilePage(pdf, { ingest: INGEST });
    expect(result.source).toBe('mixed');
    expect(result.connections).toHaveLength(1);
    expect(names(result)).toContain('V-101');
    expect(result.connections[0].name).toBe('2"-P-1001-A1A');
  });

  it('falls back to the pixels for text drawn as strokes (SHX fonts): no text layer, no exact names', async () => {
    const pdf = await pdfOf((_document, page) => {
      drawSheet(page);
      // "V-1" in strokes above the left vessel, as a CAD plot draws it.
      const stroke = { thickness: 0.8, color: black };
      page.drawLine({ start: { x: 70, y: 246 }, end: { x: 74, y: 236 }, ...stroke });
      page.drawLine({ start: { x: 74, y: 236 }, end: { x: 78, y: 246 }, ...stroke });
      page.drawLine({ start: { x: 81, y: 241 }, end: { x: 85, y: 241 }, ...stroke });
      page.drawLine({ start: { x: 89, y: 236 }, end: { x: 89, y: 246 }, ...stroke });
    });
    const result = await analyzeFilePage(pdf, { ingest: INGEST });
    // The strokes are exact, the text is the pixels' to find (and OCR's to read).
    expect(result.source).toBe('mixed');
    expect(equipmentCount(result)).toBe(2);
    expect(result.connections).toHaveLength(1);
    expect(result.elements.some((e) => e.elementType === 'text' && e.boundingBox.y < (396 - 230) * PX)).toBe(true);
  });

  it('refuses a page the PDF does not have with a message for the user', async () => {
    const pdf = await pdfOf((_document, page) => drawSheet(page));
    await expect(analyzeFilePage(pdf, { ingest: INGEST, page: 2 })).rejects.toThrow('The PDF has no page 2');
  });
});
