import { MAX_IMAGE_PIXELS, PDF_RENDER_DPI, PDF_RENDER_MAX_SIDE_PX } from '@pid/contracts';

/** The drawing service's PDF rendering settings, so that the analysis sees the pixel grid the viewer shows. */
export const PDF_PAGE_OPTIONS = { dpi: PDF_RENDER_DPI, maxSide: PDF_RENDER_MAX_SIDE_PX, maxPixels: MAX_IMAGE_PIXELS, timeoutMs: 120_000 };

/** Pages larger than this are analysed downscaled (memory stays bounded); results are mapped back. */
export const MAX_PROCESSING_PIXELS = 40_000_000;
