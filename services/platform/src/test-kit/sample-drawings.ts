/** Drawings for tests, made on the spot: SVG shapes rendered to PNG, and PDFs with vector pages. */
import { PDFDocument, rgb, StandardFonts, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';

/** A drawing made of SVG shapes on white paper, as PNG. */
export function svgPng(width: number, height: number, shapes: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>
    <g stroke="#000000" stroke-width="3" fill="none">${shapes}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const box = (x: number, y: number, w: number, h: number) => `<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, dashed = false) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${dashed ? ' stroke-dasharray="10 6"' : ''}/>`;
export const dot = (x: number, y: number, r = 6) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#000000"/>`;
/** An instrument bubble with its tag stacked inside: letters above, loop number below. */
export const bubble = (x: number, y: number, r = 24, tag: [string, string] = ['TI', '10']) =>
  `<circle cx="${x}" cy="${y}" r="${r}"/>` +
  tag
    .map(
      (text, i) =>
        `<text x="${x}" y="${y + (i === 0 ? -2 : 0.5 * r)}" font-family="sans-serif" font-size="${Math.round(0.45 * r)}" text-anchor="middle" fill="#000000" stroke="none">${text}</text>`,
    )
    .join('');
/** A gate valve: two triangles meeting at (x, y), on a horizontal line. */
export const valve = (x: number, y: number, size = 16) =>
  `<path d="M ${x - size} ${y - size / 1.5} L ${x + size} ${y + size / 1.5} L ${x + size} ${y - size / 1.5} L ${x - size} ${y + size / 1.5} Z"/>`;

/** A PDF whose page `drawOn` (1-based) has two boxes joined by a line; the other pages are empty. */
export async function drawingPdf(pages = 1, drawOn = pages): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 1; index <= pages; index++) {
    const page = document.addPage([612, 396]);
    if (index !== drawOn) continue;
    const black = rgb(0, 0, 0);
    page.drawRectangle({ x: 40, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
    page.drawRectangle({ x: 460, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
    page.drawLine({ start: { x: 140, y: 190 }, end: { x: 460, y: 190 }, thickness: 1.5, color: black });
  }
  return Buffer.from(await document.save());
}

/** The continuation label written at the off-page connectors of `multiPageDrawingPdf`'s first and last pages. */
export const CONTINUATION = { out: 'TO P&ID 3 / LINE 100', in: 'FROM P&ID 1 / LINE 100' };

/**
 * A PDF of `pages` landscape sheets (792 × 396 pt), each with two boxes joined by a line; on the first
 * page the line goes on to an off-page connector (a flat-backed arrow) on the right labelled
 * `CONTINUATION.out`, on the last page one on the left labelled `CONTINUATION.in` feeds the first box.
 */
export async function multiPageDrawingPdf(pages = 3): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const black = rgb(0, 0, 0);
  const stroke = { thickness: 1.5, color: black };
  // Pointing right, its back at (x, y): the shape of the synthetic sheets' off-page connector, 80 × 32 pt.
  const connector = (page: PDFPage, x: number, y: number) =>
    page.drawSvgPath('M 0 -16 L 64 -16 L 80 0 L 64 16 L 0 16 Z', { x, y, borderColor: black, borderWidth: 1.5 });
  for (let index = 1; index <= pages; index++) {
    const page = document.addPage([792, 396]);
    const first = index === 1;
    const last = index === pages && pages > 1;
    const left = last ? 200 : 40;
    page.drawRectangle({ x: left, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
    page.drawRectangle({ x: left + 290, y: 150, width: 100, height: 80, borderColor: black, borderWidth: 1.5 });
    page.drawLine({ start: { x: left + 100, y: 190 }, end: { x: left + 290, y: 190 }, ...stroke });
    if (first) {
      page.drawLine({ start: { x: 430, y: 190 }, end: { x: 600, y: 190 }, ...stroke });
      connector(page, 600, 190);
      page.drawText(CONTINUATION.out, { x: 600, y: 216, size: 10, font, color: black });
    }
    if (last) {
      connector(page, 40, 190);
      page.drawLine({ start: { x: 120, y: 190 }, end: { x: 200, y: 190 }, ...stroke });
      page.drawText(CONTINUATION.in, { x: 40, y: 216, size: 10, font, color: black });
    }
  }
  return Buffer.from(await document.save());
}
