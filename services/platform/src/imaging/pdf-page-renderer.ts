/**
 * PDF pages as PNG images, with pdf.js and the @napi-rs/canvas copy that pdf.js itself loads.
 *
 * The pixel space is fixed so that every service that renders a page gets the same picture:
 *   scale = min(dpi / 72, maxSide / longSideInPoints, sqrt(maxPixels / areaInPoints))
 *   width = round(pageWidthInPoints × scale), height = round(pageHeightInPoints × scale)
 * where the page size is pdf.js's viewport at scale 1 (crop box, /Rotate and /UserUnit applied).
 * With the defaults (200 dpi, long side ≤ 10000 px, ≤ 100 megapixels) an A1 sheet becomes 6622 × 4677 px.
 * The background is white: PDF pages are transparent, a P&ID is drawn on paper.
 *
 * This module is pure (bytes in, PNG out; no Nest, database or storage). The drawing service (renditions,
 * upload checks) and the analysis service (the page it recognises) both use it, so boxes line up.
 *
 * Why pdf.js's own canvas: pdf.js polyfills Path2D, DOMMatrix and ImageData in Node from the
 * @napi-rs/canvas it resolves itself, and a canvas from another copy of @napi-rs/canvas refuses those
 * objects. Every canvas here therefore comes from `document.canvasFactory`.
 */
import path from 'node:path';
import { checkPageComplexity, type PdfComplexityLimits } from './pdf-page-complexity';

export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs', { with: { 'resolution-mode': 'import' } });
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

export interface PdfRenderOptions {
  /** Resolution of the rendition; 72 dpi is one pixel per PDF point. */
  dpi: number;
  /** The longer side of a rendition is at most this many pixels. */
  maxSide: number;
  /** A rendition has at most this many pixels; also the cap on images embedded in the PDF. */
  maxPixels: number;
  /** Rendering that takes longer is cancelled. */
  timeoutMs: number;
  /** A page drawing more is refused before it is drawn (`PdfTooComplexError`); unset, any page is drawn. */
  limits?: PdfComplexityLimits;
}

export interface PdfPageSize {
  width: number;
  height: number;
  /** Pixels per PDF point. */
  scale: number;
}

export interface PdfSummary {
  pageCount: number;
  /** Of page 1's rendition. */
  firstPage: PdfPageSize;
  /**
   * Every page's rendition size, page 1 first; only page 1's when the PDF has more than the
   * `maxMeasuredPages` given to `inspectPdf` (a page count is only a number in the file).
   */
  pages: PdfPageSize[];
  /** The document carries JavaScript (document-level scripts or actions): pdf.js never runs it, but a reader would. */
  hasJavaScript: boolean;
}

export interface RenderedPage {
  png: Buffer;
  width: number;
  height: number;
}

/** A page's rendition as opaque RGBA pixels, row by row: for reading it, with no PNG to encode and decode. */
export interface RenderedPixels {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** The PDF needs a password to open. */
export class PdfPasswordError extends Error {
  override name = 'PdfPasswordError';
}

/** The bytes are not a readable PDF (truncated, corrupt, no pages). */
export class PdfUnreadableError extends Error {
  override name = 'PdfUnreadableError';
}

/** The PDF opens but has no page to show. */
export class PdfWithoutPagesError extends PdfUnreadableError {
  override name = 'PdfWithoutPagesError';
}

/** pdf.js could open the page but not draw it (or not in time). */
export class PdfRenderError extends Error {
  override name = 'PdfRenderError';
}

let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js is an ES module: loaded once, with `import()` (kept as such in the CommonJS build). */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

let assetsDir: string | undefined;

/** pdf.js reads fonts, character maps and decoders from its package folder (paths with a trailing slash). */
function pdfJsAssets() {
  assetsDir ??= path.dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    standardFontDataUrl: `${path.join(assetsDir, 'standard_fonts')}${path.sep}`,
    cMapUrl: `${path.join(assetsDir, 'cmaps')}${path.sep}`,
    wasmUrl: `${path.join(assetsDir, 'wasm')}${path.sep}`,
  };
}

/** The rendition size of a page of `width` × `height` points (pdf.js viewport at scale 1). */
export function pdfRenderSize(
  width: number,
  height: number,
  options: Pick<PdfRenderOptions, 'dpi' | 'maxSide' | 'maxPixels'>,
): PdfPageSize {
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    throw new PdfUnreadableError('The page has no size');
  }
  const scale = Math.min(options.dpi / 72, options.maxSide / Math.max(width, height), Math.sqrt(options.maxPixels / (width * height)));
  return {
    scale,
    width: Math.max(1, Math.min(options.maxSide, Math.round(width * scale))),
    height: Math.max(1, Math.min(options.maxSide, Math.round(height * scale))),
  };
}

/** Opens a PDF as every reader here does; a password or an unreadable file is a typed error. */
export async function openPdf(bytes: Uint8Array, options: PdfRenderOptions): Promise<PdfDocument> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    // pdf.js may take over the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    ...pdfJsAssets(),
    cMapPacked: true,
    // As PDF viewers do: a glitch inside a page (a broken font, a bad stream) is drawn around, while a
    // file whose structure cannot be read (truncated, not a PDF) fails to open. CAD exports have glitches.
    stopAtErrors: false,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    maxImageSize: options.maxPixels,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new PdfPasswordError('The PDF is password-protected');
    throw new PdfUnreadableError(`The PDF cannot be read: ${(error as Error).message}`);
  }
}

/**
 * Opens a PDF as the renderer will, and checks it: a password, no pages, a damaged first page or a
 * page that cannot be opened are refused. Answers the page count and every page's rendition size
 * (up to `maxMeasuredPages` pages) without drawing anything.
 */
export async function inspectPdf(bytes: Uint8Array, options: PdfRenderOptions, maxMeasuredPages = 1000): Promise<PdfSummary> {
  const document = await openPdf(bytes, options);
  try {
    if (document.numPages < 1) throw new PdfWithoutPagesError('The PDF has no pages');
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await document.getPage(1);
      // Parses page 1 and its content streams, which finds damage that opening the document does not.
      // A page that takes longer than a render may is given up: destroying the document stops the parse.
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          reject(new PdfUnreadableError(`Reading page 1 took longer than ${options.timeoutMs} ms`));
          void document.destroy().catch(() => undefined);
        }, options.timeoutMs);
      });
      await Promise.race([page.getOperatorList(), timeout]);
      const viewport = page.getViewport({ scale: 1 });
      const firstPage = pdfRenderSize(viewport.width, viewport.height, options);
      const hasJavaScript = (await document.getJSActions()) !== null;
      const pages = [firstPage];
      if (document.numPages <= maxMeasuredPages) {
        for (let pageNumber = 2; pageNumber <= document.numPages; pageNumber++) pages.push(await pageSize(document, pageNumber, options));
      }
      return { pageCount: document.numPages, firstPage, pages, hasJavaScript };
    } catch (error) {
      if (error instanceof PdfUnreadableError) throw error;
      throw new PdfUnreadableError(`The first page cannot be read: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

/** A page's rendition size from its dictionary alone (its content is not parsed). */
async function pageSize(document: PdfDocument, pageNumber: number, options: PdfRenderOptions): Promise<PdfPageSize> {
  const page = await document.getPage(pageNumber).catch((error: Error) => {
    throw new PdfUnreadableError(`Page ${pageNumber} cannot be read: ${error.message}`);
  });
  const viewport = page.getViewport({ scale: 1 });
  return pdfRenderSize(viewport.width, viewport.height, options);
}

/** Page `pageNumber` (1-based) of an open document and its rendition size; RangeError for a page it lacks. */
async function openPdfPage(
  document: PdfDocument,
  pageNumber: number,
  options: Pick<PdfRenderOptions, 'dpi' | 'maxSide' | 'maxPixels'>,
): Promise<{ page: PdfPage; size: PdfPageSize }> {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > document.numPages) {
    throw new RangeError(`Page ${pageNumber} is outside 1–${document.numPages}`);
  }
  const page = await document.getPage(pageNumber).catch((error: Error) => {
    throw new PdfUnreadableError(`Page ${pageNumber} cannot be read: ${error.message}`);
  });
  const base = page.getViewport({ scale: 1 });
  return { page, size: pdfRenderSize(base.width, base.height, options) };
}

/** Renders page `pageNumber` (1-based) as an opaque PNG of `pdfRenderSize` pixels. */
export function renderPdfPage(bytes: Uint8Array, pageNumber: number, options: PdfRenderOptions): Promise<RenderedPage> {
  return withPdfPage(bytes, pageNumber, options, (document, page, size) => drawPdfPage(document, page, size, options));
}

/** Opens page `pageNumber` of a PDF for `use`, and closes the document whatever happens. */
export async function withPdfPage<T>(
  bytes: Uint8Array,
  pageNumber: number,
  options: PdfRenderOptions,
  use: (document: PdfDocument, page: PdfPage, size: PdfPageSize) => Promise<T>,
): Promise<T> {
  const document = await openPdf(bytes, options);
  try {
    const { page, size } = await openPdfPage(document, pageNumber, options);
    if (options.limits) await checkPageComplexity(page, pageNumber, options.limits, (await loadPdfJs()).OPS.constructPath);
    return await use(document, page, size);
  } finally {
    await document.destroy().catch(() => undefined);
  }
}

/** Draws an open page at `size` as an opaque PNG. */
export async function drawPdfPage(
  document: PdfDocument,
  page: PdfPage,
  size: PdfPageSize,
  options: PdfRenderOptions,
): Promise<RenderedPage> {
  return withPaintedPage(document, page, size, options, async (canvas) => ({
    png: await canvas.encode('png'),
    width: size.width,
    height: size.height,
  }));
}

/** Draws an open page at `size` as opaque RGBA pixels. */
export function drawPdfPagePixels(
  document: PdfDocument,
  page: PdfPage,
  size: PdfPageSize,
  options: PdfRenderOptions,
): Promise<RenderedPixels> {
  return withPaintedPage(document, page, size, options, async (canvas) => ({
    rgba: new Uint8Array(canvas.data()),
    width: size.width,
    height: size.height,
  }));
}

/** Paints an open page at `size` on white, hands the canvas to `read`, then frees it. */
async function withPaintedPage<T>(
  document: PdfDocument,
  page: PdfPage,
  size: PdfPageSize,
  options: PdfRenderOptions,
  read: (canvas: NapiCanvas) => Promise<T>,
): Promise<T> {
  const viewport = page.getViewport({ scale: size.scale });
  const { canvas, context } = (document.canvasFactory as CanvasFactory).create(size.width, size.height);
  try {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    const task = page.render({ canvas: canvas as never, canvasContext: context as never, viewport });
    const timer = setTimeout(() => task.cancel(), options.timeoutMs);
    try {
      await task.promise;
    } catch (error) {
      const cancelled = (error as { name?: string }).name === 'RenderingCancelledException';
      throw new PdfRenderError(
        cancelled ? `Rendering took longer than ${options.timeoutMs} ms` : `Rendering failed: ${(error as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
    }
    return await read(canvas);
  } finally {
    // Frees the pixel memory at once instead of at the next garbage collection.
    canvas.width = 0;
    canvas.height = 0;
  }
}

interface CanvasFactory {
  create(width: number, height: number): { canvas: NapiCanvas; context: CanvasRenderingContext2DLike };
}

/** The parts of an @napi-rs/canvas canvas used here (typed locally: the copy pdf.js loads is not ours). */
interface NapiCanvas {
  width: number;
  height: number;
  encode(format: 'png'): Promise<Buffer>;
  /** The pixels as RGBA bytes: a view of the canvas's own memory, gone when it is resized. */
  data(): Buffer;
}

interface CanvasRenderingContext2DLike {
  fillStyle: string;
  fillRect(x: number, y: number, width: number, height: number): void;
}
