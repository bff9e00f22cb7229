import type { Box, InkImage } from './components';
import { indexAlong, segmentLength, type Segment } from './lines';
import { acrossProfile, barsAcross, pipeCentre } from './pipe-profile';

/** The description a nozzle is given as a symbol (a fitting), by which later steps know it. */
export const NOZZLE = 'nozzle';

export interface Nozzle<T extends Box> {
  box: Box;
  /** The piece of equipment it is on. */
  equipment: T;
}

/** Whether the pipe's centre line is ink all the way from `from` to `to`. */
function centreInked(ink: InkImage, pipe: Segment, from: number, to: number): boolean {
  const at = indexAlong(ink.width, pipe.orientation === 'horizontal');
  const centre = pipeCentre(pipe);
  for (let along = from; along <= to; along++) if (!ink.mask[at(along, centre)]) return false;
  return true;
}

/** How far from an equipment's side a nozzle's flange may stand, in strokes. */
const REACH = 16;
/** The longest nozzle, as a share of its equipment's extent along it. */
const SHORT = 0.25;

/**
 * Nozzles: where a pipe leaves a piece of equipment through a flange (a column's `N1` on its dome), the stub from
 * the equipment's side to the flange's bar, as wide as the bar. A pipe that reaches a side of an equipment's box
 * (within two strokes) and runs on away from it, with a bar across it (`barsAcross`, reaching a stroke past it)
 * within 16 strokes of the side, and a quarter of the equipment's extent along the pipe; a second bar right after
 * the first (a flange pair) is the nozzle's too.
 */
export function findNozzles<T extends Box>(ink: InkImage, pipes: Segment[], equipment: T[], unit: number): Array<Nozzle<T>> {
  const nozzles: Array<Nozzle<T>> = [];
  const near = 2 * unit;
  for (const pipe of pipes) {
    if (pipe.dashed || segmentLength(pipe) < 2 * unit) continue;
    const horizontal = pipe.orientation === 'horizontal';
    const centre = pipeCentre(pipe);
    const limit = (horizontal ? ink.width : ink.height) - 1;
    for (const box of equipment) {
      const [lo, hi] = horizontal ? [box.y0, box.y1] : [box.x0, box.x1];
      if (centre < lo + near || centre > hi - near) continue;
      const [first, last] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
      // The side the pipe leaves by, and which way along the pipe is away from the equipment.
      const leaves = [
        { side: last, outward: 1, reaches: pipe.start <= last + near && pipe.end > last + near },
        { side: first, outward: -1, reaches: pipe.end >= first - near && pipe.start < first - near },
      ].find((way) => way.reaches);
      if (!leaves) continue;
      const { side, outward } = leaves;
      // The equipment's own outline at its side (a dome's flat top) is no flange.
      const [from, to] =
        outward > 0 ? [side + near, Math.min(limit, side + REACH * unit)] : [Math.max(0, side - REACH * unit), side - near];
      const profile = acrossProfile(ink, pipe, from, to);
      const bars = barsAcross(profile, from, pipe, unit, unit);
      if (bars.length === 0) continue;
      const ordered = outward > 0 ? bars : [...bars].reverse();
      const [bar, next] = ordered;
      const length = bar.up + bar.down + 1;
      const gap = next ? (outward > 0 ? next.from - bar.to - 1 : bar.from - next.to - 1) : Infinity;
      const flange = next && gap <= 0.5 * length ? [bar, next] : [bar];
      const up = Math.max(centre - pipe.lo, ...flange.map((b) => b.up));
      const down = Math.max(pipe.hi - centre, ...flange.map((b) => b.down));
      const ends = flange.flatMap((b) => [b.from, b.to]);
      const [along0, along1] = outward > 0 ? [side, Math.max(...ends)] : [Math.min(...ends), side];
      // Short against its equipment: a pump's outlet drawn as a stub is no nozzle.
      if (along1 - along0 > SHORT * (last - first)) continue;
      // A stub ending at its bar (an open nozzle) has a bar short against it: a vessel's leg ends at a foot as long.
      const [past0, past1] = outward > 0 ? [along1 + 1, along1 + 2 * unit] : [along0 - 2 * unit, along0 - 1];
      const runsOn = past0 >= 0 && past1 <= limit && centreInked(ink, pipe, past0, past1);
      if (!runsOn && up + down + 1 > 0.75 * (along1 - along0 + 1)) continue;
      nozzles.push({
        box: horizontal
          ? { x0: along0, y0: centre - up, x1: along1, y1: centre + down }
          : { x0: centre - up, y0: along0, x1: centre + down, y1: along1 },
        equipment: box,
      });
    }
  }
  return nozzles;
}
