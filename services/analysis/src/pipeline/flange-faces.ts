import type { PathSegment } from '@pid/contracts';
import { boxOf, type Box, type InkImage } from './components';
import type { DetectedSymbol } from './symbols';

/** Share of a joint's box across the pipe that ink must span for a run along it to be one of its bars. */
const BAR_SPAN = 0.7;
/** The most of it the pipe between two faces spans. */
const PIPE_SPAN = 0.3;
/**
 * How deep a flange's hub reaches behind its face, at the least, for how long its face is across the pipe (the
 * generator's truth boxes flanges alike: `HUB_SHARE` in `synthetic/symbol-library.ts`).
 */
const HUB_SHARE = 0.35;

/**
 * How deep a flange is along its pipe behind its face: as far as its mate's face is from it, and never less than
 * about a third of its face across (real sheets box a flange so however close the faces are drawn: kr_refinery's
 * 17 px by 48 where the bars stand 7 px apart).
 */
export const hubDepth = (apart: number, across: number) => Math.max(apart, Math.round(HUB_SHARE * across));

/**
 * What bars across a pipe are: two flanges face to face, maybe with a plate between them (a figure-8 blind's, a
 * spacer's); or an orifice plate between flanges (its taps). `links`: the pipe from part to part in order (face,
 * plate, face), the paths of their connections.
 */
export type Joint = { kind: 'flanges'; faces: [Box, Box]; plate?: Box; links: PathSegment[] } | { kind: 'orifice plate' };

/**
 * Reads a flange joint (`–||–`, `–|▌|–`). Its bars stand across the pipe, so the box is narrow along it; they are
 * the runs along it where ink spans the box across. Anything but two or three bars: undefined, the joint stays
 * whole. `plated`: more than the pipe stands between two bars (a figure-8 blind's plate edge on, and its handle,
 * left to the blind drawn beside it), but they are a joint.
 * - A stroke leaving from between two bars across the pipe, within `reach` of the bars' ends, is an orifice plate's
 *   tap (its impulse line): a flange joint has none (unless `plated`).
 * - Otherwise two flanges, each on its own: a bill of materials counts flanges, and real drawings' truths
 *   (kr_refinery, DEXPI) box each one, its face (the bar) with the hub behind it, away from its mate (`hubDepth`).
 *   A middle bar is the plate between them.
 */
export function readJoint(ink: InkImage, joint: Box, reach: number, plated = false): Joint | undefined {
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
  if (bars.length !== 2 && bars.length !== 3) return undefined;
  if (bars.length === 2 && !plated) {
    // How far the first bar reaches across (the box may hold more: a tap's stub).
    const barAt = Math.round((bars[0][0] + bars[0][1]) / 2);
    let [barLo, barHi] = [acrossHi, acrossLo];
    for (let across = acrossLo; across <= acrossHi; across++) {
      if (!inked(barAt, across)) continue;
      [barLo, barHi] = [Math.min(barLo, across), Math.max(barHi, across)];
    }
    // Between a joint's faces, the pipe alone (a butterfly valve's disc, a ball valve's ball are no joint's).
    for (let along = bars[0][1] + 1; along < bars[1][0]; along++) {
      let count = 0;
      for (let across = barLo; across <= barHi; across++) if (inked(along, across)) count++;
      if (count > PIPE_SPAN * (barHi - barLo + 1)) return undefined;
    }
    const middle = Math.round((bars[0][1] + bars[1][0]) / 2);
    const tapAt = (step: 1 | -1) => {
      const end = step > 0 ? barHi : barLo;
      for (let k = 1; k <= reach; k++) if (inked(middle, end + step * k)) return true;
      return false;
    };
    if (tapAt(1) || tapAt(-1)) return { kind: 'orifice plate' };
  }
  const part = (from: number, to: number): Box =>
    horizontal ? { x0: from, y0: acrossLo, x1: to, y1: acrossHi } : { x0: acrossLo, y0: from, x1: acrossHi, y1: to };
  // A face's hub, for the bar it faces.
  const hub = (a: [number, number], b: [number, number]) => hubDepth(Math.round((b[0] + b[1] - a[0] - a[1]) / 2), acrossHi - acrossLo + 1);
  const centre = Math.round((acrossLo + acrossHi) / 2);
  const point = (along: number): [number, number] => (horizontal ? [along, centre] : [centre, along]);
  const [first, last] = [bars[0], bars[bars.length - 1]];
  // In order along the pipe: face, plate (a middle bar), face. A plate drawn edge on with its handle between two
  // bars is left to the blind drawn beside it.
  return {
    kind: 'flanges',
    faces: [
      part(Math.max(0, first[0] - hub(first, bars[1])), first[1]),
      part(last[0], Math.min(limitAlong, last[1] + hub(bars[bars.length - 2], last))),
    ],
    ...(bars.length === 3 ? { plate: part(...bars[1]) } : {}),
    links: bars.slice(1).map((bar, i) => ({
      orientation: horizontal ? 'horizontal' : 'vertical',
      start: point(bars[i][1]),
      end: point(bar[0]),
    })),
  };
}

/** Fittings bolted face to face in order along their pipe (a joint's faces and plate, a nozzle and its mate). */
export interface Bolted {
  parts: DetectedSymbol[];
  /** The pipe from each part to the next. */
  links: PathSegment[];
}

/**
 * Reads each symbol named a flange or an orifice plate as its joint (`readJoint`): replaced in `symbols` by its
 * flanges and plate, or named an orifice plate. Answers the joints split. `plated`: joints known to hold a plate.
 */
export function splitJoints(symbols: DetectedSymbol[], ink: InkImage, reach: number, plated: ReadonlySet<DetectedSymbol>): Bolted[] {
  const joints: Bolted[] = [];
  // An orifice plate is a joint too, told apart by its taps: one named so without them is a joint of flanges.
  for (const joint of symbols.filter((symbol) => symbol.description === 'flange' || symbol.description === 'orifice plate')) {
    const read = readJoint(ink, joint, reach, plated.has(joint));
    if (read?.kind === 'orifice plate')
      Object.assign(joint, { elementType: 'fitting', description: 'orifice plate', symbolClass: 'orifice_plate' });
    if (read?.kind !== 'flanges') continue;
    // Each part meets its own pipes: none keeps where the joint as a whole was reached.
    const part = { ...joint, reach: undefined, joint: boxOf(joint) };
    const [faceA, faceB] = read.faces.map((face) => ({ ...part, ...face, description: 'flange', symbolClass: 'flange' }));
    const plate = read.plate && { ...part, ...read.plate, description: 'spectacle blind', symbolClass: 'spectacle_blind' };
    const parts = plate ? [faceA, plate, faceB] : [faceA, faceB];
    symbols.splice(symbols.indexOf(joint), 1, ...parts);
    joints.push({ parts, links: read.links });
  }
  return joints;
}
