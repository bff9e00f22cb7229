import { boxHeight, boxWidth, type Component } from './components';
import { segmentCenter, type Segment } from './lines';

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
      const before = current.find((s) => inBand(s) && Math.abs(s.end - from) <= tolerance);
      const after = current.find((s) => s !== before && inBand(s) && Math.abs(s.start - to) <= tolerance);
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
      if (!crossing) continue;
      hops.add(c);
      const joined: Segment = { ...before, end: after.end, lo: Math.min(before.lo, after.lo), hi: Math.max(before.hi, after.hi) };
      current = [...current.filter((s) => s !== before && s !== after), joined];
      break;
    }
  }
  return { segments: current, hops };
}
