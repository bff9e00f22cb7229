import type { AnalysisSource } from '@pid/contracts';
import type { PdfPageContent } from '@pid/platform/imaging';
import { toProcessingPoint, type PageImage } from '../ingest/page-image';
import { defaultLineOptions, type Segment } from '../pipeline/lines';
import { median } from '../pipeline/text-lines';
import type { Box } from '../pipeline/components';
import { vectorSegments } from './vector-lines';
import { vectorShapes } from './vector-shapes';
import { vectorTexts, type VectorText } from './vector-text';

/**
 * What the PDF page itself says, in processing pixels: exact texts and exact strokes, where it has them.
 * The pipeline still looks at the pixels for what the file lacks.
 */
export interface VectorPage {
  /** The text layer; absent when the page has none (a scan, text drawn as strokes). */
  texts?: VectorText[];
  /** Horizontal and vertical strokes; absent when the page has none. */
  segments?: Segment[];
  /** Boxes of grouped paths that are not pipes: symbol candidates for the classifier. */
  shapes: Box[];
  /** Pipe pieces too short to be lines, between adjacent symbols: for tracing connections only. */
  stubs: Segment[];
}

/** A page mostly covered by images is a scan (perhaps with a text layer or a frame on top). */
const MIN_SCAN_COVERAGE = 0.5;

const hasText = (content: PdfPageContent) => content.texts.some((item) => /[A-Za-z0-9]/.test(item.text));

/** Whether the page has anything to read from the file: a text layer or paths. */
export function hasVectorContent(content: PdfPageContent): boolean {
  return hasText(content) || content.paths.length > 0;
}

/** The page's content mapped onto the processed image; each part only where the file has it. */
export function vectorPage(content: PdfPageContent, image: PageImage): VectorPage {
  // Rendition pixels to `/file` pixels (the same grid unless the image was capped), then to processing pixels.
  const toFile = image.originalWidth / content.size.width;
  const map = (point: [number, number]) => toProcessingPoint(image, point[0] * toFile, point[1] * toFile);
  const lineOptions = defaultLineOptions(image.width, image.height);
  const texts = hasText(content) ? vectorTexts(content.texts, map) : undefined;
  // Symbols are drawn a few text heights tall; without text, in proportion to the sheet.
  const textSize = texts ? median(texts.map((text) => text.line.size)) : 0.004 * Math.max(image.width, image.height);
  const { shapes, stubs } = vectorShapes(content.paths, map, {
    pipeFrom: 2.5 * textSize,
    maxSize: 8 * textSize,
    minSize: 0.8 * textSize,
    joinGap: 0.25 * textSize,
  });
  const page: VectorPage = { shapes, stubs: stubs.map(boxSegment) };
  if (texts) page.texts = texts;
  const segments = vectorSegments(content.paths, map, image.scale * toFile, lineOptions);
  if (segments.length > 0) page.segments = segments;
  return page;
}

/** A thin box as the line segment it draws. */
function boxSegment(box: Box): Segment {
  const horizontal = box.x1 - box.x0 >= box.y1 - box.y0;
  return horizontal
    ? { orientation: 'horizontal', start: box.x0, end: box.x1, lo: box.y0, hi: box.y1, dashed: false }
    : { orientation: 'vertical', start: box.y0, end: box.y1, lo: box.x0, hi: box.x1, dashed: false };
}

/**
 * How the page was read: from the file (text layer and strokes, no scan), from its pixels alone, or both
 * (a scan under a text layer, strokes with text drawn as strokes: the pixels give what the file lacks).
 */
export function sourceOf(content: PdfPageContent | undefined, page: VectorPage | undefined): AnalysisSource {
  if (!content || !page || (!page.texts && !page.segments)) return 'raster';
  return page.texts && page.segments && content.imageCoverage < MIN_SCAN_COVERAGE ? 'vector' : 'mixed';
}
