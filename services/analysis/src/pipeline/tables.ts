import { containsPoint, type Box } from './components';
import { segmentCenter, segmentLength, type Segment } from './lines';
import type { TextLine } from './text-lines';

/**
 * Title blocks, revision tables and notes tables: at least three solid rows of the same width closed by
 * verticals at both ends, with text in most of the rows. A column's trays stack the same way but hold no
 * text, so they stay a column.
 */
export function findTables(segments: Segment[], textLines: TextLine[], unit: number): Box[] {
  const tolerance = 3 * unit + 3;
  // Tables are wide; a small square split in rows (a shared-display instrument) is not one.
  const rows = segments
    .filter((s) => s.orientation === 'horizontal' && !s.dashed && segmentLength(s) >= 60 * unit)
    .sort((a, b) => segmentCenter(a) - segmentCenter(b));
  const verticals = segments.filter((s) => s.orientation === 'vertical' && !s.dashed);
  const used = new Set<Segment>();
  const tables: Box[] = [];
  for (const first of rows) {
    if (used.has(first)) continue;
    const stack = rows.filter(
      (row) => !used.has(row) && Math.abs(row.start - first.start) <= tolerance && Math.abs(row.end - first.end) <= tolerance,
    );
    if (stack.length < 3) continue;
    const top = segmentCenter(stack[0]);
    const bottom = segmentCenter(stack[stack.length - 1]);
    const closedAt = (x: number) =>
      verticals.some((v) => Math.abs(segmentCenter(v) - x) <= tolerance && v.start <= top + tolerance && v.end >= bottom - tolerance);
    if (!closedAt(first.start) || !closedAt(first.end)) continue;
    let withText = 0;
    for (let i = 0; i + 1 < stack.length; i++) {
      const band = { x0: first.start, y0: segmentCenter(stack[i]), x1: first.end, y1: segmentCenter(stack[i + 1]) };
      if (textLines.some((line) => containsPoint(band, (line.x0 + line.x1) / 2, (line.y0 + line.y1) / 2))) withText++;
    }
    if (withText < 0.5 * (stack.length - 1)) continue;
    stack.forEach((row) => used.add(row));
    tables.push({ x0: first.start - unit, y0: top - unit, x1: first.end + unit, y1: bottom + unit });
  }
  return tables;
}

/** Whether a box lies (mostly, by its centre) inside one of the regions. */
export const insideAny = (regions: Box[], box: Box) =>
  regions.some((region) => containsPoint(region, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2));
