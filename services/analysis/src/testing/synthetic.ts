import sharp from 'sharp';
import { loadPageImage, type PageImage } from '../ingest/page-image';

export const TEST_PDF_OPTIONS = { dpi: 200, maxSide: 10_000, maxPixels: 100_000_000, timeoutMs: 30_000 };

/** A drawing made of SVG shapes on white paper, as PNG. */
export function svgPng(width: number, height: number, shapes: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>
    <g stroke="#000000" stroke-width="3" fill="none">${shapes}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function svgPage(width: number, height: number, shapes: string, maxProcessingPixels = 50_000_000): Promise<PageImage> {
  return loadPageImage(await svgPng(width, height, shapes), { maxProcessingPixels, pdf: TEST_PDF_OPTIONS });
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
