import { BadRequestException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { MAX_DRAWING_PAGES, type ImageSize } from '@pid/contracts';
import sharp from 'sharp';
import { MESSAGES } from '../messages';
import { PdfPasswordError, PdfWithoutPagesError, type PdfRenderOptions } from '@pid/platform';
import type { PdfThreads } from '../pdf-threads/pdf-threads';
import type { FileKind } from './file-kind';

export interface InspectedFile {
  /** Of the image the viewer will show: the raster with its EXIF orientation applied, or page 1's rendition. */
  imageSize: ImageSize;
  /** PDFs only. */
  pageCount?: number;
  /** Every page's image size, page 1 first (one for an image). */
  pages: ImageSize[];
}

const SHARP_FORMATS: Record<Exclude<FileKind, 'pdf'>, string> = { png: 'png', jpeg: 'jpeg', tiff: 'tiff' };
/** A complete PDF ends with `%%EOF` within its last 1024 bytes (ISO 32000-1 implementation note). */
const PDF_END_MARKER = Buffer.from('%%EOF', 'latin1');
const PDF_TRAILER_WINDOW = 1024;
export const MAX_PDF_PAGES = MAX_DRAWING_PAGES;

/** Image decoders report a pixel limit with this message; it is a size problem, not damage. */
function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Reads the whole file as the viewer and the analysis will, so that what is stored can be shown:
 * images are fully decoded (damage and truncation show); PDFs must end with `%%EOF`, open with pdf.js
 * and have a readable page 1. Refusals are
 * HTTP errors with a message for people.
 */
export async function inspectUpload(
  bytes: Buffer,
  kind: FileKind,
  options: PdfRenderOptions,
  pdfThreads: PdfThreads,
): Promise<InspectedFile> {
  if (kind === 'pdf') return inspectPdfUpload(bytes, options, pdfThreads);
  return inspectImage(bytes, kind, options.maxPixels);
}

async function inspectImage(bytes: Buffer, kind: Exclude<FileKind, 'pdf'>, maxPixels: number): Promise<InspectedFile> {
  const input = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });
  try {
    const metadata = await input().metadata();
    if (metadata.format !== SHARP_FORMATS[kind]) throw new Error(`decoded as ${metadata.format}, not ${kind}`);
    // A full decode: metadata alone is read from the header and misses a damaged or cut-off body.
    await input().stats();
    const { width, height } = metadata.autoOrient;
    return { imageSize: { width, height }, pages: [{ width, height }] };
  } catch (error) {
    if (isPixelLimit(error)) throw new PayloadTooLargeException(MESSAGES.imageTooLarge(Math.floor(maxPixels / 1_000_000)));
    throw new BadRequestException(MESSAGES.unreadableFile);
  }
}

async function inspectPdfUpload(bytes: Buffer, options: PdfRenderOptions, pdfThreads: PdfThreads): Promise<InspectedFile> {
  if (bytes.subarray(-PDF_TRAILER_WINDOW).indexOf(PDF_END_MARKER) === -1) throw new BadRequestException(MESSAGES.unreadableFile);
  const summary = await pdfThreads.inspect(bytes, options, MAX_PDF_PAGES).catch((error: unknown) => {
    if (error instanceof PdfPasswordError) throw new BadRequestException(MESSAGES.pdfPasswordProtected);
    if (error instanceof PdfWithoutPagesError) throw new BadRequestException(MESSAGES.pdfWithoutPages);
    throw new BadRequestException(MESSAGES.unreadableFile);
  });
  // pdf.js never runs it, but any reader that opens the stored original would; no drawing needs a script.
  if (summary.hasJavaScript) throw new UnsupportedMediaTypeException(MESSAGES.pdfWithJavaScript);
  if (summary.pageCount > MAX_PDF_PAGES) throw new PayloadTooLargeException(MESSAGES.pdfTooManyPages(MAX_PDF_PAGES));
  const pages = summary.pages.map(({ width, height }) => ({ width, height }));
  return { imageSize: pages[0], pageCount: summary.pageCount, pages };
}
