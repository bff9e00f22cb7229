/** A detection's box drawn in to the symbol's own ink. */
import { boxesTouch, containsPoint, type Box, type InkImage } from '../pipeline/components';
import { segmentBox, type Segment } from '../pipeline/lines';

/** Ink this close across a line's band is the line's: a scanned stroke's blurred edge. */
const BAND_MARGIN = 1;

/** A line running on this far past a side of the box passes through it; shorter, it is the symbol's own outline. */
const THROUGH = 3;

/**
 * The detection with each side of its box moved in to the first row or column holding ink that is no line's: the
 * detector regresses a box's size at every fourth pixel of a reduced page, so on heavy or blurred strokes its small
 * fittings come out a few pixels too large on each side, and a flange 7 px thick boxed 13 px thick no longer matches.
 * Pipes running through the box or into it (found lines, dashed or not, going on past it) do not hold a side across
 * them out; a side along one stops at it, and its outline's sides found as lines hold it. A box left under a quarter
 * of its area, or a stroke thin, is kept as detected.
 */
export function fittedToInk<T extends Box>(symbol: T, ink: InkImage, lines: readonly Segment[], unit: number): T {
  const through = (orientation: Segment['orientation']) =>
    lines
      .filter((line) => line.orientation === orientation && passes(line, symbol))
      .map(bandOf)
      .filter((band) => boxesTouch(band, symbol, 0));
  // (An orifice plate's bar found as a line with its tap is the plate's own edge: a side along a line stops at it.)
  const [acrossRows, acrossColumns] = [through('vertical'), through('horizontal')];
  const own = (x: number, y: number, bands: Box[]) => ink.mask[y * ink.width + x] !== 0 && !bands.some((band) => containsPoint(band, x, y));
  const rowHasInk = (y: number, x0: number, x1: number) => {
    for (let x = x0; x <= x1; x++) if (own(x, y, acrossRows)) return true;
    return false;
  };
  const columnHasInk = (x: number, y0: number, y1: number) => {
    for (let y = y0; y <= y1; y++) if (own(x, y, acrossColumns)) return true;
    return false;
  };
  // At most a stroke's width or two from each side: more is a lead the symbol draws along its pipe, which is its own.
  const most = Math.max(2, Math.ceil(unit));
  let { x0, y0, x1, y1 } = symbol;
  while (y0 < Math.min(y1, symbol.y0 + most) && !rowHasInk(y0, x0, x1)) y0++;
  while (y1 > Math.max(y0, symbol.y1 - most) && !rowHasInk(y1, x0, x1)) y1--;
  while (x0 < Math.min(x1, symbol.x0 + most) && !columnHasInk(x0, y0, y1)) x0++;
  while (x1 > Math.max(x0, symbol.x1 - most) && !columnHasInk(x1, y0, y1)) x1--;
  const area = (box: Box) => (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
  const fitted = { x0, y0, x1, y1 };
  if (x1 - x0 < 2 || y1 - y0 < 2 || area(fitted) < 0.25 * area(symbol)) return symbol;
  return { ...symbol, ...fitted };
}

/** The pixels a line covers, widened across it by `BAND_MARGIN`. */
const bandOf = (line: Segment): Box => {
  const box = segmentBox(line);
  return line.orientation === 'horizontal'
    ? { ...box, y0: box.y0 - BAND_MARGIN, y1: box.y1 + BAND_MARGIN }
    : { ...box, x0: box.x0 - BAND_MARGIN, x1: box.x1 + BAND_MARGIN };
};

const passes = (line: Segment, box: Box) =>
  line.orientation === 'horizontal'
    ? line.start <= box.x0 - THROUGH || line.end >= box.x1 + THROUGH
    : line.start <= box.y0 - THROUGH || line.end >= box.y1 + THROUGH;
