import { MAX_IMAGE_PIXELS, PDF_RENDER_DPI, PDF_RENDER_MAX_SIDE_PX } from '@pid/contracts';
import { pdfRenderSize } from '@pid/platform/imaging';
import type { PixelBox, TruthText } from '../ground-truth';
import { unionBox } from '../geometry';
import { textRole } from './text-role';

/** `*.pdf_words.json`: the words of a PDF's text layer, in points, origin top-left. */
export interface PdfWords {
  page_size_pt: [number, number];
  words: { text: string; bbox_pt: PixelBox }[];
}

/** The page's pixel size and pixels per point as the product renders it (PDF_RENDER_DPI and its limits). */
export function pdfPixelSpace(words: PdfWords) {
  const [width, height] = words.page_size_pt;
  return pdfRenderSize(width, height, { dpi: PDF_RENDER_DPI, maxSide: PDF_RENDER_MAX_SIDE_PX, maxPixels: MAX_IMAGE_PIXELS });
}

const SEPARATOR = /^[.-]$/;

interface Word {
  text: string;
  bbox: PixelBox;
}

/** Same text line: they overlap vertically by half the smaller height; `right` starts within a height of `left`'s end. */
function adjacent(left: Word, right: Word): boolean {
  const height = Math.min(left.bbox[3] - left.bbox[1], right.bbox[3] - right.bbox[1]);
  const overlap = Math.min(left.bbox[3], right.bbox[3]) - Math.max(left.bbox[1], right.bbox[1]);
  const gap = right.bbox[0] - left.bbox[2];
  return overlap >= 0.5 * height && gap >= -0.5 * height && gap <= height;
}

/**
 * Truth texts from text-layer words, `scale` pixels per point. CAD writes a tag as several words
 * (`LR022` `.` `80150`): words joined by a lone `.` or `-` on the same line become one text. Its role
 * follows its shape (`textRole`).
 */
export function wordTexts(words: PdfWords, scale: number): TruthText[] {
  const all: Word[] = words.words.map((w) => ({ text: w.text, bbox: w.bbox_pt.map((v) => v * scale) as PixelBox }));
  const group = all.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i])));
  for (const separator of all.filter((w) => SEPARATOR.test(w.text))) {
    const s = all.indexOf(separator);
    const left = all.findIndex((w, i) => i !== s && !SEPARATOR.test(w.text) && adjacent(w, separator));
    const right = all.findIndex((w, i) => i !== s && !SEPARATOR.test(w.text) && adjacent(separator, w));
    if (left < 0 || right < 0) continue;
    group[root(s)] = root(left);
    group[root(right)] = root(left);
  }
  const groups = new Map<number, Word[]>();
  all.forEach((word, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), word]));
  return [...groups.values()].map((members): TruthText => {
    members.sort((a, b) => a.bbox[0] - b.bbox[0]);
    const string = members.map((w) => w.text).join('');
    return { string, bbox: unionBox(members.map((w) => w.bbox)), role: textRole(string) };
  });
}
