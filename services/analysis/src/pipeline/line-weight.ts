/** A solid stroke as the pen measure sees it: its length along and its thickness across, in pixels. */
export interface StrokeSize {
  length: number;
  thickness: number;
}

/**
 * The share of long-line length drawn at most as thick as the pen measured: the heavy pen, not the odd bar. A
 * sheet's process lines may be a small part of its long lines beside its signal lines and tables (held-out corpus:
 * 0.9 left 5 % to 10 % heavy lines unfound on 3 sheets in 24).
 */
const HEAVY_SHARE = 0.95;
/** Room over the pen for a scan's uneven edges and for bleed. */
const PEN_ROOM = 1.25;

/**
 * How thick a line may be on this page: `defaultCap`, unless `HEAVY_SHARE` of its long lines' length is only found
 * under a thicker cap; then that thickness, with room for uneven edges. `defaultCap` too when the page has too
 * few long lines to say. Long lines are solid strokes at least `6 × minLength` long and 15 times longer than thick
 * (pipes and the frame; a filled area is not that slender).
 */
export function heavyPenThickness(solidStrokes: StrokeSize[], minLength: number, defaultCap: number): number {
  const lines = solidStrokes
    .filter(({ length, thickness }) => length >= 6 * minLength && length >= 15 * thickness)
    .sort((a, b) => a.thickness - b.thickness);
  if (lines.length < 3) return defaultCap;
  const total = lines.reduce((sum, line) => sum + line.length, 0);
  let covered = 0;
  for (const line of lines) {
    covered += line.length;
    if (covered < HEAVY_SHARE * total) continue;
    // Lines the default already takes keep it: a thicker frame or bar let in beside them would be read as a table.
    return line.thickness <= defaultCap ? defaultCap : Math.ceil(PEN_ROOM * line.thickness) + 1;
  }
  return defaultCap;
}

/**
 * The pen most of a page's pipe length is drawn with: the thickness holding the most length of its solid lines at
 * least `minLength` long (its process lines, as a rule; signal lines are drawn thinner, and shorter in all).
 */
export function pipePen(solidStrokes: StrokeSize[], minLength: number): number | undefined {
  const byThickness = new Map<number, number>();
  for (const { length, thickness } of solidStrokes)
    if (length >= minLength) byThickness.set(thickness, (byThickness.get(thickness) ?? 0) + length);
  let [pen, most] = [undefined as number | undefined, 0];
  for (const [thickness, length] of byThickness) if (length > most) [pen, most] = [thickness, length];
  return pen;
}

/** How much thinner than the pipe pen a line is drawn, at most, to be a signal line (ISA draws them fine, pipes bold). */
const SIGNAL_SHARE = 0.7;

/**
 * Whether a solid line is drawn with a finer pen than the page's pipes (`pipePen`): two pixels thinner and 0.7 of it
 * at most (a scan's uneven edges move a line's measure by a pixel). On a page drawn with one pen, no line is.
 */
export function finerThanPipes(thickness: number, pen: number | undefined): boolean {
  return pen !== undefined && thickness <= pen - 2 && thickness <= SIGNAL_SHARE * pen;
}
