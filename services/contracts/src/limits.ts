/** Business constants of spec §9 that the server enforces too. */
export const MAX_UPLOAD_BYTES = 10_485_760;
/**
 * Room for the multipart framing and the name field on top of the file. A request that declares more
 * than MAX_UPLOAD_BYTES + this is refused before a byte of it is read (by the gateway, and by drawing).
 */
export const UPLOAD_MULTIPART_ALLOWANCE_BYTES = 64 * 1024;
export const MIN_PASSWORD_LENGTH_REGISTER = 6;
export const MIN_PASSWORD_LENGTH_RESET = 8;
export const UPLOAD_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'tiff', 'tif'] as const;

/**
 * How a PDF page becomes an image, the same for the drawing service's renditions and the analysis, so
 * that element boxes line up with the picture the viewer shows: PDF_RENDER_DPI (scale dpi / 72), then
 * scaled down so that the long side is at most PDF_RENDER_MAX_SIDE_PX and the area at most MAX_IMAGE_PIXELS.
 */
export const PDF_RENDER_DPI = 200;
export const PDF_RENDER_MAX_SIDE_PX = 10_000;
/** Decoded images larger than this are refused, so that a small file cannot unpack into gigabytes. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/**
 * A PDF page drawing more than this is refused before it is drawn: a 10 MB file of random strokes would keep
 * a renderer busy for many minutes. Dense CAD sheets (SHX text as strokes) draw under 100,000 segments.
 */
export const MAX_PDF_PATH_SEGMENTS = 500_000;
/** Likewise for the page's drawing operators (pdf.js's operator list, forms included). */
export const MAX_PDF_OPERATORS = 1_000_000;
/**
 * Pages of a PDF drawing. Far more sheets than any P&ID set; a 10 MB PDF that claims more (a page
 * tree's count is only a number) would have every page-by-page consumer loop on nothing.
 */
export const MAX_DRAWING_PAGES = 1000;
