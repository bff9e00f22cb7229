import { MAX_IMAGE_PIXELS, PDF_RENDER_DPI, PDF_RENDER_MAX_SIDE_PX } from '@pid/contracts';
import { baseEnvSchema, jwtEnvSchema, storageEnvSchema } from '@pid/platform';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();

export const drawingEnvSchema = baseEnvSchema
  .extend(jwtEnvSchema.shape)
  .extend({
    /** Images (and PDF renditions) larger than this many pixels are refused: decompression bombs. */
    MAX_IMAGE_PIXELS: positiveInt.max(1_000_000_000).default(MAX_IMAGE_PIXELS),
    /**
     * PDF pages are rendered at this resolution, capped by PDF_RENDER_MAX_SIDE. The analysis must render
     * with the same two values, or element boxes will not line up with the image the viewer shows.
     */
    PDF_RENDER_DPI: positiveInt.min(36).max(600).default(PDF_RENDER_DPI),
    PDF_RENDER_MAX_SIDE: positiveInt.min(500).max(30_000).default(PDF_RENDER_MAX_SIDE_PX),
    /** A rendition that takes longer is abandoned (the request answers 422). */
    RENDER_TIMEOUT_MS: positiveInt.default(60_000),
    /** Renditions made at once by this process; rendering is CPU- and memory-heavy. */
    RENDER_CONCURRENCY: positiveInt.max(16).default(1),
    /** How long an export waits for the graph service's elements and connections. */
    GRAPH_EXPORT_TIMEOUT_MS: positiveInt.default(5_000),
  })
  .and(storageEnvSchema);
export type DrawingEnv = z.output<typeof drawingEnvSchema>;
