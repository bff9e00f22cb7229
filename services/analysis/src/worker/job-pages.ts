import type { AnalysisJob, AnalysisResultEvent } from '@pid/contracts';
import type { FilePageAnalysis } from '../pipeline/analyze-file-page';

/** What a run keeps of one analysed page (not its pixels). */
export interface AnalysedPage extends Pick<
  FilePageAnalysis,
  'imageSize' | 'source' | 'elements' | 'connections' | 'inkRatio' | 'lineCount'
> {
  page: number;
}

const isPageNumber = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 1);

/** Whether the job's page fields, if any, are page numbers. */
export function hasValidPages(job: AnalysisJob): boolean {
  return isPageNumber(job.page) && isPageNumber(job.pageCount);
}

/** The pages a job analyses, in order: the one it names, else every page of the file (1 for images). */
export function jobPages(job: AnalysisJob): number[] {
  if (job.page !== undefined) return [job.page];
  return Array.from({ length: job.pageCount ?? 1 }, (_, index) => index + 1);
}

export function analysedPage(page: number, analysis: FilePageAnalysis): AnalysedPage {
  const { imageSize, source, elements, connections, inkRatio, lineCount } = analysis;
  return { page, imageSize, source, elements, connections, inkRatio, lineCount };
}

/**
 * One result for all pages of a run: every element carries its page (a connection lies on its ends'),
 * and keys are prefixed with the page (`p2:e17`) so that they stay unique across pages. `imageSize` is the first
 * page's, as the drawing's `image_size` is.
 */
export function combinePages(job: AnalysisJob, pages: AnalysedPage[]): AnalysisResultEvent {
  const key = (page: number, pageKey: string) => `p${page}:${pageKey}`;
  return {
    jobId: job.jobId,
    drawingId: job.drawingId,
    userId: job.userId,
    imageSize: pages[0].imageSize,
    pages: pages.map(({ page, imageSize, source }) => ({ page, imageSize, source })),
    elements: pages.flatMap(({ page, elements }) => elements.map((element) => ({ ...element, key: key(page, element.key), page }))),
    connections: pages.flatMap(({ page, connections }) =>
      connections.map((connection) => ({
        ...connection,
        key: key(page, connection.key),
        sourceKey: key(page, connection.sourceKey),
        targetKey: key(page, connection.targetKey),
      })),
    ),
  };
}
