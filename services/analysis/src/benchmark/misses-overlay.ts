/**
 * The misses overlay (`bench:analysis --overlay-dir`, `<sheet>-misses.png`): the analysis overlay washed out, and
 * on it what the truth holds that the analysis missed, so that a person sees where the losses are.
 */
import sharp from 'sharp';
import { labelledBox, overlayPen } from '../cli/overlay';
import type { PixelBox } from './ground-truth';
import type { ConnectionOutcome, ConnectionStyle } from './score-connections';

export interface SheetMisses {
  /** Truth symbols that no prediction matched, with their class. */
  symbols: Array<{ box: PixelBox; label: string }>;
  /** Predicted symbols that match no truth symbol, with their class or description. */
  extra: Array<{ box: PixelBox; label: string }>;
  /** Truth connections not matched, between their ends' boxes. */
  connections: Array<{ from: PixelBox; to: PixelBox; outcome: Exclude<ConnectionOutcome, 'matched'>; style: ConnectionStyle }>;
}

/** Missed symbols red, extra ones amber; a connection traced wrong red, one whose end was not found violet. */
export const MISS_COLOURS = { missed: '#e11d48', extra: '#f59e0b', 'traced wrong': '#e11d48', 'end not found': '#7c3aed' } as const;

const centre = ([x0, y0, x1, y1]: PixelBox) => [(x0 + x1) / 2, (y0 + y1) / 2];

/** An SVG layer, sized like the truth's image, with the misses drawn. */
export function missesSvg(size: { width: number; height: number }, misses: SheetMisses): string {
  const pen = overlayPen(size);
  const { stroke } = pen;
  // A connection is a straight line between its ends' centres: it says which two symbols, not where the pipe runs.
  const lines = misses.connections.map(({ from, to, outcome, style }) => {
    const [[x1, y1], [x2, y2]] = [centre(from), centre(to)];
    const dash = style === 'dashed' ? ` stroke-dasharray="${stroke * 4} ${stroke * 3}"` : '';
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${MISS_COLOURS[outcome]}" stroke-width="${stroke * 2}" stroke-opacity="0.8"${dash}/>`;
  });
  const missed = misses.symbols.map(({ box, label }) => labelledBox(box, MISS_COLOURS.missed, label, pen));
  const extra = misses.extra.map(({ box, label }) => labelledBox(box, MISS_COLOURS.extra, label, pen, { dashed: true }));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${lines.join('')}${extra.join('')}${missed.join('')}</svg>`;
}

/** The analysis overlay (any size: it is brought to the truth's), washed out, with the misses drawn on it. */
export async function drawMisses(overlay: Buffer, size: { width: number; height: number }, misses: SheetMisses): Promise<Buffer> {
  const wash = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="100%" height="100%" fill="#ffffff" fill-opacity="0.6"/></svg>`,
  );
  return sharp(overlay, { limitInputPixels: false })
    .resize(size.width, size.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .composite([
      { input: wash, top: 0, left: 0 },
      { input: Buffer.from(missesSvg(size, misses)), top: 0, left: 0 },
    ])
    .png()
    .toBuffer();
}
