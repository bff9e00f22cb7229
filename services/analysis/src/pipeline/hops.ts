import { boxHeight, boxWidth, boxWithin, type Box, type Component } from './components';
import { longestSegment, pieceJoins, segmentBox, segmentCenter, type Segment } from './lines';

/** The share of the positions `from`..`to` along a line (centre `center` across it) that have ink within a pixel of it. */
export type InkAlong = (orientation: Segment['orientation'], center: number, from: number, to: number) => number;

/** `InkAlong` over a page's ink mask (1 = ink). */
export function inkAlongMask(mask: Uint8Array, width: number, height: number): InkAlong {
  return (orientation, center, from, to) => {
    const c = Math.round(center);
    let inked = 0;
    for (let along = from; along <= to; along++) {
      for (let d = -1; d <= 1; d++) {
        const [x, y] = orientation === 'horizontal' ? [along, c + d] : [c + d, along];
        if (x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x]) {
          inked++;
          break;
        }
      }
    }
    return to >= from ? inked / (to - from + 1) : 0;
  };
}

/**
 * Gap crossings: a pipe broken where another runs across it (the crossing drawn with a break instead of
 * a hop). The pipe goes on across the gap; the two pipes do not meet. Where it crosses several pipes close
 * together, the pieces between the breaks are too short to be found as lines: it goes on where the ink shows
 * them drawn (`inkAlong`), each break no longer than one gap.
 */
export function bridgeGaps(segments: Segment[], unit: number, inkAlong?: InkAlong): Segment[] {
  const maxGap = 8 * unit + 2;
  const maxSpan = inkAlong ? 5 * maxGap : maxGap;
  let current = segments;
  // The gaps bridged at one crossing, as boxes: a hop's arc drawn in straight pieces lies inside one.
  const gaps: Box[] = [];
  for (const orientation of ['horizontal', 'vertical'] as const) {
    const along = current.filter((s) => s.orientation === orientation).sort((a, b) => a.start - b.start);
    const across = current.filter((s) => s.orientation !== orientation);
    const { latest, join } = pieceJoins();
    for (const a of along) {
      for (const b of along) {
        // Sorted by start: past the largest span nothing further can continue `a`.
        if (b.start - a.end > maxSpan) break;
        if (b.start <= a.end || Math.abs(segmentCenter(a) - segmentCenter(b)) > unit) continue;
        const line = segmentCenter(a);
        const crossings = across
          .filter(
            (s) =>
              segmentCenter(s) > a.end &&
              segmentCenter(s) < b.start &&
              s.start < line - 2 * unit - (a.hi - a.lo) &&
              s.end > line + 2 * unit + (a.hi - a.lo),
          )
          .map(segmentCenter)
          .sort((x, y) => x - y);
        if (crossings.length === 0) continue;
        if (b.start - a.end > maxGap && !drawnBetweenBreaks(a, b, crossings, maxGap, inkAlong)) continue;
        join(a, b);
        if (crossings.length === 1) gaps.push(gapBox(a, b, unit));
      }
    }
    const kept = new Set(current.map(latest));
    current = [...kept];
  }
  // A hop's arc found as short straight pieces around the gap it jumps (coarse pixels, a squared arc) is no pipe: as
  // one, it would join the crossed pipe to the one that jumps it.
  return current.filter((s) => !gaps.some((gap) => boxWithin(segmentBox(s), gap, 0)));
}

/**
 * Where a hop's arc can stand around a pipe broken at one crossing: the gap between its pieces `a` and `b` (a stroke
 * more each way), as far either side of the pipe as half the gap is long, a stroke more.
 */
function gapBox(a: Segment, b: Segment, unit: number): Box {
  const line = segmentCenter(a);
  const reach = (b.start - a.end) / 2 + unit + 1;
  const [from, to] = [a.end - unit - 1, b.start + unit + 1];
  return a.orientation === 'horizontal'
    ? { x0: from, y0: line - reach, x1: to, y1: line + reach }
    : { x0: line - reach, y0: from, x1: line + reach, y1: to };
}

/**
 * Between two pieces of a line that stop at the first and last line it crosses: away from the breaks (half a gap
 * either side of each crossing), ink all along.
 */
function drawnBetweenBreaks(a: Segment, b: Segment, crossings: number[], maxGap: number, inkAlong?: InkAlong): boolean {
  // Each piece stops at a break: a piece ending short of the first crossing ends at something else (a valve).
  if (!inkAlong || crossings[0] - a.end > maxGap || b.start - crossings[crossings.length - 1] > maxGap) return false;
  const center = (segmentCenter(a) + segmentCenter(b)) / 2;
  const breaks = [a.end, ...crossings, b.start];
  let drawn = 0;
  let length = 0;
  for (let i = 0; i + 1 < breaks.length; i++) {
    // The first stretch starts at a's end and the last ends at b's start: those ends are breaks too.
    const from = Math.ceil(breaks[i] + maxGap / 2);
    const to = Math.floor(breaks[i + 1] - maxGap / 2);
    if (to < from) continue;
    drawn += inkAlong(a.orientation, center, from, to) * (to - from + 1);
    length += to - from + 1;
  }
  // Crossings so close together that the breaks take the whole span: each break no longer than a gap.
  if (length === 0) return b.start - a.end <= crossings.length * maxGap;
  return drawn >= 0.9 * length;
}

/**
 * Line hops: where a pipe jumps over another with a small arc, the pipe is broken by a gap the width of
 * the arc and the other pipe runs through that gap. The arc is not a symbol, and the pipe goes on across
 * the gap without meeting the pipe it jumps (a crossing, not a junction).
 */
export function bridgeHops(components: Component[], segments: Segment[], unit: number): { segments: Segment[]; hops: Set<Component> } {
  const tolerance = 2 * unit + 2;
  const hops = new Set<Component>();
  let current = segments;
  for (const c of components) {
    const w = boxWidth(c);
    const h = boxHeight(c);
    if (Math.max(w, h) > 12 * unit || Math.max(w, h) < 3 * unit) continue;
    for (const orientation of ['horizontal', 'vertical'] as const) {
      const horizontal = orientation === 'horizontal';
      const [from, to] = horizontal ? [c.x0, c.x1] : [c.y0, c.y1];
      const [lo, hi] = horizontal ? [c.y0, c.y1] : [c.x0, c.x1];
      const inBand = (s: Segment) =>
        s.orientation === orientation && segmentCenter(s) >= lo - tolerance && segmentCenter(s) <= hi + tolerance;
      // Of the pieces ending at the arc, the longest: a rotated scan's line comes with short pieces beside it.
      const before = longestSegment(current.filter((s) => inBand(s) && Math.abs(s.end - from) <= tolerance));
      const after = longestSegment(current.filter((s) => s !== before && inBand(s) && Math.abs(s.start - to) <= tolerance));
      if (!before || !after || Math.abs(segmentCenter(before) - segmentCenter(after)) > unit) continue;
      const middle = (from + to) / 2;
      // The jumped pipe runs through the middle of the gap and on beyond the arc (a valve's sides do not).
      const crossing = current.some(
        (s) =>
          s.orientation !== orientation &&
          Math.abs(segmentCenter(s) - middle) <= (to - from) / 4 &&
          s.start < lo - 2 * unit &&
          s.end > hi + 2 * unit,
      );
      // A jumped signal line may be too broken near the arc to be found; the arc itself tells: it bulges
      // to one side of the pipe only (valves and fittings on a pipe reach to both sides).
      const axis = (segmentCenter(before) + segmentCenter(after)) / 2;
      const half = (before.hi - before.lo) / 2 + 1;
      const bulge = Math.max(axis - lo, hi - axis);
      const oneSided = Math.min(axis - lo, hi - axis) <= half && bulge >= 0.3 * (to - from) && bulge <= 1.2 * (to - from);
      if (!crossing && !oneSided) continue;
      hops.add(c);
      const joined: Segment = { ...before, end: after.end, lo: Math.min(before.lo, after.lo), hi: Math.max(before.hi, after.hi) };
      current = [...current.filter((s) => s !== before && s !== after), joined];
      break;
    }
  }
  return { segments: current, hops };
}
