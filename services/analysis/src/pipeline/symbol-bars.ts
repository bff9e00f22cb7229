/** Short strokes square to a pipe (a flange's, an orifice plate's, a butterfly valve's): symbol strokes, not pipes. */
import { boxHeight, boxWidth, type Component } from './components';
import { findRectangles } from './drawn-boxes';
import { segmentCenter, segmentLength, type Segment } from './lines';

/**
 * Short strokes square to a pipe, centred on it, that the pipe reaches or crosses: a flange's or an orifice
 * plate's bars, a butterfly valve's ends, long enough to be found as lines. They are symbol strokes, not pipes.
 * A drawn box's sides are its outline, kept as lines.
 */
export function symbolBars(segments: Segment[], unit: number): Set<Segment> {
  const solid = segments.filter((s) => !s.dashed);
  const bars = new Set(acrossPipes(solid, solid, unit));
  if (bars.size === 0) return bars;
  for (const edge of findRectangles(solid, unit).flatMap((r) => (r.cornerLines ? [] : r.edges))) bars.delete(edge);
  return bars;
}

/** Strokes no longer than 12 widths, square to a longer pipe that reaches or crosses their middle. */
function acrossPipes(strokes: Segment[], pipes: Segment[], unit: number): Segment[] {
  const reach = 2 * unit + 2;
  return strokes.filter((bar) => {
    if (segmentLength(bar) > 12 * unit) return false;
    const middleFrom = bar.start + 0.2 * segmentLength(bar);
    const middleTo = bar.end - 0.2 * segmentLength(bar);
    return pipes.some(
      (p) =>
        !p.dashed &&
        p.orientation !== bar.orientation &&
        segmentLength(p) > segmentLength(bar) &&
        segmentCenter(p) >= middleFrom &&
        segmentCenter(p) <= middleTo &&
        ((p.start < bar.lo - reach && p.end >= bar.lo - reach) || (p.end > bar.hi + reach && p.start <= bar.hi + reach)),
    );
  });
}

/**
 * Bars across pipes among the components left after line removal: thin straight strokes too short to be
 * found as lines (a butterfly valve's ends on a large sheet), as segments.
 */
export function barComponents(components: Component[], pipes: Segment[], unit: number): Segment[] {
  const thin = 1.5 * unit + 1;
  const strokes = components.flatMap((c): Segment[] => {
    const [w, h] = [boxWidth(c), boxHeight(c)];
    // Straight: the stroke fills most of its box.
    if (c.area < 0.6 * w * h) return [];
    // Long enough not to be a letter's stroke or a hatch's.
    const long = Math.max(5 * unit, 12);
    if (w <= thin && h >= long) return [{ orientation: 'vertical', start: c.y0, end: c.y1, lo: c.x0, hi: c.x1, dashed: false }];
    if (h <= thin && w >= long) return [{ orientation: 'horizontal', start: c.x0, end: c.x1, lo: c.y0, hi: c.y1, dashed: false }];
    return [];
  });
  return acrossPipes(strokes, pipes, unit);
}
