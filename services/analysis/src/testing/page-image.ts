import type { PageImage } from '../ingest/page-image';

/** A page of the given size as ingest gives it, unscaled and unturned (its pixels do not matter to the caller). */
export function pageImage(width: number, height: number): PageImage {
  return { gray: new Uint8Array(width * height), width, height, originalWidth: width, originalHeight: height, scale: 1, skewDegrees: 0 };
}
