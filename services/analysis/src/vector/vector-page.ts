import type { PdfPageContent } from '@pid/platform';
import { toProcessingPoint, type PageImage } from '../ingest/page-image';
import { defaultLineOptions, type Segment } from '../pipeline/lines';
import { vectorSegments } from './vector-lines';
import { vectorTexts, type VectorText } from './vector-text';

/** How a page was read: from its pixels, from the PDF's own text and paths, or both. */
export type AnalysisSource = 'raster' | 'vector' | 'mixed';

/**
 * What the PDF page itself says, in processing pixels: exact texts and exact strokes, where it has them.
 * The pipeline still looks at the pixels for what the file lacks.
 */
export interface VectorPage {
  /** The text layer; absent when the page has none (a scan, text drawn as strokes). */
  texts?: VectorText[];
  /** Horizontal and vertical strokes; absent when the page has none. */
  segments?: Segment[];
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
  const page: VectorPage = {};
  if (hasText(content)) page.texts = vectorTexts(content.texts, map);
  const segments = vectorSegments(content.paths, map, image.scale * toFile, defaultLineOptions(image.width, image.height));
  if (segments.length > 0) page.segments = segments;
  return page;
}

/**
 * How the page was read: from the file (text layer and strokes, no scan), from its pixels alone, or both
 * (a scan under a text layer, strokes with text drawn as strokes: the pixels give what the file lacks).
 */
export function sourceOf(content: PdfPageContent | undefined, page: VectorPage): AnalysisSource {
  if (!content || (!page.texts && !page.segments)) return 'raster';
  return page.texts && page.segments && content.imageCoverage < MIN_SCAN_COVERAGE ? 'vector' : 'mixed';
}
