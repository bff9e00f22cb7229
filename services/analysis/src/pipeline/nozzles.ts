import type { PathSegment } from '@pid/contracts';
import type { Box, InkImage } from './components';
import { indexAlong, segmentLength, type Segment } from './lines';
import { hubDepth } from './flange-faces';
import { acrossProfile, barsAcross, pairedBars, pipeCentre, type Bar } from './pipe-profile';

/** The description a nozzle is given as a symbol (a fitting), by which later steps know it. */
export const NOZZLE = 'nozzle';

export interface Nozzle<T extends Box> {
  box: Box;
  /** The piece of equipment it is on. */
  equipment: T;
  /**
   * The flange bolted to the nozzle's own (a flange pair's second bar): its face with the hub behind it; `joint`, the
   * pair's two bars, the flange joint as drawn.
   */
  mate?: { box: Box; between: PathSegment; joint: Box };
}

/** Whether the row (or column) along the pipe at `across`, its centre line by default, is ink all the way from `from` to `to`. */
function inkedAlong(ink: InkImage, pipe: Segment, from: number, to: number, across = pipeCentre(pipe)): boolean {
  const at = indexAlong(ink.width, pipe.orientation === 'horizontal');
  for (let along = from; along <= to; along++) if (!ink.mask[at(along, across)]) return false;
  return true;
}

/**
 * Where a nozzle's stub meets its equipment's wall, going from the equipment box's `side` into the box (`inward`):
 * the side itself, unless the stub's ink runs on inside further than a wall is thick (`wall`) and ends before
 * `limit` (a nozzle on a dome away from its crown meets the curve inside the box; ink running on further is a
 * pipe drawn inside the equipment, and the wall is at the side).
 */
function wallAlong(ink: InkImage, pipe: Segment, side: number, inward: number, wall: number, limit: number): number {
  const at = indexAlong(ink.width, pipe.orientation === 'horizontal');
  const centre = pipeCentre(pipe);
  const end = pipe.orientation === 'horizontal' ? ink.width : ink.height;
  let run = 0;
  while (
    run < limit &&
    side + inward * (run + 1) >= 0 &&
    side + inward * (run + 1) < end &&
    ink.mask[at(side + inward * (run + 1), centre)]
  )
    run++;
  return run > wall && run < limit ? side + inward * run : side;
}

/**
 * Whether a bar across `pipe` stands evenly across it, or across it and a parallel stub beside it, starting and
 * ending where it does (within two strokes): a manhole's cover on two necks.
 */
function evenAcross(bar: Bar, pipe: Segment, pipes: Segment[], unit: number): boolean {
  const centre = pipeCentre(pipe);
  const [first, last] = [centre - bar.up, centre + bar.down];
  const even = (middle: number) => Math.abs((first + last) / 2 - middle) <= 0.125 * (last - first + 1);
  const beside = (other: Segment) => {
    const at = pipeCentre(other);
    return (
      other !== pipe &&
      !other.dashed &&
      other.orientation === pipe.orientation &&
      at >= first &&
      at <= last &&
      Math.abs(at - centre) >= 2 * unit &&
      Math.abs(other.start - pipe.start) <= 2 * unit &&
      Math.abs(other.end - pipe.end) <= 2 * unit
    );
  };
  return even(centre) || pipes.some((other) => beside(other) && even((centre + pipeCentre(other)) / 2));
}

/**
 * Whether a bar found past an equipment's side is the side of its own outline, drawn wider than the symbol's box:
 * ink runs from both its ends back to the box (the outline's edges), and no wall is drawn at the box's side beyond
 * them. A flange's ends stand clear of the equipment; a nozzle drawn as a small box of its own stands on the wall.
 */
function outlineSide(ink: InkImage, pipe: Segment, bar: Bar, side: number, outward: number, unit: number): boolean {
  const at = indexAlong(ink.width, pipe.orientation === 'horizontal');
  const centre = pipeCentre(pipe);
  const [first, last] = [centre - bar.up, centre + bar.down];
  const sides = pipe.orientation === 'horizontal' ? ink.height : ink.width;
  const [near, far] = outward > 0 ? [side, bar.from - 1] : [bar.to + 1, side];
  const wallBeyond = (across: number) => {
    if (across < 0 || across >= sides) return false;
    for (let along = side - unit; along <= side + unit; along++) if (ink.mask[at(along, across)]) return true;
    return false;
  };
  const gap = 2 * unit;
  const edgesInked = inkedAlong(ink, pipe, near, far, first + 1) && inkedAlong(ink, pipe, near, far, last - 1);
  return far >= near && edgesInked && !wallBeyond(first - gap) && !wallBeyond(last + gap);
}

/** How far from an equipment's side a nozzle's flange may stand, in strokes; its mate's, 8 more. */
const REACH = 16;
const MATE_REACH = 8;
/** The longest nozzle, as a share of its equipment's extent along it. */
const SHORT = 0.25;

/**
 * Nozzles: where a pipe leaves a piece of equipment through a flange (a column's `N1` on its dome), the stub from
 * the equipment's wall to the flange's bar, as wide as the bar. A pipe that reaches a side of an equipment's box
 * (within two strokes) and runs on away from it, or starts within 32 strokes of the side with a stub between
 * (too short to be a line of its own; the flanges' bars break the line), with a bar across it (`barsAcross`,
 * reaching a stroke past it) within 16 strokes of the side, and a quarter of the equipment's extent along the
 * pipe (`extentAlong`, the box's own by default). A second bar paired with the first (`pairedBars`: a flange pair) is the face of the flange bolted to it
 * (`mate`) where the pipe runs on, else the blind closing it (a manhole), part of the nozzle.
 */
export function findNozzles<T extends Box>(
  ink: InkImage,
  pipes: Segment[],
  equipment: T[],
  unit: number,
  extentAlong: (box: T, horizontal: boolean) => number = (box, horizontal) => (horizontal ? box.x1 - box.x0 : box.y1 - box.y0),
): Array<Nozzle<T>> {
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
      // The side the pipe leaves by, and which way along the pipe is away from the equipment: the pipe reaches the
      // side, or stops short of it where a stub too short to be found as a line goes on to the side (a flange pair
      // breaks the line between them).
      const stubAt = (side: number, outward: number) =>
        outward > 0
          ? side + near <= limit && inkedAlong(ink, pipe, side + 1, side + near)
          : side - near >= 0 && inkedAlong(ink, pipe, side - near, side - 1);
      const leaves = [
        { side: last, outward: 1, short: false, reaches: pipe.start <= last + near && pipe.end > last + near },
        { side: first, outward: -1, short: false, reaches: pipe.end >= first - near && pipe.start < first - near },
        { side: last, outward: 1, short: true, reaches: pipe.start > last && pipe.start <= last + 2 * REACH * unit && stubAt(last, 1) },
        { side: first, outward: -1, short: true, reaches: pipe.end < first && pipe.end >= first - 2 * REACH * unit && stubAt(first, -1) },
      ].find((way) => way.reaches);
      if (!leaves) continue;
      const { side, outward, short } = leaves;
      const wall = wallAlong(ink, pipe, side, -outward, near, Math.min(REACH * unit, last - first));
      // The equipment's own outline at its side (a dome's flat top) is no flange. The mate's bar may stand past the
      // reach, up to half a bar's length (8 strokes) beyond.
      const [from, to] =
        outward > 0
          ? [side + near, Math.min(limit, side + (REACH + MATE_REACH) * unit)]
          : [Math.max(0, side - (REACH + MATE_REACH) * unit), side - near];
      const profile = acrossProfile(ink, pipe, from, to);
      // Against a large vessel a flange's bar may be longer than one on a bare pipe, if it stands evenly across the
      // pipe or across it and a second stub beside it (a manhole's cover on two necks); a line crossing near the
      // vessel does not, and the vessel's own edge lies before `from`.
      const bars = barsAcross(profile, from, pipe, unit, unit, Math.max(16 * unit, 0.25 * (hi - lo + 1))).filter(
        (b) => b.up + b.down + 1 <= 16 * unit || evenAcross(b, pipe, pipes, unit),
      );
      const ordered = outward > 0 ? bars : [...bars].reverse();
      if (ordered.length === 0 || Math.abs(ordered[0].from + ordered[0].to - 2 * side) / 2 > REACH * unit) continue;
      const [bar, next] = ordered;
      if (outlineSide(ink, pipe, bar, side, outward, unit)) continue;
      // A flange pair's bars are alike (a line drawn on from the second is no part of it: a spectacle blind's arm);
      // the second is the mating flange's face.
      const mate = next && (outward > 0 ? pairedBars(bar, next) : pairedBars(next, bar)) ? next : undefined;
      const flange = mate ? [bar, mate] : [bar];
      const up = Math.max(centre - pipe.lo, ...flange.map((b) => b.up));
      const down = Math.max(pipe.hi - centre, ...flange.map((b) => b.down));
      const ends = flange.flatMap((b) => [b.from, b.to]);
      // The stub outside the box, from its side to the flange's far end, is measured; the nozzle runs from the wall.
      const [along0, along1] = outward > 0 ? [side, Math.max(...ends)] : [Math.min(...ends), side];
      // Short against its equipment: a pump's outlet drawn as a stub is no nozzle.
      if (along1 - along0 > SHORT * extentAlong(box, horizontal)) continue;
      // A stub ending at its bar (an open nozzle) has a bar short against it: a vessel's leg ends at a foot as long.
      const [past0, past1] = outward > 0 ? [along1 + 1, along1 + 2 * unit] : [along0 - 2 * unit, along0 - 1];
      // (A pipe that stops short of the side and starts again within 16 strokes past the flange runs on.)
      const resumes = short && (outward > 0 ? pipe.start <= along1 + REACH * unit : pipe.end >= along0 - REACH * unit);
      // (So does a line of its own on the pipe's line from past the stub, running on past the flange from within 16
      // strokes of it: the pipe's run beyond the flange, found apart from the stub.)
      const startsAfresh = pipes.some(
        (other) =>
          other !== pipe &&
          !other.dashed &&
          other.orientation === pipe.orientation &&
          Math.abs(pipeCentre(other) - centre) <= unit &&
          (outward > 0
            ? other.start > side + near && other.start <= along1 + REACH * unit && other.end > along1 + REACH * unit
            : other.end < side - near && other.end >= along0 - REACH * unit && other.start < along0 - REACH * unit),
      );
      const runsOn = resumes || startsAfresh || (past0 >= 0 && past1 <= limit && inkedAlong(ink, pipe, past0, past1));
      // (A pair of bars ending it is a flange and its blind: a manhole, closed.)
      if (!runsOn && !mate && up + down + 1 > 0.75 * (along1 - along0 + 1)) continue;
      // Along the pipe from `from` to `to`, across as far as the pipe or `face` reaches.
      const span = ([from, to]: number[], face: Bar): Box => {
        const [up, down] = [Math.max(centre - pipe.lo, face.up), Math.max(pipe.hi - centre, face.down)];
        return horizontal
          ? { x0: from, y0: centre - up, x1: to, y1: centre + down }
          : { x0: centre - up, y0: from, x1: centre + down, y1: to };
      };
      const point = (along: number): [number, number] => (horizontal ? [along, centre] : [centre, along]);
      // A closed nozzle takes its blind in; an open one ends at its own flange's face, bolted to the mate.
      const nozzle: Nozzle<T> = {
        box: runsOn
          ? span(outward > 0 ? [wall, bar.to] : [bar.from, wall], bar)
          : span(outward > 0 ? [wall, along1] : [along0, wall], { ...bar, up, down }),
        equipment: box,
      };
      if (mate && runsOn) {
        const depth = hubDepth(Math.round(Math.abs(mate.from + mate.to - bar.from - bar.to) / 2), mate.up + mate.down + 1);
        nozzle.mate = {
          box: span(outward > 0 ? [mate.from, Math.min(limit, mate.to + depth)] : [Math.max(0, mate.from - depth), mate.to], mate),
          between: {
            orientation: pipe.orientation,
            start: point(outward > 0 ? bar.to : bar.from),
            end: point(outward > 0 ? mate.from : mate.to),
          },
          joint: span(outward > 0 ? [bar.from, mate.to] : [mate.from, bar.to], {
            ...bar,
            up: Math.max(bar.up, mate.up),
            down: Math.max(bar.down, mate.down),
          }),
        };
      }
      nozzles.push(nozzle);
    }
  }
  return nozzles;
}

/**
 * The neck joining a nozzle to its equipment in the graph (a nozzle is part of its equipment, and what its pipes reach
 * is the equipment's to reach): from the equipment's side out along the stub, half way to the nozzle's far end. The
 * stub runs out of the side the nozzle stands furthest past (a detector's box may take in part of it).
 */
export function nozzleNeck(nozzle: Box, equipment: Box): PathSegment {
  const [cx, cy] = [(nozzle.x0 + nozzle.x1) / 2, (nozzle.y0 + nozzle.y1) / 2];
  const past = [equipment.x0 - nozzle.x0, nozzle.x1 - equipment.x1, equipment.y0 - nozzle.y0, nozzle.y1 - equipment.y1];
  const side = past.indexOf(Math.max(...past));
  const [wall, far] = [
    [equipment.x0, nozzle.x0],
    [equipment.x1, nozzle.x1],
    [equipment.y0, nozzle.y0],
    [equipment.y1, nozzle.y1],
  ][side];
  const out = (wall + far) / 2;
  return side < 2
    ? { orientation: 'horizontal', start: [wall, cy], end: [out, cy] }
    : { orientation: 'vertical', start: [cx, wall], end: [cx, out] };
}
