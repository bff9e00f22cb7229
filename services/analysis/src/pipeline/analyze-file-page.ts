import type { AnalysisSource } from '@pid/contracts';
import { readAndRenderPdfPage, type PdfPageContent } from '@pid/platform/imaging';
import {
  isPdf,
  loadPageImage,
  pdfFailure,
  pdfRenderOptions,
  renderedPageImage,
  type IngestOptions,
  type PageImage,
} from '../ingest/page-image';
import { MIN_PAPER_SHARE, paperShare } from '../ingest/paper-share';
import { hasVectorContent, sourceOf, vectorPage } from '../vector/vector-page';
import { analyzePage, type AnalyzeOptions, type PageAnalysis } from './analyze-page';

export interface FilePageAnalysis extends PageAnalysis {
  source: AnalysisSource;
  /** The page as processed (for overlays and checks). */
  image: PageImage;
}

export interface FilePageOptions extends Omit<AnalyzeOptions, 'vector' | 'source'> {
  /** 1-based; PDFs only (default 1). */
  page?: number;
  ingest: Omit<IngestOptions, 'page'>;
  /** Read a PDF page's text layer and paths where it has them (default on); off, every page is read from pixels. */
  vectorPath?: boolean;
}

/**
 * One page of an uploaded file (PDF, PNG, JPEG, TIFF), analysed: the one entry point of worker, CLI and
 * benchmark. A PDF page's own text and strokes replace OCR and line finding where the page has them;
 * symbols always come from the pixels of the page as the drawing service shows it.
 */
export async function analyzeFilePage(bytes: Buffer, options: FilePageOptions): Promise<FilePageAnalysis> {
  const page = options.page ?? 1;
  const { image, content } = await pageImage(bytes, page, options);
  const vector = content ? vectorPage(content, image) : undefined;
  const source = sourceOf(content, vector);
  // A photo is no drawing: read as a page with nothing drawn (as a blank one), before the pipeline spends minutes
  // on its grain. A file of nothing else ends "no drawing content found".
  const analysis =
    !vector && paperShare(image) < MIN_PAPER_SHARE
      ? {
          imageSize: { width: image.originalWidth, height: image.originalHeight },
          elements: [],
          connections: [],
          lineCount: 0,
          inkRatio: 0,
        }
      : await analyzePage(image, { ...options, page, vector, source });
  return { ...analysis, source, image };
}

/** The page as processed, with a PDF page's content where it has vector content; its rendition's pixels let go. */
async function pageImage(bytes: Buffer, page: number, options: FilePageOptions): Promise<{ image: PageImage; content?: PdfPageContent }> {
  const ingest = { ...options.ingest, page };
  if (options.vectorPath === false || !isPdf(bytes)) return { image: await loadPageImage(bytes, ingest) };
  // One opening of the file gives the page's content and its rendition.
  const { content, rendered } = await readAndRenderPdfPage(bytes, page, pdfRenderOptions(options.ingest)).catch(pdfFailure(page));
  const vector = hasVectorContent(content);
  // CAD pages are straight: turning them by a detected skew would only blur exact coordinates.
  const image = await renderedPageImage(rendered, { ...ingest, deskew: vector ? false : ingest.deskew });
  return vector ? { image, content } : { image };
}
