import type { PathSegment } from '@pid/contracts';
import type { Box, InkImage } from './components';

/** Share of a joint's box across the pipe that ink must span for a run along it to be one of its bars. */
const BAR_SPAN = 0.7;

/** What two bars across a pipe are: two flanges face to face, or an orifice plate between flanges (its taps). */
export type Joint = { kind: 'flanges'; faces: [Box, Box]; between: PathSegment } | { kind: 'orifice plate' };

/**
 * Reads a flange joint (`–||–`). Its bars stand across the pipe, so the box is narrow along it; they are the runs
 * along it where ink spans the box across. Anything but two bars: undefined, the joint stays whole.
 * - A stroke leaving from between the bars across the pipe, within `reach` of their ends, is an orifice plate's
 *   tap (its impulse line): a flange joint has none.
 * - Otherwise two flanges, each on its own: a bill of materials counts flanges, and real drawings' truths
 *   (kr_refinery, DEXPI) box each one, its face (the bar) with the hub behind it, away from its mate, as deep as
 *   the two faces are apart. `between`: the pipe from face to face, the path of their connection.
 */
export function readJoint(ink: InkImage, joint: Box, reach: number): Joint | undefined {
  const horizontal = joint.x1 - joint.x0 <= joint.y1 - joint.y0;
  const [alongLo, alongHi, acrossLo, acrossHi] = horizontal
    ? [joint.x0, joint.x1, joint.y0, joint.y1]
    : [joint.y0, joint.y1, joint.x0, joint.x1];
  const [limitAlong, limitAcross] = horizontal ? [ink.width - 1, ink.height - 1] : [ink.height - 1, ink.width - 1];
  const inked = (along: number, across: number) =>
    across >= 0 && across <= limitAcross && ink.mask[horizontal ? across * ink.width + along : along * ink.width + across] !== 0;
  const bars: Array<[number, number]> = [];
  for (let along = alongLo; along <= alongHi; along++) {
    let count = 0;
    for (let across = acrossLo; across <= acrossHi; across++) if (inked(along, across)) count++;
    if (count < BAR_SPAN * (acrossHi - acrossLo + 1)) continue;
    const last = bars[bars.length - 1];
    if (last && last[1] === along - 1) last[1] = along;
    else bars.push([along, along]);
  }
  if (bars.length !== 2) return undefined;
  const [[aFrom, aTo], [bFrom, bTo]] = bars;
  const middle = Math.round((aTo + bFrom) / 2);
  const tapAt = (step: 1 | -1) => {
    const edge = step > 0 ? acrossHi : acrossLo;
    for (let k = 1; k <= reach; k++) if (inked(middle, edge + step * k)) return true;
    return false;
  };
  if (bFrom - aTo > 1 && (tapAt(1) || tapAt(-1))) return { kind: 'orifice plate' };
  const depth = Math.round((bFrom + bTo - aFrom - aTo) / 2);
  const face = (from: number, to: number): Box =>
    horizontal ? { x0: from, y0: acrossLo, x1: to, y1: acrossHi } : { x0: acrossLo, y0: from, x1: acrossHi, y1: to };
  const centre = Math.round((acrossLo + acrossHi) / 2);
  const point = (along: number): [number, number] => (horizontal ? [along, centre] : [centre, along]);
  return {
    kind: 'flanges',
    faces: [face(Math.max(0, aFrom - depth), aTo), face(bFrom, Math.min(limitAlong, bTo + depth))],
    between: { orientation: horizontal ? 'horizontal' : 'vertical', start: point(aTo), end: point(bFrom) },
  };
}
