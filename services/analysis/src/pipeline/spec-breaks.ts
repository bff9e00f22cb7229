import {
  boxArea,
  boxGap,
  boxHeight,
  boxWidth,
  overlapArea,
  runAlong,
  unionBox,
  type Box,
  type Component,
  type InkImage,
} from './components';
import { indexAlong } from './lines';
import { alongRange, maxTextSize, type TextLine } from './text-lines';

/** A filled arrowhead drawn along an axis, maybe on a stem behind it. */
export interface Arrowhead {
  /** The head and its stem as one piece of ink. */
  box: Box;
  /** The axis runs across the page (left/right). */
  horizontal: boolean;
  /** +1 where the tip points right or down, −1 left or up. */
  pointing: 1 | -1;
  /** Where the tip is along the axis, and where the axis is across it. */
  tip: number;
  axisAt: number;
  /** The head's width at its base, and its length from tip to base. */
  width: number;
  length: number;
}

type TextBox = Box & { size: number };

export interface SpecBreak {
  /** The two arrowheads with their stems, and the spec texts written beside them. */
  box: Box;
  /** The arrowheads and stems alone: what was read of them is part of the break. */
  arrows: Box;
  /** The two heads alone. */
  heads: Box[];
}

/**
 * Filled arrowheads among the ink left after line removal: from the tip the ink widens steadily to the base, at
 * least 1.3 times as long as it is wide, solid in its middle (no outline of a triangle), symmetric about its axis;
 * behind the base (past any barbs) nothing wider than a stem.
 */
export function findArrowheads(components: Component[], ink: InkImage, unit: number): Arrowhead[] {
  const heads: Arrowhead[] = [];
  for (const component of components) {
    const horizontal = boxWidth(component) > boxHeight(component);
    const [long, short] = horizontal ? [boxWidth(component), boxHeight(component)] : [boxHeight(component), boxWidth(component)];
    // Wider than a stroke, no wider than a letter is tall.
    if (short < 1.5 * unit + 1 || short > maxTextSize(unit) || long < 1.3 * short || long > 12 * short) continue;
    const profile = profileOf(component, ink, horizontal);
    const whole = headIn(profile, 0, profile.count.length - 1, unit);
    if (whole) {
      heads.push(arrowhead(component, profile, whole));
      continue;
    }
    // Two heads tip to tip across a line touch: they are one piece of ink, narrowest where they meet.
    const waist = waistOf(profile.count);
    if (waist === undefined) continue;
    for (const [from, to, pointing] of [[0, waist, 1] as const, [waist + 1, profile.count.length - 1, -1] as const]) {
      const half = headIn(profile, from, to, unit);
      if (half?.pointing === pointing) heads.push(arrowhead(component, profile, half));
    }
  }
  return heads;
}

/** Across each position along the axis: how much ink, from where to where. */
interface Profile {
  horizontal: boolean;
  from: number;
  count: number[];
  first: number[];
  last: number[];
}

function profileOf(component: Component, ink: InkImage, horizontal: boolean): Profile {
  const index = indexAlong(ink.width, horizontal);
  const [from, to] = horizontal ? [component.x0, component.x1] : [component.y0, component.y1];
  const [lo, hi] = horizontal ? [component.y0, component.y1] : [component.x0, component.x1];
  const profile: Profile = { horizontal, from, count: [], first: [], last: [] };
  for (let along = from; along <= to; along++) {
    let [n, a, b] = [0, Infinity, -Infinity];
    for (let across = lo; across <= hi; across++) {
      if (ink.mask[index(along, across)] !== 1) continue;
      n++;
      [a, b] = [Math.min(a, across), Math.max(b, across)];
    }
    profile.count.push(n);
    profile.first.push(a);
    profile.last.push(b);
  }
  return profile;
}

/** The narrowest position in the middle half, where it holds little ink next to the most. */
function waistOf(count: number[]): number | undefined {
  const widest = Math.max(...count);
  let waist: number | undefined;
  for (let i = Math.floor(count.length / 4); i <= Math.ceil((3 * count.length) / 4); i++) {
    if (waist === undefined || count[i] < count[waist]) waist = i;
  }
  return waist !== undefined && count[waist] <= 0.35 * widest ? waist : undefined;
}

interface Head {
  pointing: 1 | -1;
  /** Positions in the profile. */
  tip: number;
  from: number;
  to: number;
  width: number;
  length: number;
  axisAt: number;
}

/**
 * The arrowhead the profile's positions `from`..`to` hold, pointing either way. Widths are the ink's extent across:
 * a barbed head's base is notched where the stem goes in, and the tip may be cut where the line it points at was
 * taken away; the middle of the head is solid.
 */
function headIn({ count, first, last }: Profile, from: number, to: number, unit: number): Head | undefined {
  const extent = (i: number) => (count[i] > 0 ? last[i] - first[i] + 1 : 0);
  let widest = 0;
  for (let i = from; i <= to; i++) widest = Math.max(widest, extent(i));
  const stem = Math.max(2 * unit, 0.4 * widest);
  for (const pointing of [1, -1] as const) {
    const tip = pointing > 0 ? to : from;
    if (extent(tip) > 0.5 * widest) continue;
    // Inward from the tip to where the head is (nearly) at its widest: its base.
    let base = tip;
    while (base >= from && base <= to && extent(base) < 0.9 * widest) base -= pointing;
    if (base < from || base > to) continue;
    // A barbed head's barbs reach on back at full width.
    while (base - pointing >= from && base - pointing <= to && extent(base - pointing) >= 0.9 * widest) base -= pointing;
    const length = Math.abs(tip - base) + 1;
    if (length < 1.3 * widest || length > 5 * widest) continue;
    // Widening steadily, solid across towards the tip, and about one axis.
    let off = 0;
    let gaps = 0;
    const centres: number[] = [];
    for (let i = tip; i !== base - pointing; i -= pointing) {
      const fromTip = Math.abs(tip - i) + 1;
      off += Math.abs(extent(i) - (widest * fromTip) / length);
      if (count[i] === 0) continue;
      if (fromTip >= 0.25 * length && fromTip <= 0.7 * length) gaps += extent(i) - count[i];
      centres.push((first[i] + last[i]) / 2);
    }
    if (off > 0.25 * widest * length || gaps > 0.1 * widest * length) continue;
    if (Math.max(...centres) - Math.min(...centres) > Math.max(unit, 0.3 * widest)) continue;
    // Behind the base (past its barbs, if any) nothing wider than a stem.
    let stemmed = true;
    for (let behind = base - pointing * Math.ceil(unit + 1 + 0.3 * length); behind >= from && behind <= to; behind -= pointing) {
      if (count[behind] > stem) stemmed = false;
    }
    if (!stemmed) continue;
    const axisAt = centres.reduce((sum, c) => sum + c, 0) / centres.length;
    return { pointing, tip, from, to, width: widest, length, axisAt };
  }
  return undefined;
}

function arrowhead(component: Component, { horizontal, from }: Profile, head: Head): Arrowhead {
  const [lo, hi] = [from + head.from, from + head.to];
  const { x0, y0, x1, y1 } = component;
  return {
    box: horizontal ? { x0: lo, y0, x1: hi, y1 } : { x0, y0: lo, x1, y1: hi },
    horizontal,
    pointing: head.pointing,
    tip: from + head.tip,
    axisAt: head.axisAt,
    width: head.width,
    length: head.length,
  };
}

/**
 * The head with its stem behind it, a hairline maybe (`faint`: ink lighter than the lines'), up to three heads long.
 */
function withStem(head: Arrowhead, faint: InkImage): Box {
  const base = head.tip - head.pointing * (head.length - 1);
  const end = runAlong(faint, !head.horizontal, head.axisAt, base - head.pointing, -head.pointing, 3 * head.length);
  const [lo, hi] = [Math.min(base, end), Math.max(base, end)];
  return unionBox(head.box, head.horizontal ? { ...head.box, x0: lo, x1: hi } : { ...head.box, y0: lo, y1: hi });
}

/** How far the stemmed head reaches back past the head's base. */
function stemLength(head: Arrowhead, stemmed: Box): number {
  const [lo, hi] = head.horizontal ? [stemmed.x0, stemmed.x1] : [stemmed.y0, stemmed.y1];
  return (head.pointing > 0 ? head.tip - lo : hi - head.tip) + 1 - head.length;
}

/**
 * Spec breaks (a change of piping class): two arrowheads on one axis pointing at each other, their tips at the line
 * between them (a pipe, or a leader from it), with a spec written beside them on either side of that line. A flow
 * arrow is one head; a dimension's point away from each other, or carry their text on one side; a filled valve's
 * triangles are as wide as they are long. `letters` are the ink left after line removal, `texts` the lines of text
 * found and the groups read as text: a break's box takes in its specs.
 */
export function findSpecBreaks(
  heads: Arrowhead[],
  ink: { faint: InkImage; letters: Component[] },
  texts: { lines: TextBox[]; groups: TextBox[] },
  unit: number,
): SpecBreak[] {
  const found: SpecBreak[] = [];
  // Each head is on a stem or a line (a letter shaped like one, a V, an A, is not), and the text line grouping may
  // have taken it for a letter beside its spec.
  const stemmed = new Map(heads.map((head) => [head, withStem(head, ink.faint)]));
  const used = new Set(heads.filter((head) => stemLength(head, stemmed.get(head) ?? head.box) < 0.5 * head.length));
  // Two heads and the line between them: the break, if letters stand either side of that line.
  const breakOf = (a: Arrowhead, mate: Arrowhead): SpecBreak | undefined => {
    const arrows = unionBox(stemmed.get(a) ?? a.box, stemmed.get(mate) ?? mate.box);
    // The line they point at, between their tips, a few heads either way.
    const gapAt = (a.tip + mate.tip) / 2;
    const reach = 3 * Math.max(a.length, mate.length);
    const [lo, hi] = [-1, 1].map((step) => runAlong(ink.faint, a.horizontal, gapAt, a.axisAt, step, reach));
    // Two letters one above the other (a V over an A) point at no line.
    if (hi - lo < 2 * Math.max(a.width, mate.width)) return undefined;
    const line = a.horizontal ? { x0: gapAt, x1: gapAt, y0: lo, y1: hi } : { x0: lo, x1: hi, y0: gapAt, y1: gapAt };
    const marked = unionBox(arrows, line);
    const near = (box: Box, size: number) => boxGap(box, marked) <= Math.max(2 * unit, 0.6 * size);
    // Letters are about as big as the heads, or smaller (not specks).
    const letters = ink.letters.filter((c) => {
      const size = Math.max(boxWidth(c), boxHeight(c));
      return size >= 2 * unit && size <= 2 * Math.max(a.length, mate.length) && near(c, size) && overlapArea(c, arrows) === 0;
    });
    // A spec each side of the line (a dimension's text is on one side).
    const centre = (box: Box) => (a.horizontal ? box.x0 + box.x1 : box.y0 + box.y1) / 2;
    if (!letters.some((c) => centre(c) < gapAt) || !letters.some((c) => centre(c) > gapAt)) return undefined;
    const beside = [...texts.lines, ...texts.groups].filter((text) => near(text, text.size));
    return { box: [...letters, ...beside].reduce<Box>(unionBox, marked), arrows, heads: [a.box, mate.box] };
  };
  for (const a of heads) {
    if (a.pointing < 0 || used.has(a)) continue;
    // Heads pointing back at it on its axis, nearest first.
    const mates = heads
      .filter(
        (b) =>
          !used.has(b) &&
          b.pointing < 0 &&
          b.horizontal === a.horizontal &&
          Math.abs(b.axisAt - a.axisAt) <= Math.max(unit, 0.3 * Math.min(a.width, b.width)) &&
          b.tip > a.tip &&
          b.tip - a.tip <= Math.max(3 * unit, 1.2 * Math.min(a.length, b.length)) &&
          Math.max(a.length, b.length) <= 1.5 * Math.min(a.length, b.length),
      )
      .sort((b, c) => b.tip - c.tip);
    for (const mate of mates) {
      const specBreak = breakOf(a, mate);
      if (!specBreak) continue;
      used.add(a).add(mate);
      found.push(specBreak);
      break;
    }
  }
  return found;
}

/**
 * A line of text cut back clear of the arrowheads it took in as letters, or reaches to, at its start or its end:
 * the specs alone are read (a head's edge reads as a quote or an I).
 */
export function clearOfHeads(line: TextLine, breaks: SpecBreak[]): TextLine {
  let cut: TextLine = line;
  const horizontal = line.orientation === 'horizontal';
  // Clear of the head's blurred edge, and of what reading pads a line with.
  const margin = Math.ceil(0.3 * line.size);
  for (const head of breaks.flatMap(({ heads }) => heads)) {
    // In line with the text (across it, the head and the line overlap), and at its start or end, padded along it.
    const near = horizontal
      ? { ...head, x0: head.x0 - margin, x1: head.x1 + margin }
      : { ...head, y0: head.y0 - margin, y1: head.y1 + margin };
    if (overlapArea(cut, near) === 0) continue;
    const [lo, hi] = alongRange(cut, cut.orientation);
    const [headLo, headHi] = alongRange(near, cut.orientation);
    if (headLo <= lo && headHi < hi) cut = { ...cut, ...(horizontal ? { x0: headHi + 1 } : { y0: headHi + 1 }) };
    else if (headHi >= hi && headLo > lo) cut = { ...cut, ...(horizontal ? { x1: headLo - 1 } : { y1: headLo - 1 }) };
  }
  return cut === line ? line : { ...cut, members: cut.members.filter((member) => overlapArea(member, cut) === boxArea(member)) };
}
