import { boxesTouch, type Box, type InkImage } from './components';
import { segmentBox, segmentCenter, segmentLength, type Segment } from './lines';
import { findNozzles, type Nozzle } from './nozzles';

/** The shortest line read as part of a piece of equipment, in strokes. */
const MIN_LENGTH = 8;

/** A nozzle found on a line drawn as part of a piece of equipment, and that line. */
export interface LineNozzle<T extends Box> extends Nozzle<T> {
  line: Segment;
}

/**
 * Nozzles on lines drawn as part of a piece of equipment: a single line leaving the equipment's wall square to it
 * (through no nozzle of its own) and ending free (no line, symbol or text there), no symbol on it, every line
 * branching off it a flanged nozzle (a column's chamber, a vessel's boot or a header drawn as one stroke: DEXPI
 * C02V03's `Chamber` with its nozzles `P3` and `P4`). A pipe ends at something (a symbol, a text, another line), or
 * has lines branching off that are no nozzles. The nozzles belong to the equipment the line leaves; a line whose
 * nozzle is kept is no pipe.
 */
export function nozzlesOnEquipmentLines<T extends Box>(
  ink: InkImage,
  lines: Segment[],
  equipment: T[],
  symbols: Box[],
  texts: Box[],
  unit: number,
): Array<LineNozzle<T>> {
  const near = 2 * unit;
  const solid = lines.filter((line) => !line.dashed);
  const nozzles: Array<LineNozzle<T>> = [];
  for (const line of solid) {
    if (segmentLength(line) < MIN_LENGTH * unit) continue;
    const [owner, free] = equipment.map((box) => [box, freeEndFrom(line, box, near)] as const).find(([, end]) => end) ?? [];
    if (!owner || !free) continue;
    const box = segmentBox(line);
    const atFreeEnd = (other: Box) => boxesTouch(other, free, near);
    if (lines.some((other) => other !== line && atFreeEnd(segmentBox(other))) || texts.some(atFreeEnd)) continue;
    if (symbols.some((symbol) => symbol !== owner && boxesTouch(symbol, box, near))) continue;
    const branches = solid.filter((other) => branchesOff(other, line, near));
    if (branches.length === 0) continue;
    // A pipe leaving the equipment through a nozzle of its own is a pipe.
    if (findNozzles(ink, [line], [owner], unit).length > 0) continue;
    // Short against the equipment the line belongs to, not against the line's own width.
    const extent = (_: Box, horizontal: boolean) => (horizontal ? owner.x1 - owner.x0 : owner.y1 - owner.y0);
    // Only nozzles on its branches (a pipe crossing it with a flange near is none).
    const found = findNozzles(ink, solid, [box], unit, extent).filter(({ box: nozzle }) =>
      branches.some((branch) => through(branch, nozzle)),
    );
    if (!branches.every((branch) => found.some(({ box: nozzle }) => through(branch, nozzle)))) continue;
    nozzles.push(...found.map((nozzle) => ({ ...nozzle, equipment: owner, line })));
  }
  return nozzles;
}

/**
 * Where `line` leaves `box`, one end at a side it stands square to (well between its corners) and running away from
 * it: its other end, as a one-pixel box on its centre line.
 */
function freeEndFrom(line: Segment, box: Box, near: number): Box | undefined {
  const horizontal = line.orientation === 'horizontal';
  const [lo, hi] = horizontal ? [box.y0, box.y1] : [box.x0, box.x1];
  const [first, last] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
  const centre = Math.round(segmentCenter(line));
  if (centre < lo + near || centre > hi - near) return undefined;
  const endsAtFirst = Math.abs(line.end - first) <= near && line.start < first - near;
  const startsAtLast = Math.abs(line.start - last) <= near && line.end > last + near;
  if (!endsAtFirst && !startsAtLast) return undefined;
  const along = endsAtFirst ? line.start : line.end;
  return horizontal ? { x0: along, y0: centre, x1: along, y1: centre } : { x0: centre, y0: along, x1: centre, y1: along };
}

/** Whether `other` stands square on `line`, one end at its side (a branch, not a line crossing it). */
function branchesOff(other: Segment, line: Segment, near: number): boolean {
  if (other.orientation === line.orientation) return false;
  const centre = segmentCenter(other);
  if (centre < line.start || centre > line.end) return false;
  const [lo, hi] = [line.lo - near, line.hi + near];
  return (other.end >= lo && other.end <= hi) || (other.start >= lo && other.start <= hi);
}

/** Whether `branch`'s centre line runs through the nozzle's box. */
function through(branch: Segment, nozzle: Box): boolean {
  const centre = segmentCenter(branch);
  return branch.orientation === 'vertical' ? centre >= nozzle.x0 && centre <= nozzle.x1 : centre >= nozzle.y0 && centre <= nozzle.y1;
}
