/**
 * A signal line's ISA marks taken for junction dots: on a blurred scan at low resolution the two slashes of a
 * pneumatic signal ("//") run together into a filled blob on the line, round enough for a dot. Marks repeat along
 * their line at one pitch, where no other line meets it; a junction dot stands where another line does.
 */
import { containsPoint, type Box } from './components';
import { segmentBox, segmentCenter, type Segment } from './lines';

/** How far off the marks' pitch a dot may stand and be one of them, as a share of the pitch: marks are drawn evenly. */
const PITCH_SLACK = 0.1;

/** Bare dots (on one line, no other meeting it there) on one line, that many at least, make the line a marked one. */
const MARKS_FOR_PITCH = 2;

/**
 * The dots less the marks: on a line with `MARKS_FOR_PITCH` bare dots or more, the bare dots and any dot on their
 * pitch (a mark drawn where the line crosses another) are its marks, no junctions.
 */
export function withoutMarkDots(dots: Box[], segments: Segment[], unit: number): Box[] {
  // Each dot with the lines under it.
  const placed = dots.map((dot) => {
    const [x, y] = [(dot.x0 + dot.x1) / 2, (dot.y0 + dot.y1) / 2];
    const reach = Math.max(dot.x1 - dot.x0, dot.y1 - dot.y0) / 2 + unit;
    return { dot, lines: segments.filter((s) => containsPoint(segmentBox(s), x, y, reach)) };
  });
  const marks = new Set<Box>();
  for (const orientation of ['horizontal', 'vertical'] as const) {
    const alongOf = (dot: Box) => (orientation === 'horizontal' ? (dot.x0 + dot.x1) / 2 : (dot.y0 + dot.y1) / 2);
    const onLine = placed
      .filter((p) => p.lines.some((s) => s.orientation === orientation))
      .map((p) => ({ ...p, along: alongOf(p.dot), across: segmentCenter(p.lines.find((s) => s.orientation === orientation)!) }));
    const bare = onLine.filter((p) => p.lines.every((s) => s.orientation === orientation));
    for (const first of bare) {
      const line = bare.filter((p) => Math.abs(p.across - first.across) <= unit).sort((a, b) => a.along - b.along);
      if (line.length < MARKS_FOR_PITCH || line[0] !== first) continue;
      const pitch = Math.min(...line.slice(1).map((p, i) => p.along - line[i].along));
      if (pitch < 2 * unit) continue;
      const onPitch = (along: number) => {
        const steps = (along - first.along) / pitch;
        return Math.abs(steps - Math.round(steps)) * pitch <= Math.max(2, PITCH_SLACK * pitch);
      };
      for (const p of onLine) if (Math.abs(p.across - first.across) <= unit && onPitch(p.along)) marks.add(p.dot);
    }
  }
  return dots.filter((dot) => !marks.has(dot));
}
