/**
 * A detected valve's box grown over its actuator: the detector boxes a valve's body and often leaves out what stands
 * on its stem (a motor's circle, a solenoid's square, a diaphragm's dome, a handwheel), which the drawing's symbol
 * includes. Fittings are read too: a valve the detector calls `other_symbol` is typed by its size, a fitting's. The
 * actuator is the ink joined to the middle of a side square to the pipe, a thin stem then a head wider than it,
 * bounded close by: a stroke running on (a pipe, a solid signal line), another symbol or text is no actuator.
 */
import { boxArea, overlapArea, unionBox, type Box, type InkImage } from '../pipeline/components';
import { segmentBox, type Segment } from '../pipeline/lines';
import type { DetectedSymbol } from '../pipeline/symbols';
import { OPPOSITE_SIDE, type BoxSide } from './box-sides';

/** How far past the side an actuator may reach, in body lengths (along the pipe). */
const REACH = 1.5;
/** How far past the body's ends, along the pipe, its head may stand, in body lengths. */
const OVERHANG = 0.25;
/** The least reach of stem and head, in body lengths: less is a mark on the body. */
const MIN_DEPTH = 0.25;
/** The stem leaves the side within this share of the body's length from its middle. */
const STEM_BAND = 0.2;

/** A head this much covered by text lines is a label touching the stroke (a fail action beside a signal line). */
const TEXT_SHARE = 0.4;

/** Each valve or fitting whose actuator stands on one side of it, with its box grown over it; other symbols as they are. */
export function withActuators<T extends DetectedSymbol>(
  symbols: T[],
  ink: InkImage,
  lines: readonly Segment[],
  text: readonly Box[],
  unit: number,
): T[] {
  return symbols.map((symbol) => {
    if (symbol.elementType !== 'valve' && symbol.elementType !== 'fitting') return symbol;
    const seeds = new Map(SIDES.map((side) => [side, stemSeeds(symbol, side, ink, unit)]));
    const found = stemSides(symbol, seeds, lines)
      .map((side) => actuatorOn(symbol, side, seeds.get(side)!, ink))
      .filter(
        (head): head is Box =>
          head !== undefined &&
          !symbols.some((other) => other !== symbol && overlapArea(head, other) >= 0.5 * boxArea(other)) &&
          text.reduce((sum, line) => sum + overlapArea(head, line), 0) < TEXT_SHARE * boxArea(head),
      );
    return found.length === 1 ? { ...symbol, ...unionBox(symbol, found[0]) } : symbol;
  });
}

const SIDES: readonly BoxSide[] = ['top', 'bottom', 'left', 'right'];
const SQUARE: Record<BoxSide, [BoxSide, BoxSide]> = {
  top: ['left', 'right'],
  bottom: ['left', 'right'],
  left: ['top', 'bottom'],
  right: ['top', 'bottom'],
};

/**
 * The sides an actuator's stem may leave from: ink leaves the body there, as no found line (a pipe, which would run on
 * from a valve at a line's end), and nothing leaves the side facing it (a pipe passing through); the pipe reaches at
 * least one of the sides square to it (the other may be bolted to another symbol, its ports shared).
 */
function stemSides(box: Box, seeds: ReadonlyMap<BoxSide, [number, number][]>, lines: readonly Segment[]): BoxSide[] {
  const pipes = new Set(SIDES.filter((side) => lines.some((line) => leavesFrom(line, box, side))));
  const inked = (side: BoxSide) => seeds.get(side)!.length > 0;
  const leaves = (side: BoxSide) => pipes.has(side) || inked(side);
  return SIDES.filter((side) => !pipes.has(side) && inked(side) && !leaves(OPPOSITE_SIDE[side]) && SQUARE[side].some(leaves));
}

/**
 * Whether a found line leaves the box's side, square to it: a pipe (a valve at a line's end, its stub up to a flange;
 * off the box's middle where the detector boxed the valve with part of its actuator), not a stem, which is too short
 * to be found as a line.
 */
function leavesFrom(line: Segment, box: Box, side: BoxSide): boolean {
  const across = side === 'top' || side === 'bottom';
  if (line.orientation !== (across ? 'vertical' : 'horizontal')) return false;
  const band = segmentBox(line);
  const [lo, hi] = across ? [band.x0, band.x1] : [band.y0, band.y1];
  if (hi < (across ? box.x0 : box.y0) || lo > (across ? box.x1 : box.y1)) return false;
  const near = 3;
  return {
    top: band.y1 >= box.y0 - near && band.y0 < box.y0,
    bottom: band.y0 <= box.y1 + near && band.y1 > box.y1,
    left: band.x1 >= box.x0 - near && band.x0 < box.x0,
    right: band.x0 <= box.x1 + near && band.x1 > box.x1,
  }[side];
}

/** The ink on the row (column) next to a side, near its middle, where a stem or a pipe leaves it; none past a stem's width. */
function stemSeeds(box: Box, side: BoxSide, ink: InkImage, unit: number): [number, number][] {
  const across = side === 'top' || side === 'bottom';
  const length = across ? box.x1 - box.x0 + 1 : box.y1 - box.y0 + 1;
  const middle = across ? (box.x0 + box.x1) / 2 : (box.y0 + box.y1) / 2;
  const band = Math.max(2, STEM_BAND * length);
  const next = { top: box.y0 - 1, bottom: box.y1 + 1, left: box.x0 - 1, right: box.x1 + 1 }[side];
  if (next < 0 || next >= (across ? ink.height : ink.width)) return [];
  const seeds: [number, number][] = [];
  for (let along = Math.max(0, Math.ceil(middle - band)); along <= Math.floor(middle + band); along++) {
    const [x, y] = across ? [along, next] : [next, along];
    if (x < ink.width && y < ink.height && ink.mask[y * ink.width + x]) seeds.push([x, y]);
  }
  return seeds.length > Math.max(3 * unit + 2, 0.25 * length) ? [] : seeds;
}

/** The box of the actuator standing on `side`, its stem leaving at `seeds`, or none. */
function actuatorOn(box: Box, side: BoxSide, seeds: [number, number][], ink: InkImage): Box | undefined {
  const across = side === 'top' || side === 'bottom';
  // Along: the pipe's axis; depth: away from the side.
  const length = across ? box.x1 - box.x0 + 1 : box.y1 - box.y0 + 1;
  const reach = Math.round(REACH * length);
  const overhang = Math.round(OVERHANG * length);
  const window: Box = {
    top: { x0: box.x0 - overhang, x1: box.x1 + overhang, y0: box.y0 - reach, y1: box.y0 - 1 },
    bottom: { x0: box.x0 - overhang, x1: box.x1 + overhang, y0: box.y1 + 1, y1: box.y1 + reach },
    left: { x0: box.x0 - reach, x1: box.x0 - 1, y0: box.y0 - overhang, y1: box.y1 + overhang },
    right: { x0: box.x1 + 1, x1: box.x1 + reach, y0: box.y0 - overhang, y1: box.y1 + overhang },
  }[side];
  if (window.x0 < 0 || window.y0 < 0 || window.x1 >= ink.width || window.y1 >= ink.height) return undefined;
  const part = filled(ink, window, seeds, side);
  if (!part) return undefined;
  const depth = { top: box.y0 - part.y0, bottom: part.y1 - box.y1, left: box.x0 - part.x0, right: part.x1 - box.x1 }[side];
  const width = across ? part.x1 - part.x0 + 1 : part.y1 - part.y0 + 1;
  // A head wider than its stem: a bare stroke is a leader or a line, not an actuator.
  if (depth < MIN_DEPTH * length || width < 2 * seeds.length) return undefined;
  return part;
}

/**
 * The box of the ink joined (8-connected) to the seeds within the window, or none where it reaches one of the window's
 * far edges (all but the one along the body's side): it runs on.
 */
function filled(ink: InkImage, window: Box, seeds: [number, number][], side: BoxSide): Box | undefined {
  const farEdge = (x: number, y: number) =>
    (x === window.x0 && side !== 'right') ||
    (x === window.x1 && side !== 'left') ||
    (y === window.y0 && side !== 'bottom') ||
    (y === window.y1 && side !== 'top');
  const w = window.x1 - window.x0 + 1;
  const seen = new Uint8Array(w * (window.y1 - window.y0 + 1));
  const stack = [...seeds];
  const part: Box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const [x, y] of seeds) seen[(y - window.y0) * w + x - window.x0] = 1;
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (farEdge(x, y)) return undefined;
    part.x0 = Math.min(part.x0, x);
    part.y0 = Math.min(part.y0, y);
    part.x1 = Math.max(part.x1, x);
    part.y1 = Math.max(part.y1, y);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < window.x0 || nx > window.x1 || ny < window.y0 || ny > window.y1) continue;
        const at = (ny - window.y0) * w + nx - window.x0;
        if (seen[at] || !ink.mask[ny * ink.width + nx]) continue;
        seen[at] = 1;
        stack.push([nx, ny]);
      }
    }
  }
  return part;
}
