import type { AnalysisConnection, AnalysisElement, ElementType, ImageSize } from '@pid/contracts';
import sharp from 'sharp';

export const CLASS_COLOURS: Record<ElementType, string> = {
  equipment: '#1d4ed8',
  valve: '#dc2626',
  instrument: '#16a34a',
  fitting: '#9333ea',
  pipe: '#0891b2',
  text: '#a16207',
  off_page_connector: '#db2777',
  node: '#475569',
};
const CONNECTION_COLOUR = '#f97316';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The line width and label size of an overlay, grown with the drawing so that both stay visible. */
export function overlayPen(imageSize: ImageSize): { stroke: number; fontSize: number } {
  const stroke = Math.max(2, Math.round(Math.max(imageSize.width, imageSize.height) / 800));
  return { stroke, fontSize: Math.max(10, stroke * 5) };
}

/** A box outlined in `colour` with its label above it: tinted inside (`filled`), or dashed. */
export function labelledBox(
  [x0, y0, x1, y1]: [number, number, number, number],
  colour: string,
  label: string,
  { stroke, fontSize }: { stroke: number; fontSize: number },
  style: { filled?: boolean; dashed?: boolean } = {},
): string {
  const fill = style.filled ? `fill="${colour}" fill-opacity="0.08"` : 'fill="none"';
  const dash = style.dashed ? ` stroke-dasharray="${stroke * 3} ${stroke * 2}"` : '';
  return (
    `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" stroke="${colour}" stroke-width="${stroke}" ${fill}${dash}/>` +
    `<text x="${x0}" y="${Math.max(fontSize, y0 - stroke)}" font-family="sans-serif" font-size="${fontSize}" fill="${colour}">${escapeXml(label)}</text>`
  );
}

/** An SVG layer with boxes, classes and connection paths, sized like the drawing. */
export function overlaySvg(imageSize: ImageSize, elements: AnalysisElement[], connections: AnalysisConnection[]): string {
  const pen = overlayPen(imageSize);
  const { stroke } = pen;
  const paths = connections.map((connection) => {
    const points = connection.metadata.path_data?.path ?? [];
    const d = points.map((segment) => `M ${segment.start[0]} ${segment.start[1]} L ${segment.end[0]} ${segment.end[1]}`).join(' ');
    return `<path d="${d}" stroke="${CONNECTION_COLOUR}" stroke-width="${stroke * 2}" stroke-opacity="0.7" fill="none" stroke-linecap="round"/>`;
  });
  const boxes = elements.map((element) => {
    const { x, y, width, height } = element.boundingBox;
    const label = `${element.elementType}${element.name ? ` ${element.name}` : ''} ${element.metadata.confidence.toFixed(2)}`;
    return labelledBox([x, y, x + width, y + height], CLASS_COLOURS[element.elementType], label, pen, { filled: true });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${imageSize.width}" height="${imageSize.height}">${paths.join('')}${boxes.join('')}</svg>`;
}

/** The drawing (PNG of the page, in the result's pixel space) with the overlay drawn on top. */
export async function drawOverlay(
  background: Buffer,
  imageSize: ImageSize,
  elements: AnalysisElement[],
  connections: AnalysisConnection[],
): Promise<Buffer> {
  const svg = Buffer.from(overlaySvg(imageSize, elements, connections));
  return sharp(background, { limitInputPixels: false })
    .autoOrient()
    .resize(imageSize.width, imageSize.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .composite([{ input: svg, top: 0, left: 0 }])
    .png()
    .toBuffer();
}
