/**
 * What a PDF thread does (`PdfThreads` runs this module in worker threads): the pdf.js work of uploads and
 * renditions, which parses and draws on the thread that runs it. Failures come back as values, because a
 * thrown error loses its class on the way out of a thread.
 */
import { inspectPdf, renderPdfPage, type PdfRenderOptions, type PdfSummary, type RenderedPage } from '@pid/platform';

export type TaskResult<T> = { ok: true; value: T } | { ok: false; name: string; message: string };

async function settled<T>(work: Promise<T>): Promise<TaskResult<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
    return { ok: false, name, message };
  }
}

export function inspect(task: { bytes: Uint8Array; options: PdfRenderOptions; maxMeasuredPages: number }): Promise<TaskResult<PdfSummary>> {
  return settled(inspectPdf(task.bytes, task.options, task.maxMeasuredPages));
}

export function render(task: { bytes: Uint8Array; page: number; options: PdfRenderOptions }): Promise<TaskResult<RenderedPage>> {
  return settled(renderPdfPage(task.bytes, task.page, task.options));
}
