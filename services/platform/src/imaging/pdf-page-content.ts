/**
 * What a PDF page is drawn from, read from the file itself rather than its pixels: the text layer's
 * strings with boxes, the stroked and filled paths with every transform applied, and how much of the
 * page embedded images cover (a scan). Coordinates are pixels of the page's rendition
 * (`pdfRenderSize`), origin top-left, so they line up with `renderPdfPage`'s image.
 */
import { applyMatrix, IDENTITY, lengthScale, multiply, type Matrix, type Point } from './affine';
import {
  drawPdfPagePixels,
  loadPdfJs,
  withPdfPage,
  PdfUnreadableError,
  type PdfPage,
  type PdfPageSize,
  type PdfRenderOptions,
  type RenderedPixels,
} from './pdf-page-renderer';

export interface PdfTextItem {
  text: string;
  /** The four corners of the text's box (baseline start first, then along the text), in rendition pixels. */
  corners: [Point, Point, Point, Point];
  /** Font size in pixels. */
  size: number;
  /** Direction of reading, degrees clockwise from the +x axis of the image (0 = left to right). */
  angle: number;
}

export interface PdfSubpath {
  points: Point[];
  closed: boolean;
}

export interface PdfPath {
  subpaths: PdfSubpath[];
  stroked: boolean;
  filled: boolean;
  /** Stroke width in pixels (a hairline is 0). */
  lineWidth: number;
  /** Drawn with a dash pattern. */
  dashed: boolean;
}

export interface PdfPageContent {
  size: PdfPageSize;
  texts: PdfTextItem[];
  paths: PdfPath[];
  /** Share of the page that embedded images cover (0..1, overlaps counted once per image). */
  imageCoverage: number;
}

/** Points along a cubic Bézier (curves are bubbles and vessel heads: a few points keep their extent). */
function bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps = 6): Point[] {
  const points: Point[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return points;
}

/** pdf.js's path buffer (DrawOPS: 0 moveTo, 1 lineTo, 2 curveTo, 3 quadraticCurveTo, 4 closePath) in device pixels. */
function subpathsOf(data: ArrayLike<number>, m: Matrix): PdfSubpath[] {
  const subpaths: PdfSubpath[] = [];
  let current: PdfSubpath | undefined;
  const last = (): Point => current?.points[current.points.length - 1] ?? [0, 0];
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    if (op === 0) {
      current = { points: [applyMatrix(m, [data[i++], data[i++]])], closed: false };
      subpaths.push(current);
    } else if (op === 1) {
      const point = applyMatrix(m, [data[i++], data[i++]]);
      if (current) current.points.push(point);
      else subpaths.push((current = { points: [point], closed: false }));
    } else if (op === 2) {
      const p1 = applyMatrix(m, [data[i++], data[i++]]);
      const p2 = applyMatrix(m, [data[i++], data[i++]]);
      const p3 = applyMatrix(m, [data[i++], data[i++]]);
      current?.points.push(...bezier(last(), p1, p2, p3));
    } else if (op === 3) {
      const q = applyMatrix(m, [data[i++], data[i++]]);
      const p3 = applyMatrix(m, [data[i++], data[i++]]);
      const p0 = last();
      // A quadratic curve as the cubic with the same shape.
      const p1: Point = [p0[0] + (2 / 3) * (q[0] - p0[0]), p0[1] + (2 / 3) * (q[1] - p0[1])];
      const p2: Point = [p3[0] + (2 / 3) * (q[0] - p3[0]), p3[1] + (2 / 3) * (q[1] - p3[1])];
      current?.points.push(...bezier(p0, p1, p2, p3));
    } else if (op === 4) {
      if (current) current.closed = true;
    } else break; // an unknown operator: the rest of the buffer cannot be parsed
  }
  // A lone moveTo draws nothing.
  return subpaths.filter((s) => s.points.length > 1);
}

interface GraphicsState {
  ctm: Matrix;
  lineWidth: number;
  dashed: boolean;
}

/** Reads page `pageNumber` (1-based) of a PDF: text layer, paths and image coverage, in rendition pixels. */
export function readPdfPageContent(bytes: Uint8Array, pageNumber: number, options: PdfRenderOptions): Promise<PdfPageContent> {
  return withPdfPage(bytes, pageNumber, options, (_document, page, size) => pageContent(page, size, pageNumber, options));
}

/**
 * Page `pageNumber`'s content and its rendition as pixels, from one opening of the file: pdf.js parses the page
 * once for both (the operator list is kept for drawing).
 */
export function readAndRenderPdfPage(
  bytes: Uint8Array,
  pageNumber: number,
  options: PdfRenderOptions,
): Promise<{ content: PdfPageContent; rendered: RenderedPixels }> {
  return withPdfPage(bytes, pageNumber, options, async (document, page, size) => {
    const content = await pageContent(page, size, pageNumber, options);
    return { content, rendered: await drawPdfPagePixels(document, page, size, options) };
  });
}

async function pageContent(page: PdfPage, size: PdfPageSize, pageNumber: number, options: PdfRenderOptions): Promise<PdfPageContent> {
  const { OPS } = await loadPdfJs();
  const viewport = page.getViewport({ scale: size.scale }).transform as Matrix;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new PdfUnreadableError(`Reading page ${pageNumber} took longer than ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
  });
  try {
    const [operators, textContent] = await Promise.race([Promise.all([page.getOperatorList(), page.getTextContent()]), timeout]);
    const texts: PdfTextItem[] = [];
    for (const item of textContent.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const m = multiply(item.transform as Matrix, viewport);
      const fontSize = Math.hypot(m[2], m[3]);
      const along = Math.hypot(m[0], m[1]);
      if (!(fontSize > 0 && along > 0)) continue;
      const dir: Point = [m[0] / along, m[1] / along];
      // The glyphs' up direction in the image (negative y for upright text).
      const up: Point = [m[2] / fontSize, m[3] / fontSize];
      const width = item.width * size.scale;
      const at = (u: number, v: number): Point => [m[4] + dir[0] * u + up[0] * v, m[5] + dir[1] * u + up[1] * v];
      const descent = -0.22 * fontSize;
      const ascent = 0.9 * fontSize;
      texts.push({
        text: item.str,
        corners: [at(0, descent), at(width, descent), at(width, ascent), at(0, ascent)],
        size: fontSize,
        angle: (Math.atan2(dir[1], dir[0]) * 180) / Math.PI,
      });
    }

    const paths: PdfPath[] = [];
    const stack: GraphicsState[] = [];
    let state: GraphicsState = { ctm: IDENTITY, lineWidth: 1, dashed: false };
    let imageArea = 0;
    const pageArea = size.width * size.height;
    const strokeOps = new Set<number>([
      OPS.stroke,
      OPS.closeStroke,
      OPS.fillStroke,
      OPS.eoFillStroke,
      OPS.closeFillStroke,
      OPS.closeEOFillStroke,
    ]);
    const fillOps = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
    const imageOps = new Set<number>([
      OPS.paintImageXObject,
      OPS.paintInlineImageXObject,
      OPS.paintImageMaskXObject,
      OPS.paintImageXObjectRepeat,
    ]);
    const { fnArray, argsArray } = operators;
    for (let i = 0; i < fnArray.length; i++) {
      const fn = fnArray[i];
      const args = argsArray[i] as unknown[] | null;
      if (fn === OPS.save) stack.push(state);
      else if (fn === OPS.restore) state = stack.pop() ?? state;
      else if (fn === OPS.transform) state = { ...state, ctm: multiply(args as Matrix, state.ctm) };
      else if (fn === OPS.paintFormXObjectBegin) {
        stack.push(state);
        const matrix = args?.[0] as Matrix | null;
        if (matrix) state = { ...state, ctm: multiply(matrix, state.ctm) };
      } else if (fn === OPS.paintFormXObjectEnd) state = stack.pop() ?? state;
      else if (fn === OPS.setLineWidth) state = { ...state, lineWidth: Number(args?.[0]) || 0 };
      else if (fn === OPS.setDash) state = { ...state, dashed: ((args?.[0] as number[] | undefined) ?? []).some((v) => v > 0) };
      else if (fn === OPS.setGState) {
        for (const [key, value] of (args?.[0] as Array<[string, unknown]> | undefined) ?? []) {
          if (key === 'LW') state = { ...state, lineWidth: Number(value) || 0 };
          if (key === 'D') state = { ...state, dashed: ((value as [number[]] | undefined)?.[0] ?? []).some((v) => v > 0) };
        }
      } else if (fn === OPS.constructPath) {
        const [op, [data]] = args as [number, [ArrayLike<number> | null]];
        const stroked = strokeOps.has(op);
        const filled = fillOps.has(op);
        if (!data || (!stroked && !filled)) continue;
        const device = multiply(state.ctm, viewport);
        const subpaths = subpathsOf(data, device);
        if (subpaths.length === 0) continue;
        paths.push({ subpaths, stroked, filled, lineWidth: state.lineWidth * lengthScale(device), dashed: stroked && state.dashed });
      } else if (imageOps.has(fn)) {
        // An image fills the unit square of the current transform.
        const device = multiply(state.ctm, viewport);
        imageArea += Math.abs(device[0] * device[3] - device[1] * device[2]);
      }
    }
    return { size, texts, paths, imageCoverage: Math.min(1, imageArea / pageArea) };
  } finally {
    clearTimeout(timer);
  }
}
