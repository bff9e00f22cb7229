import { MAX_IMAGE_PIXELS, PDF_RENDER_DPI, PDF_RENDER_MAX_SIDE_PX } from '@pid/contracts';
import { inspectPdf } from '@pid/platform/imaging';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BenchDrawing } from './bench-drawing';

/** scan_and_vector: PDFs without truth, every page a row (time and counts only). */
export async function scanAndVectorDrawings(dir: string): Promise<BenchDrawing[]> {
  const drawings: BenchDrawing[] = [];
  for (const pdf of (await readdir(dir)).filter((f) => f.endsWith('.pdf')).sort()) {
    const file = path.join(dir, pdf);
    const { pageCount } = await inspectPdf(await readFile(file), {
      dpi: PDF_RENDER_DPI,
      maxSide: PDF_RENDER_MAX_SIDE_PX,
      maxPixels: MAX_IMAGE_PIXELS,
      timeoutMs: 60_000,
    });
    for (let page = 1; page <= pageCount; page++) {
      drawings.push({ dataset: 'scan_and_vector', name: `${pdf} p${page}`, page, prepare: async () => ({ file }) });
    }
  }
  return drawings;
}
