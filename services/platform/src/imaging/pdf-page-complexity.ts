/**
 * How much a PDF page draws, counted from its parsed operator list before anything is drawn. Parsing is
 * cheap next to drawing (1.1 million random strokes parse in about 2 s and draw for minutes), so a page
 * over the limits is refused while refusing is still cheap.
 */
import type { PdfPage } from './pdf-page-renderer';

export interface PdfComplexityLimits {
  /** Drawing operators of the page, forms included (pdf.js's operator list). */
  maxOperators: number;
  /** Straight and curved segments of its paths (a move or a close is no segment). */
  maxPathSegments: number;
}

/** The page draws more than the limits allow. `what` and `limit` say which limit, for the user's message. */
export class PdfTooComplexError extends Error {
  override name = 'PdfTooComplexError';
  constructor(
    readonly pageNumber: number,
    readonly what: 'operators' | 'line segments',
    readonly limit: number,
  ) {
    super(`Page ${pageNumber} has more than ${limit} ${what}`);
  }
}

/** Numbers after each code of pdf.js's path buffer (DrawOPS: 0 moveTo, 1 lineTo, 2 curveTo, 3 quadraticCurveTo, 4 closePath). */
const DRAW_OP_ARGUMENTS = [2, 2, 6, 4, 0];

/** The segments a path buffer draws. */
export function pathSegmentCount(data: ArrayLike<number>): number {
  let segments = 0;
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    const skip = DRAW_OP_ARGUMENTS[op];
    if (skip === undefined) break; // an unknown code: the rest cannot be parsed (as the content reader does)
    if (op >= 1 && op <= 3) segments++;
    i += skip;
  }
  return segments;
}

/**
 * Throws `PdfTooComplexError` when the page draws more than `limits`. pdf.js keeps the parsed list for the
 * rendering that follows, so the page is not parsed twice.
 */
export async function checkPageComplexity(page: PdfPage, pageNumber: number, limits: PdfComplexityLimits, constructPath: number) {
  const { fnArray, argsArray } = await page.getOperatorList();
  if (fnArray.length > limits.maxOperators) throw new PdfTooComplexError(pageNumber, 'operators', limits.maxOperators);
  let segments = 0;
  for (let i = 0; i < fnArray.length; i++) {
    if (fnArray[i] !== constructPath) continue;
    const data = (argsArray[i] as [number, [ArrayLike<number> | null]] | null)?.[1]?.[0];
    if (data) segments += pathSegmentCount(data);
    if (segments > limits.maxPathSegments) throw new PdfTooComplexError(pageNumber, 'line segments', limits.maxPathSegments);
  }
}
