/**
 * A signal line's dash taken for a symbol: where a dashed line crosses a pipe, the dash lying across the pipe looks
 * like an orifice plate's or a flange's bar, and a pipe drawn broken there ends at it from both sides. The line is
 * found up to the dash and on from it, not through it.
 */
import { boxHeight, boxWidth } from '../pipeline/components';
import { segmentCenter, type Segment } from '../pipeline/lines';
import type { DetectedSymbol } from '../pipeline/symbols';

interface Bar {
  symbol: DetectedSymbol;
  horizontal: boolean;
  from: number;
  to: number;
  middle: number;
  thick: number;
}

/** A valve or fitting boxed as a bar: at most three strokes thick and twice as long. */
function asBar(symbol: DetectedSymbol, unit: number): Bar | undefined {
  if (symbol.elementType !== 'valve' && symbol.elementType !== 'fitting') return undefined;
  const [width, height] = [boxWidth(symbol), boxHeight(symbol)];
  const horizontal = width >= height;
  const [thick, long] = horizontal ? [height, width] : [width, height];
  if (thick > 3 * unit || long < 2 * thick) return undefined;
  return horizontal
    ? { symbol, horizontal, from: symbol.x0, to: symbol.x1, middle: (symbol.y0 + symbol.y1) / 2, thick }
    : { symbol, horizontal, from: symbol.y0, to: symbol.y1, middle: (symbol.x0 + symbol.x1) / 2, thick };
}

/**
 * The symbols without those that are a dashed line's dashes: bars along a dashed line that comes up to them from
 * both ends, each within a dash's length (the bar's own) of it, or through other such bars. A symbol a dashed line
 * ends at (an orifice plate's tap) has it on one side only.
 */
export function withoutSignalDashes(symbols: DetectedSymbol[], segments: readonly Segment[], unit: number): DetectedSymbol[] {
  const bars = symbols.map((symbol) => asBar(symbol, unit)).filter((bar): bar is Bar => bar !== undefined);
  const dashed = segments.filter((s) => s.dashed);
  const collinear = (bar: Bar, orientation: Segment['orientation'], center: number) =>
    orientation === (bar.horizontal ? 'horizontal' : 'vertical') && Math.abs(center - bar.middle) <= bar.thick / 2 + unit;
  // Whether the line comes up to the bar on one side (-1 before it, +1 after), through other bars at most `hops`.
  const reached = (bar: Bar, side: -1 | 1, hops: number): boolean => {
    const gap = bar.to - bar.from + 1;
    const edge = side < 0 ? bar.from : bar.to;
    const near = (start: number, end: number) => (side < 0 ? end < bar.to && end >= edge - gap : start > bar.from && start <= edge + gap);
    if (dashed.some((s) => collinear(bar, s.orientation, segmentCenter(s)) && near(s.start, s.end))) return true;
    return (
      hops > 0 &&
      bars.some(
        (other) =>
          other !== bar &&
          collinear(bar, other.horizontal ? 'horizontal' : 'vertical', other.middle) &&
          near(other.from, other.to) &&
          reached(other, side, hops - 1),
      )
    );
  };
  // A dashed line found running on past both ends of the bar (farther than a stroke's reach): the bar lies on it.
  const through = (bar: Bar) =>
    dashed.some((s) => collinear(bar, s.orientation, segmentCenter(s)) && s.start < bar.from - 2 * unit && s.end > bar.to + 2 * unit);
  const dashes = new Set(bars.filter((bar) => through(bar) || (reached(bar, -1, 2) && reached(bar, 1, 2))).map((bar) => bar.symbol));
  return symbols.filter((symbol) => !dashes.has(symbol));
}
