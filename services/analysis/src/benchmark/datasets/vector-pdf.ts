import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BenchDrawing } from './bench-drawing';
import { NOTHING_COMPLETE } from './bench-drawing';
import { pdfPixelSpace, wordTexts, type PdfWords } from './pdf-words';

/** vector_pdf: text truth only, from each PDF's text-layer words (`<file>.pdf_words.json`). */
export async function vectorPdfDrawings(dir: string): Promise<BenchDrawing[]> {
  const pdfs = (await readdir(dir)).filter((f) => f.endsWith('.pdf') && existsSync(path.join(dir, `${f}_words.json`)));
  return pdfs.sort().map((pdf) => ({
    dataset: 'vector_pdf',
    name: pdf,
    prepare: async () => {
      const words = JSON.parse(await readFile(path.join(dir, `${pdf}_words.json`), 'utf8')) as PdfWords;
      const { width, height, scale } = pdfPixelSpace(words);
      return {
        file: path.join(dir, pdf),
        truth: {
          name: pdf,
          imageSize: { width, height },
          symbols: [],
          texts: wordTexts(words, scale),
          pipes: [],
          connections: [],
          complete: { ...NOTHING_COMPLETE, texts: true },
        },
      };
    },
  }));
}
