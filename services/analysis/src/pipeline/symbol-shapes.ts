/** What a group of symbol ink is by its shape: a bubble, round equipment, a valve on a line, text, a fitting. */
import { boxArea, boxHeight, boxOf, boxWidth, type Box, type Component } from './components';
import { segmentCenter, type Segment } from './lines';
import type { Group, InkMask } from './symbol-groups';
import type { DetectedSymbol } from './symbols';
import { inkAllRound } from './touching-rings';

/**
 * Ink spread alike over a blob's halves, top and bottom, left and right, as on a disc: a flow arrow's head
 * on a pipe (a triangle, wide at its base) is as full of its box as a small dot but not balanced.
 */
export function balanced(box: Box, { rest, width }: InkMask): boolean {
  const [midX, midY] = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2];
  const halves = [0, 0, 0, 0];
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      if (!rest[y * width + x]) continue;
      if (y < midY) halves[0]++;
      if (y > midY) halves[1]++;
      if (x < midX) halves[2]++;
      if (x > midX) halves[3]++;
    }
  }
  const even = (a: number, b: number) => Math.min(a, b) >= 0.7 * Math.max(a, b);
  return even(halves[0], halves[1]) && even(halves[2], halves[3]);
}

/**
 * Which sides of a box pipes reach: a pipe arrives at a side, or runs on into the box (through a filled
 * shape whose middle row is unbroken), or passes through.
 */
function sidesOnLines(box: Box, segments: Segment[], tolerance: number) {
  let horizontalSides = 0;
  let verticalSides = 0;
  for (const s of segments) {
    const c = segmentCenter(s);
    const [lo, hi, from, to] = s.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
    if (c < lo || c > hi) continue;
    let sides = 0;
    if (s.start < from && s.end >= from - tolerance) sides |= 1;
    if (s.end > to && s.start <= to + tolerance) sides |= 2;
    if (s.orientation === 'horizontal') horizontalSides |= sides;
    else verticalSides |= sides;
  }
  return { through: horizontalSides === 3 || verticalSides === 3, touched: horizontalSides !== 0 || verticalSides !== 0 };
}

/** A segment that runs through a box from side to side, across its middle. */
export function runsThrough(s: Segment, box: Box, maxMargin = Infinity): boolean {
  const c = segmentCenter(s);
  const [lo, hi, from, to] = s.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
  const margin = Math.min(0.2 * (hi - lo), maxMargin);
  return c > lo + margin && c < hi - margin && s.start < from && s.end > to;
}

/**
 * A segment that ends at a box's side, arriving square to it within its middle (a pipe at its port), or
 * runs on into the box (into a blind flange's plate) and ends there.
 */
export function endsAt(s: Segment, box: Box, unit: number, maxMargin = Infinity): boolean {
  const c = segmentCenter(s);
  const reach = 2 * unit + 2;
  const [lo, hi, from, to] = s.orientation === 'horizontal' ? [box.y0, box.y1, box.x0, box.x1] : [box.x0, box.x1, box.y0, box.y1];
  const margin = Math.min(0.2 * (hi - lo), maxMargin);
  if (c <= lo + margin || c >= hi - margin) return false;
  return (
    (s.start < from && s.end >= from - reach && s.end <= to + reach) || (s.end > to && s.start <= to + reach && s.start >= from - reach)
  );
}

/** The circle a round box bounds. */
export const boxRing = (box: Box) => ({ cx: (box.x0 + box.x1) / 2, cy: (box.y0 + box.y1) / 2, r: (boxWidth(box) + boxHeight(box)) / 4 });

/**
 * The circle inside a component with thin spurs stuck to it (dashes of a signal line touching a bubble): the
 * box trimmed of edge rows and columns whose ink is a stroke wide, if ink lies all round the circle it bounds.
 */
export function ringInside(component: Component, { rest, width }: InkMask, unit: number): Box | undefined {
  const box = boxOf(component);
  const inkAcross = (horizontal: boolean, at: number) => {
    let count = 0;
    const [from, to] = horizontal ? [box.x0, box.x1] : [box.y0, box.y1];
    for (let k = from; k <= to; k++) count += rest[horizontal ? at * width + k : k * width + at];
    return count;
  };
  const thin = 2 * unit + 1;
  const limit = 0.25 * Math.max(boxWidth(box), boxHeight(box));
  let trimmed = 0;
  for (let changed = true; changed && trimmed <= limit;) {
    changed = false;
    if (inkAcross(false, box.x0) <= thin) [box.x0, changed] = [box.x0 + 1, true];
    if (inkAcross(false, box.x1) <= thin) [box.x1, changed] = [box.x1 - 1, true];
    if (inkAcross(true, box.y0) <= thin) [box.y0, changed] = [box.y0 + 1, true];
    if (inkAcross(true, box.y1) <= thin) [box.y1, changed] = [box.y1 - 1, true];
    if (changed) trimmed++;
  }
  const [w, h] = [boxWidth(box), boxHeight(box)];
  if (trimmed === 0 || trimmed > limit || w / h < 0.85 || w / h > 1.18 || Math.max(w, h) < 5 * unit) return undefined;
  // Ink on the circle the box bounds, within a stroke and a half inside its edge, all round.
  return inkAllRound(boxRing(box), { mask: rest, width, height: rest.length / width }, unit) ? box : undefined;
}

/** A drawn circle: round box, ink at an even distance from the centre, hollow. */
export function isRing(component: Component, unit: number): boolean {
  const width = boxWidth(component);
  const height = boxHeight(component);
  const aspect = width / height;
  const relativeDeviation = component.meanRadius > 0 ? component.radiusDeviation / component.meanRadius : 1;
  const fill = component.area / (width * height);
  return (
    aspect > 0.8 &&
    aspect < 1.25 &&
    Math.max(width, height) >= 5 * unit &&
    relativeDeviation < 0.15 &&
    fill < 0.5 &&
    component.meanRadius > 0.35 * width
  );
}

/**
 * `maxBubble`: the largest circle taken for an instrument bubble. Bubbles are about 10–12 mm across on any
 * sheet size, pumps and tanks larger: 40 strokes, or 2.2 % of the long side of the page.
 */
export function classify(group: Group, segments: Segment[], unit: number, bubbles: Map<Component, Box>): DetectedSymbol {
  const width = boxWidth(group);
  const height = boxHeight(group);
  const size = Math.max(width, height);
  const main = group.members.reduce((a, b) => (boxArea(b) > boxArea(a) ? b : a));
  const relativeDeviation = main.meanRadius > 0 ? main.radiusDeviation / main.meanRadius : 1;
  const circle = isRing(main, unit);
  const box = boxOf(group);
  const score = circle ? Math.max(0, 1 - relativeDeviation / 0.15) : 0.5;
  // A bubble carries its tag inside; an empty circle is a pump casing, a tank in plan, a drum.
  // The bubble is its circle: a dash or leader stuck to it is no part of it (and would put its tag off-centre).
  const ring = bubbles.get(main);
  if (ring)
    return {
      x0: ring.x0,
      y0: ring.y0,
      x1: ring.x1,
      y1: ring.y1,
      elementType: 'instrument',
      description: 'instrument bubble',
      confidence: 0.55 + 0.4 * score,
    };
  if (circle) return { ...box, elementType: 'equipment', description: 'equipment (round)', confidence: 0.45 + 0.3 * score };
  const lines = sidesOnLines(group, segments, 2 * unit + 3);
  const groupAspect = width / height;
  const textLike = height <= 10 * unit && (group.members.length >= 2 ? groupAspect >= 1.2 : !lines.touched);
  if (lines.through && size <= 30 * unit && groupAspect <= 3 && groupAspect >= 1 / 3 && !(textLike && !lines.touched)) {
    return { ...box, elementType: 'valve', description: 'valve', confidence: size >= 4 * unit ? 0.7 : 0.5 };
  }
  if (size >= 30 * unit && !textLike) return { ...box, elementType: 'equipment', description: 'equipment', confidence: 0.5 };
  if (textLike && !lines.through)
    return { ...box, elementType: 'text', description: 'text', confidence: 0.4, ...(lines.touched ? { textOnPipe: true } : {}) };
  return { ...box, elementType: 'fitting', description: lines.touched ? 'fitting' : 'symbol', confidence: lines.touched ? 0.4 : 0.3 };
}
