import { boxHeight, boxWidth, type Box, type InkImage } from './components';
import { indexAlong } from './lines';
import type { Shell } from './shells';
import { inkBox } from './trimmed-candidates';

/**
 * A head that reaches further beyond its shell than the shell is wide holds what hangs on a short stub beyond it
 * (a reducer under a pulsation dampener, a drain valve under a vessel): line removal left the head, the stub and
 * that symbol one blob. Going away from the shell, the stub is where the ink across is one stroke-thin run for
 * two strokes at least (a hollow head's two walls are two runs): the shell ends there, and the ink beyond, once
 * it is more than such a run again, is a candidate of its own (`beyond`).
 */
export function cutAtNecks(shell: Shell, ink: InkImage, unit: number): { box: Box; beyond: Box[] } {
  const horizontal = shell.sides.orientation === 'horizontal';
  const { box } = shell;
  const [alongLo, alongHi] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
  const [acrossLo, acrossHi] = horizontal ? [box.y0, box.y1] : [box.x0, box.x1];
  const width = acrossHi - acrossLo + 1;
  const at = indexAlong(ink.width, horizontal);
  const stroke = 2 * unit + 2;
  /** Whether the ink across the shell at `along` is one run of a stroke's width at most. */
  const stubAt = (along: number) => {
    let runs = 0;
    let widest = 0;
    let run = 0;
    for (let across = acrossLo; across <= acrossHi + 1; across++) {
      if (across <= acrossHi && ink.mask[at(along, across)]) {
        run++;
        continue;
      }
      if (run > 0) [runs, widest, run] = [runs + 1, Math.max(widest, run), 0];
    }
    return runs === 1 && widest <= stroke;
  };
  const region = (from: number, to: number): Box =>
    horizontal ? { x0: from, y0: acrossLo, x1: to, y1: acrossHi } : { x0: acrossLo, y0: from, x1: acrossHi, y1: to };
  const blank = (along: number) => inkBox(region(along, along), ink) === undefined;
  let [lo, hi] = [alongLo, alongHi];
  const beyond: Box[] = [];
  for (const step of [-1, 1] as const) {
    const sideEnd = step === 1 ? shell.sides.end : shell.sides.start;
    const headEnd = step === 1 ? alongHi : alongLo;
    if (step * (headEnd - sideEnd) <= width) continue;
    let neck: number | undefined;
    let resumes: number | undefined;
    let stubLength = 0;
    for (let along = sideEnd + step; along !== headEnd + step; along += step) {
      if (stubAt(along)) {
        stubLength++;
        if (stubLength >= Math.max(3, 2 * unit) && neck === undefined) neck = along - step * (stubLength - 1);
        continue;
      }
      if (neck !== undefined && !blank(along)) {
        resumes = along;
        break;
      }
      stubLength = 0;
    }
    if (neck === undefined || resumes === undefined) continue;
    const rest = inkBox(step === 1 ? region(resumes, headEnd) : region(headEnd, resumes), ink);
    if (!rest || Math.max(boxWidth(rest), boxHeight(rest)) < 4 * unit) continue;
    beyond.push(rest);
    if (step === 1) hi = neck - 1;
    else lo = neck + 1;
  }
  return { box: horizontal ? { ...box, x0: lo, x1: hi } : { ...box, y0: lo, y1: hi }, beyond };
}
