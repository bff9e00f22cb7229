import { svgPng } from '@pid/platform/test-kit/samples';
import { loadPageImage, type PageImage } from '../ingest/page-image';

export const TEST_PDF_OPTIONS = { dpi: 200, maxSide: 10_000, maxPixels: 100_000_000, timeoutMs: 30_000 };

export async function svgPage(width: number, height: number, shapes: string, maxProcessingPixels = 50_000_000): Promise<PageImage> {
  return loadPageImage(await svgPng(width, height, shapes), { maxProcessingPixels, pdf: TEST_PDF_OPTIONS });
}

/** The SVG drawing helpers live in platform's test kit, shared with the drawing service and tests/reliability. */
export { box, bubble, dot, line, svgPng, valve } from '@pid/platform/test-kit';
