import { createCanvas, loadImage } from '@napi-rs/canvas';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from '@jest/globals';
import { readAndRenderPdfPage, readPdfPageContent } from './pdf-page-content';
import { PdfUnreadableError, renderPdfPage } from './pdf-page-renderer';

/** 72 dpi: one rendition pixel per point, y pointing down from the top of the page. */
const OPTIONS = { dpi: 72, maxSide: 10_000, maxPixels: 100_000_000, timeoutMs: 30_000 };
const black = rgb(0, 0, 0);

/** A 400 × 200 pt page: a tag, a turned line number, a pipe, a dashed signal, a symbol under a transform, an image. */
async function samplePdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([400, 200]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText('FIC-101', { x: 20, y: 150, size: 10, font, color: black });
  page.drawText('2"-P-1', { x: 300, y: 40, size: 8, font, color: black, rotate: degrees(90) });
  page.drawLine({ start: { x: 20, y: 100 }, end: { x: 220, y: 100 }, thickness: 2, color: black });
  page.drawLine({ start: { x: 20, y: 60 }, end: { x: 120, y: 60 }, thickness: 1, color: black, dashArray: [4, 2] });
  // pdf-lib draws an SVG path under `cm` transforms (translate to (250, 150), y flipped, scale 2).
  page.drawSvgPath('M 0 0 L 10 0 L 10 10 Z', { x: 250, y: 150, scale: 2, borderColor: black, borderWidth: 1 });
  const png = await document.embedPng(
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64'),
  );
  page.drawImage(png, { x: 0, y: 0, width: 100, height: 100 });
  return document.save();
}

describe('readPdfPageContent', () => {
  it('reads the text layer with boxes in rendition pixels, turned text included', async () => {
    const content = await readPdfPageContent(await samplePdf(), 1, OPTIONS);
    expect(content.size).toMatchObject({ width: 400, height: 200 });
    const tag = content.texts.find((t) => t.text === 'FIC-101')!;
    expect(tag.angle).toBeCloseTo(0);
    expect(tag.size).toBeCloseTo(10);
    // Baseline at y = 200 − 150 = 50, starting at x = 20, upright.
    expect(tag.corners[0][0]).toBeCloseTo(20);
    expect(tag.corners[0][1]).toBeGreaterThan(50);
    expect(tag.corners[3][1]).toBeLessThan(42);
    const turned = content.texts.find((t) => t.text === '2"-P-1')!;
    // Turned 90° counter-clockwise on the page: it reads upwards in the image.
    expect(turned.angle).toBeCloseTo(-90);
    expect(turned.corners[1][1]).toBeLessThan(turned.corners[0][1]);
  });

  it('reads paths with their transforms, pen widths and dash patterns, and how much images cover', async () => {
    const content = await readPdfPageContent(await samplePdf(), 1, OPTIONS);
    const points = content.paths.map((path) => path.subpaths[0].points.map(([x, y]) => [Math.round(x), Math.round(y)]));
    const pipe = content.paths[points.findIndex((p) => p[0][0] === 20 && p[0][1] === 100)];
    expect(pipe).toMatchObject({ stroked: true, dashed: false, lineWidth: 2 });
    expect(pipe.subpaths[0].points.map(([x]) => Math.round(x))).toEqual([20, 220]);
    const signal = content.paths[points.findIndex((p) => p[0][1] === 140)];
    expect(signal.dashed).toBe(true);
    // The triangle: (0,0), (10,0), (10,10) scaled by 2 from (250, 50) in the image, closed, pen scaled too.
    const triangle = content.paths.find((path) => path.subpaths[0].closed)!;
    expect(triangle.subpaths[0].points.map(([x, y]) => [Math.round(x), Math.round(y)])).toEqual([
      [250, 50],
      [270, 50],
      [270, 70],
    ]);
    expect(triangle.lineWidth).toBeCloseTo(2);
    // A 100 × 100 pt image on a 400 × 200 pt page.
    expect(content.imageCoverage).toBeCloseTo(0.125, 2);
  });

  it('reads the content and renders the page from one opening of the file, on the same pixel grid', async () => {
    const pdf = await samplePdf();
    const { content, rendered } = await readAndRenderPdfPage(pdf, 1, OPTIONS);
    expect(content).toEqual(await readPdfPageContent(pdf, 1, OPTIONS));
    expect(rendered).toMatchObject({ width: content.size.width, height: content.size.height });
    expect(rendered.rgba.length).toBe(4 * content.size.width * content.size.height);
    // The same pixels as the PNG rendition.
    const png = await loadImage((await renderPdfPage(pdf, 1, OPTIONS)).png);
    const canvas = createCanvas(png.width, png.height);
    canvas.getContext('2d').drawImage(png, 0, 0);
    expect(Buffer.compare(canvas.data(), Buffer.from(rendered.rgba))).toBe(0);
    // Opaque (drawn on white): its premultiplied pixels are its colours.
    expect(rendered.rgba.filter((_, i) => i % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
    expect(rendered.rgba.includes(0)).toBe(true);
  });

  it('refuses a page the PDF does not have, and bytes that are no PDF', async () => {
    await expect(readPdfPageContent(await samplePdf(), 2, OPTIONS)).rejects.toBeInstanceOf(RangeError);
    await expect(readPdfPageContent(Buffer.from('not a pdf'), 1, OPTIONS)).rejects.toBeInstanceOf(PdfUnreadableError);
    await expect(readAndRenderPdfPage(await samplePdf(), 3, OPTIONS)).rejects.toBeInstanceOf(RangeError);
  });
});
