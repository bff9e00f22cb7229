import { loadPageImage, type IngestOptions, type PageImage } from '../ingest/page-image';
import { analyzePage, type AnalyzeOptions, type PageAnalysis } from './analyze-page';

/** How a page was read: from its pixels, from the PDF's own text and paths, or both. */
export type AnalysisSource = 'raster' | 'vector' | 'mixed';

export interface FilePageAnalysis extends PageAnalysis {
  source: AnalysisSource;
  /** The page as processed (for overlays and checks). */
  image: PageImage;
}

export interface FilePageOptions extends AnalyzeOptions {
  /** 1-based; PDFs only (default 1). */
  page?: number;
  ingest: Omit<IngestOptions, 'page'>;
}

/** One page of an uploaded file (PDF, PNG, JPEG, TIFF), analysed: the one entry point of worker, CLI and benchmark. */
export async function analyzeFilePage(bytes: Buffer, options: FilePageOptions): Promise<FilePageAnalysis> {
  const image = await loadPageImage(bytes, { ...options.ingest, page: options.page ?? 1 });
  const analysis = await analyzePage(image, options);
  return { ...analysis, source: 'raster', image };
}
