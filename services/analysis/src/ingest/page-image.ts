import { MAX_IMAGE_PIXELS } from '@pid/contracts';
import {
  PdfPasswordError,
  PdfTooComplexError,
  PdfUnreadableError,
  renderPdfPage,
  type PdfRenderOptions,
  type RenderedPixels,
} from '@pid/platform/imaging';
import sharp from 'sharp';
import { colourToGrey } from './colour-grey';
import { invertNegative } from './negative';
import { estimateSkew, rotateGray, unskewPoint } from './deskew';

/** One page as 8-bit grayscale, dark ink on light paper (a negative is turned), possibly downscaled; `scale` maps back: original = processing / scale. */
export interface PageImage {
  gray: Uint8Array;
  width: number;
  height: number;
  /** The pixel space of the drawing service's `/file` image, in which results are given. */
  originalWidth: number;
  originalHeight: number;
  /** Processing pixels per original pixel (≤ 1). */
  scale: number;
  /** The scan's skew, already turned out of `gray` (degrees, clockwise); 0 for a straight page. */
  skewDegrees: number;
}

/** A point of the processed page in the `/file` pixel space: skew turned back, scale undone. */
export function toOriginalPoint(image: PageImage, x: number, y: number): [number, number] {
  const [sx, sy] = unskewPoint(x, y, image.width, image.height, image.skewDegrees);
  return [sx / image.scale, sy / image.scale];
}

/** A point of the `/file` pixel space on the processed page: scale applied, skew turned in. */
export function toProcessingPoint(image: PageImage, x: number, y: number): [number, number] {
  return unskewPoint(x * image.scale, y * image.scale, image.width, image.height, -image.skewDegrees);
}

export interface IngestOptions {
  /** 1-based; PDFs only. */
  page?: number;
  /** Above this many pixels the page is downscaled for processing. */
  maxProcessingPixels: number;
  /** The drawing service's PDF rendering settings, so that both see the same pixel grid. */
  pdf: PdfRenderOptions;
  /** Decoded images larger than this are refused. */
  maxImagePixels?: number;
  /** Straighten slightly turned scans (default on). */
  deskew?: boolean;
}

/** A problem with the file itself: retrying cannot help; the message is shown to the user. */
export class UnusableFileError extends Error {
  override name = 'UnusableFileError';
}

export const MESSAGES = {
  password: 'PDF is password-protected',
  tooLarge: 'image too large',
  unreadable: 'The file cannot be read: it is damaged or not a PDF, PNG, JPEG or TIFF',
  noPage: (page: number) => `The PDF has no page ${page}`,
  noContent: 'no drawing content found',
  /** Over one of the job's budgets (`src/worker/job-process/job-budget.ts`); `detail` says which. */
  tooComplex: (detail: string) => `This drawing is too complex to analyse (${detail})`,
} as const;

export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/** What a failure to read PDF page `page` means to the user; anything else is rethrown as it is. */
export function pdfFailure(page: number) {
  return (error: unknown): never => {
    if (error instanceof PdfPasswordError) throw new UnusableFileError(MESSAGES.password);
    if (error instanceof PdfUnreadableError) throw new UnusableFileError(MESSAGES.unreadable);
    if (error instanceof RangeError) throw new UnusableFileError(MESSAGES.noPage(page));
    if (error instanceof PdfTooComplexError) {
      throw new UnusableFileError(MESSAGES.tooComplex(`more than ${error.limit.toLocaleString('en-US')} ${error.what} on page ${page}`));
    }
    throw error;
  };
}

/** How a PDF page is rendered for analysis: the drawing service's settings, within the decoded-image cap. */
export function pdfRenderOptions(options: Omit<IngestOptions, 'page'>): PdfRenderOptions {
  return { ...options.pdf, maxPixels: Math.min(options.pdf.maxPixels, options.maxImagePixels ?? MAX_IMAGE_PIXELS) };
}

/** Reads a PDF page (rendered as the drawing service renders it) or a raster into one grey image (`colourToGrey`). */
export async function loadPageImage(bytes: Buffer, options: IngestOptions): Promise<PageImage> {
  let raster = bytes;
  if (isPdf(bytes)) {
    const page = options.page ?? 1;
    raster = (await renderPdfPage(bytes, page, pdfRenderOptions(options)).catch(pdfFailure(page))).png;
  }
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(raster, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) throw new Error('no size');
    const turned = (metadata.orientation ?? 1) >= 5;
    width = turned ? metadata.height : metadata.width;
    height = turned ? metadata.width : metadata.height;
  } catch {
    throw new UnusableFileError(MESSAGES.unreadable);
  }
  return toPageImage(raster, width, height, options);
}

/** A PDF page already rendered as pixels (`drawPdfPagePixels`), read as `loadPageImage` reads its PNG. */
export function renderedPageImage(page: RenderedPixels, options: IngestOptions): Promise<PageImage> {
  return toPageImage(page, page.width, page.height, options);
}

/** An encoded raster or rendered pixels, `width` × `height` upright, downscaled to the budget, grey and straight. */
async function toPageImage(source: Buffer | RenderedPixels, width: number, height: number, options: IngestOptions): Promise<PageImage> {
  const maxImagePixels = options.maxImagePixels ?? MAX_IMAGE_PIXELS;
  if (width * height > maxImagePixels) throw new UnusableFileError(MESSAGES.tooLarge);
  const scale = Math.min(1, Math.sqrt(options.maxProcessingPixels / (width * height)));
  const targetWidth = Math.max(1, Math.round(width * scale));
  const targetHeight = Math.max(1, Math.round(height * scale));
  let gray: Uint8Array;
  let size = { width, height };
  if (!Buffer.isBuffer(source) && scale === 1) {
    // A rendition is opaque (drawn on white) and needs no resizing: its pixels are read as they are.
    gray = colourToGrey(source.rgba, width, height, 4);
  } else {
    try {
      let pipeline = Buffer.isBuffer(source)
        ? sharp(source, { limitInputPixels: maxImagePixels, failOn: 'error' }).autoOrient()
        : sharp(source.rgba, { raw: { width, height, channels: 4 }, limitInputPixels: maxImagePixels });
      pipeline = pipeline.flatten({ background: '#ffffff' });
      if (scale < 1) pipeline = pipeline.resize(targetWidth, targetHeight, { fit: 'fill', kernel: 'lanczos3' });
      const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
      gray = info.channels < 3 ? firstChannel(data, info.channels) : colourToGrey(data, info.width, info.height, info.channels);
      size = { width: info.width, height: info.height };
    } catch {
      throw new UnusableFileError(MESSAGES.unreadable);
    }
  }
  invertNegative(gray);
  const skewDegrees = options.deskew === false ? 0 : estimateSkew(gray, size.width, size.height);
  if (skewDegrees !== 0) gray = await rotateGray(gray, size.width, size.height, skewDegrees);
  return { gray, ...size, originalWidth: width, originalHeight: height, scale: size.width / width, skewDegrees };
}

function firstChannel(data: Buffer, channels: number): Uint8Array {
  if (channels === 1) return new Uint8Array(data.buffer, data.byteOffset, data.length);
  const out = new Uint8Array(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels];
  return out;
}
