import { boxHeight, boxWidth, type Box, type InkImage } from './components';
import { indexAlong } from './lines';
import type { Shell } from './shells';
import { inkBox } from './trimmed-candidates';

/**
 * A head that reaches further beyond its shell than the shell is wide holds what hangs on a short stub beyond it
 * (a reducer under a pulsation dampener, a drain valve under a vessel): line removal left the head, the stub and
 * that symbol one blob. Going away from the shell, where the head's ink first narrows to one stroke is the stub:
 * the shell ends there, and the ink beyond, once it widens again, is a candidate of its own (`beyond`).
 */
export function cutAtNecks(shell: Shell, ink: InkImage, unit: number): { box: Box; beyond: Box[] } {
  const horizontal = shell.sides.orientation === 'horizontal';
  const { box } = shell;
  const [alongLo, alongHi] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
  const [acrossLo, acrossHi] = horizontal ? [box.y0, box.y1] : [box.x0, box.x1];
  const width = acrossHi - acrossLo + 1;
  const at = indexAlong(ink.width, horizontal);
  const inkAcross = (along: number) => {
    let count = 0;
    for (let across = acrossLo; across <= acrossHi; across++) count += ink.mask[at(along, across)];
    return count;
  };
  const stroke = 2 * unit + 2;
  const region = (from: number, to: number): Box =>
    horizontal ? { x0: from, y0: acrossLo, x1: to, y1: acrossHi } : { x0: acrossLo, y0: from, x1: acrossHi, y1: to };
  let [lo, hi] = [alongLo, alongHi];
  const beyond: Box[] = [];
  for (const step of [-1, 1] as const) {
    const sideEnd = step === 1 ? shell.sides.end : shell.sides.start;
    const headEnd = step === 1 ? alongHi : alongLo;
    if (Math.abs(headEnd - sideEnd) <= width) continue;
    // From a quarter of the width out (past the head's own curve) to the far end: a stroke-thin stretch, then ink.
    let neck: number | undefined;
    let resumes: number | undefined;
    for (let along = sideEnd + step * Math.round(width / 4); along !== headEnd + step; along += step) {
      const count = inkAcross(along);
      if (neck === undefined) {
        if (count > 0 && count <= stroke) neck = along;
      } else if (count > stroke) {
        resumes = along;
        break;
      }
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
