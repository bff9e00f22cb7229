import sharp from 'sharp';
import type { RenderedPage } from '@pid/platform';

/**
 * A raster the browser may not show (TIFF) as a PNG of its first page, turned as its EXIF orientation
 * says: the same pixels and size as the image the analysis reads.
 */
export async function renderRasterAsPng(bytes: Buffer, maxPixels: number): Promise<RenderedPage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
    .autoOrient()
    .png({ compressionLevel: 6 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}
