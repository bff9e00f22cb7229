import type { PdfPageContent } from '@pid/platform';
import { toProcessingPoint, type PageImage } from '../ingest/page-image';
import { defaultLineOptions, type Segment } from '../pipeline/lines';
import { vectorSegments } from './vector-lines';
import { vectorTexts, type VectorText } from './vector-text';

/** What the PDF page itself says, in processing pixels: exact texts and exact strokes, when it has them. */
export interface VectorPage {
  /** The text layer; absent when the page has none (a scan, text drawn as strokes). */
  texts?: VectorText[];
  /** Horizontal and vertical strokes; absent when the page is a scan. */
  segments?: Segment[];
}

/** A text layer this small is a stamp or a page number, not the drawing's text. */
const MIN_TEXT_ITEMS = 5;
/** A page mostly covered by images is a scan: its strokes are the scanner's, read from pixels. */
const MAX_IMAGE_COVERAGE = 0.5;
/** Fewer strokes than this is a page of text or an image with a frame, not a drawing. */
const MIN_SEGMENTS = 10;

/** Whether the page's content is worth reading from the file: a text layer, or strokes on a page that is not a scan. */
export function hasVectorContent(content: PdfPageContent): boolean {
  return usableText(content) || (content.imageCoverage < MAX_IMAGE_COVERAGE && content.paths.some((path) => path.stroked));
}

function usableText(content: PdfPageContent): boolean {
  return content.texts.filter((item) => /[A-Za-z0-9]/.test(item.text)).length >= MIN_TEXT_ITEMS;
}

/** The page's content mapped onto the processed image; each part only where the file has it. */
export function vectorPage(content: PdfPageContent, image: PageImage): VectorPage {
  // Rendition pixels to `/file` pixels (the same grid unless the image was capped), then to processing pixels.
  const toFile = image.originalWidth / content.size.width;
  const map = (point: [number, number]) => toProcessingPoint(image, point[0] * toFile, point[1] * toFile);
  const page: VectorPage = {};
  if (usableText(content)) page.texts = vectorTexts(content.texts, map);
  if (content.imageCoverage < MAX_IMAGE_COVERAGE) {
    const segments = vectorSegments(content.paths, map, image.scale * toFile, defaultLineOptions(image.width, image.height));
    if (segments.length >= MIN_SEGMENTS) page.segments = segments;
  }
  return page;
}
