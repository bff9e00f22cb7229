import { containsPoint, type Box } from './components';
import { segmentCenter, segmentLength, type Segment } from './lines';
import type { TextLine } from './text-lines';

/** A gap between rows this many times the stack's median row height is no row: the drawing lies between. */
const ROW_GAP_LIMIT = 4;

/**
 * Title blocks, revision tables and notes tables: at least three solid rows of the same width closed by
 * verticals at both ends, with text in most of the rows. A column's trays stack the same way but hold no
 * text, so they stay a column. The sheet frame's top edge lines up with a title block as wide as the frame,
 * so a stack is cut where rows stand far apart (the whole drawing is no row of its title block).
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
    const aligned = rows.filter(
      (row) => !used.has(row) && Math.abs(row.start - first.start) <= tolerance && Math.abs(row.end - first.end) <= tolerance,
    );
    for (const stack of closeRuns(aligned)) {
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
  }
  return tables;
}

/** Rows (sorted top to bottom) in runs, cut where two stand over `ROW_GAP_LIMIT` median row heights apart. */
function closeRuns(rows: Segment[]): Segment[][] {
  const gaps = rows.slice(1).map((row, i) => segmentCenter(row) - segmentCenter(rows[i]));
  if (gaps.length === 0) return [rows];
  const median = [...gaps].sort((a, b) => a - b)[Math.floor((gaps.length - 1) / 2)];
  const runs: Segment[][] = [[rows[0]]];
  gaps.forEach((gap, i) => {
    if (gap > ROW_GAP_LIMIT * median) runs.push([]);
    runs[runs.length - 1].push(rows[i + 1]);
  });
  return runs;
}

/** Whether a box lies (mostly, by its centre) inside one of the regions. */
export const insideAny = (regions: Box[], box: Box) =>
  regions.some((region) => containsPoint(region, (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2));
