import { withoutMarkDots } from './mark-dots';
import type { ElementType } from '@pid/contracts';
import {
  boxArea,
  boxesTouch,
  boxHeight,
  boxWidth,
  boxWithin,
  containsPoint,
  overlapArea,
  type Box,
  type Component,
  type InkImage,
} from './components';
import { drawnBoxes } from './drawn-boxes';
import { segmentBox, segmentLength, segmentThickness, type Segment } from './lines';
import { cutAtNecks } from './shell-necks';
import { findShells } from './shells';
import { findGroups, type InkMask } from './symbol-groups';
import { balanced, classify, endsAt, isRing, ringInside, runsThrough } from './symbol-shapes';
import { findTextLines, maxTextSize, textLine, type TextLine } from './text-lines';
import { outsideRings, ringBox, ringComponent, ringsIn } from './touching-rings';

export interface DetectedSymbol extends Box {
  elementType: ElementType;
  description: string;
  confidence: number;
  /** The class named by the learned classifier (`gate_valve`), when it ran. */
  symbolClass?: string;
  /** Drawn with lines (a box, a shell): a shape no stray mark makes, whatever the classifier thinks. */
  outlined?: boolean;
  /** Holds two bars or more across a pipe (a butterfly valve's, an orifice's, a flange pair's): a symbol, whatever the classifier thinks. */
  barred?: boolean;
  /** Found only among the PDF's paths: kept when the classifier names it a symbol. */
  provisional?: boolean;
  /** Read as text, but a pipe reaches it: a symbol where the classifier names one. */
  textOnPipe?: boolean;
  /** One flange (or the plate) of a joint: the joint as drawn, which some drawings' truths box as one symbol. */
  joint?: Box;
  /**
   * Where its pipes reach it, when that is more than its box: the candidate it was cut back from, or for a detection
   * the candidate it lies in (`detection-reach.ts`).
   */
  reach?: Box;
}

export interface SymbolResult {
  symbols: DetectedSymbol[];
  /** Lines of text outside the bubbles (tags, line numbers, notes). */
  textLines: TextLine[];
  /** Filled dots: junctions where lines meet. */
  dots: Box[];
  /** Segments that are part of a symbol's outline, not pipes. */
  outlines: Set<Segment>;
}

/** The stroke width that sizes everything else: the median thickness of the solid lines. */
export function strokeUnit(segments: Segment[]): number {
  const thicknesses = segments
    .filter((s) => !s.dashed)
    .map((s) => s.hi - s.lo + 1)
    .sort((a, b) => a - b);
  const median = thicknesses.length ? thicknesses[Math.floor(thicknesses.length / 2)] : 2;
  return Math.min(8, Math.max(2, median));
}

/** The description of equipment read from a rectangle drawn with lines. */
export const BOX_EQUIPMENT = 'equipment (box)';

/**
 * How far a junction dot stands out of each side of its line, at least, in line widths (drawn, about one). A scan's
 * bleed into the corners where two heavy lines cross makes a round blob there too, standing out by less.
 */
const DOT_STANDS_OUT = 0.5;

/**
 * Symbols from the components left after line removal (their pixels in `ink`), plus rectangles drawn with
 * lines. `knownText`: where a PDF's text layer puts its texts. Their letters are no symbol's part, however
 * close they are drawn (a tag touching a valve's actuator); inside a bubble they still make it one.
 */
export function findSymbols(
  components: Component[],
  segments: Segment[],
  width: number,
  height: number,
  unit: number,
  ink: Uint8Array,
  knownText: Box[] = [],
): SymbolResult {
  const inkMask: InkMask = { rest: ink, width };
  const inkImage: InkImage = { mask: ink, width, height };
  const thickest = segments.reduce((widest, s) => Math.max(widest, segmentThickness(s)), 0);
  const { dots, candidates } = dotsAndCandidates(components, segments, inkMask, height, unit, thickest);
  const maxBubble = Math.max(40 * unit, 0.022 * Math.max(width, height));
  const { bubbles, circles, inBubble } = findBubbles(candidates, inkImage, unit, maxBubble);
  const { textLines, rest } = textOffPipes(candidates, bubbles, inBubble, knownText, segments, unit);
  const { rectangles, circled } = drawnBoxes(segments, unit, maxBubble, candidates);
  const outlines = new Set<Segment>();
  // The lines meeting a box at its corner run on as pipes: only their stretch along the box is its outline.
  for (const rectangle of rectangles)
    rectangle.edges
      .filter((edge) => !rectangle.cornerLines || boxWithin(segmentBox(edge), rectangle.box, unit + 1))
      .forEach((edge) => outlines.add(edge));
  // What lies inside a box (a circle touching its sides included) is part of it.
  const free = [...bubbles, ...rest].filter((c) => !rectangles.some((r) => boxWithin(c, r.box, unit + 1)));
  const bubbleCircles = new Map(bubbles.map((bubble) => [bubble, circles.get(bubble)!]));
  const groups = findGroups(free, segments, unit, thickest, inkMask, bubbleCircles);

  const shells = findShells(
    groups,
    segments.filter((s) => !outlines.has(s)),
    unit,
  ).map((shell) => ({ ...shell, ...cutAtNecks(shell, inkImage, unit) }));
  const absorbed = new Set(shells.flatMap((shell) => shell.heads));
  for (const shell of shells) shell.outline.forEach((side) => outlines.add(side));

  const pipes = segments.filter((s) => !outlines.has(s));
  const symbols: DetectedSymbol[] = [
    ...rectangles.map((r): DetectedSymbol => {
      if (r.split || circled.has(r))
        return { ...r.box, elementType: 'instrument', description: 'instrument (shared display)', confidence: 0.75, outlined: true };
      return { ...r.box, elementType: 'equipment', description: BOX_EQUIPMENT, confidence: 0.6, outlined: true };
    }),
    ...shells.map((shell): DetectedSymbol =>
      shell.connector
        ? { ...shell.box, elementType: 'off_page_connector', description: 'off-page connector', confidence: 0.6, outlined: true }
        : { ...shell.box, elementType: 'equipment', description: 'equipment (vessel)', confidence: 0.55, outlined: true },
    ),
    // What hung on a stub beyond a shell's head: a symbol on the pipe leaving it.
    ...shells.flatMap((shell) =>
      shell.beyond.map((box): DetectedSymbol => ({ ...box, elementType: 'fitting', description: 'fitting', confidence: 0.4 })),
    ),
    ...groups.filter((_, i) => !absorbed.has(i)).map((g) => classify(g, pipes, unit, bubbleCircles)),
  ];
  return { symbols, textLines, dots: withoutMarkDots(dots, segments, unit), outlines };
}

/**
 * Junction dots, and the components that may be symbols or text: not specks, not what a line's removal left of
 * its stroke, not what covers half the page.
 */
function dotsAndCandidates(
  components: Component[],
  segments: Segment[],
  inkMask: InkMask,
  height: number,
  unit: number,
  thickest: number,
): { dots: Box[]; candidates: Component[] } {
  const { width } = inkMask;
  const dots: Box[] = [];
  const candidates: Component[] = [];
  // Bits of a scanned line's ragged edge that its removal left (they would chain the symbols on it together):
  // small, inside a pipe's band, where no other line meets it (a crossing or a corner is kept on purpose).
  const inBand = (c: Box, s: Segment, margin: number) => {
    const [lo, hi, from, to] = s.orientation === 'horizontal' ? [c.y0, c.y1, c.x0, c.x1] : [c.x0, c.x1, c.y0, c.y1];
    return lo >= s.lo - margin && hi <= s.hi + margin && from >= s.start - margin && to <= s.end + margin;
  };
  const along = (c: Box, s: Segment) => (s.orientation === 'horizontal' ? boxWidth(c) : boxHeight(c));
  const lineResidue = (c: Component) => {
    if (Math.min(boxWidth(c), boxHeight(c)) > thickest + 4) return false;
    const line = segments.find((s) => inBand(c, s, 2) && segmentLength(s) >= 15 * unit && along(c, s) <= 0.1 * segmentLength(s));
    return line !== undefined && !segments.some((s) => s.orientation !== line.orientation && boxesTouch(c, segmentBox(s), 1));
  };
  // A junction dot is a disc on the lines it joins: it stands out alike on both sides of each (a flow arrow's
  // head drawn from a pipe's edge, where the pipe it points along breaks for a crossing, stands out on one side),
  // and by a share of the line's width (the square where two heavy lines cross or bend is no dot).
  const centredOn = (c: Box, lines: Segment[]) =>
    lines.every((s) => {
      const [lo, hi] = s.orientation === 'horizontal' ? [c.y0, c.y1] : [c.x0, c.x1];
      const [before, after] = [s.lo - lo, hi - s.hi];
      const standsOut = Math.min(before, after) >= Math.max(1, DOT_STANDS_OUT * segmentThickness(s));
      return standsOut && Math.abs(before - after) <= Math.max(2, 0.5 * Math.max(before, after));
    });
  for (const c of components) {
    const w = boxWidth(c);
    const h = boxHeight(c);
    const size = Math.max(w, h);
    const fill = c.area / (w * h);
    // A filled disc fills π/4 of its box; letters (E, B) fill less. A junction dot sits on a line; a
    // disc beside the line is part of a symbol (a spectacle blind's blank).
    const linesUnder = () => segments.filter((s) => containsPoint(segmentBox(s), (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2, unit));
    const round = fill >= 0.7 && w / h > 0.75 && w / h < 1.33 && size >= 2 * unit + 1 && size <= 6 * unit;
    // A flow arrow's head on a line is as round a blob but no junction, and no symbol either.
    const under = round ? linesUnder() : [];
    if (under.length > 0) {
      if (balanced(c, inkMask) && centredOn(c, under)) dots.push(c);
      continue;
    }
    // Specks smaller than a stroke are noise; small marks (a hyphen) only join words together.
    if (size < unit) continue;
    if (lineResidue(c)) continue;
    if (w > width * 0.5 || h > height * 0.5) continue;
    candidates.push(c);
  }
  return { dots, candidates };
}

/**
 * Instrument bubbles among the candidates (circles of at most `maxBubble` holding text), each with its circle, and
 * what lies inside them. Blobs holding bubbles are split into their pieces in `candidates`.
 */
function findBubbles(candidates: Component[], inkImage: InkImage, unit: number, maxBubble: number) {
  const inkMask: InkMask = { rest: inkImage.mask, width: inkImage.width };
  // An instrument bubble holds its tag: what lies inside it is read with the bubble, not as free text.
  // A letter O is a ring too, but an empty one.
  const centreInside = (outer: Box, c: Component) =>
    containsPoint(outer, (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2) && boxWidth(c) < 0.7 * boxWidth(outer);
  // A signal line's last dash often touches its bubble: the circle is then found inside the spurs.
  const spurred = new Map(candidates.map((c) => [c, isRing(c, unit) ? undefined : ringInside(c, inkMask, unit)]));
  // A bubble with a leader stuck to it, or drawn against another bubble (a flow element's against its
  // transmitter's), is one blob: each circle in it holding text is a bubble of its own, each piece of the ink left
  // a component. Only blobs with text inside them are searched, for circles larger than a line of text.
  const holdsText = (outer: Box, c: Component) => candidates.filter((inner) => inner !== c && centreInside(outer, inner)).length >= 2;
  for (const c of [...candidates]) {
    const [w, h] = [boxWidth(c), boxHeight(c)];
    const blob = Math.min(w, h) >= maxTextSize(unit) && Math.max(w, h) <= 3 * maxBubble && c.area < 0.5 * w * h;
    if (!blob || isRing(c, unit) || spurred.get(c) || !holdsText(c, c)) continue;
    const rings = ringsIn(c, inkImage, unit, maxTextSize(unit) / 2, maxBubble / 2).filter((ring) => holdsText(ringBox(ring, unit), c));
    if (rings.length === 0) continue;
    const parts = [
      ...rings.flatMap((ring) => ringComponent(ring, inkImage, unit) ?? []),
      ...outsideRings(c, rings, inkImage, unit, 4 * unit),
    ];
    candidates.splice(candidates.indexOf(c), 1, ...parts);
  }
  const circles = new Map<Component, Box>();
  for (const c of candidates) {
    // (A piece split from a blob is looked at here for the first time.)
    const circle = isRing(c, unit) ? c : spurred.has(c) ? spurred.get(c) : ringInside(c, inkMask, unit);
    if (circle && boxWidth(circle) <= maxBubble) circles.set(c, circle);
  }
  const bubbles = candidates.filter((c) => {
    const circle = circles.get(c);
    return circle !== undefined && candidates.filter((inner) => inner !== c && centreInside(circle, inner)).length >= 2;
  });
  const inBubble = new Set(candidates.filter((c) => bubbles.some((bubble) => bubble !== c && centreInside(circles.get(bubble)!, c))));
  return { bubbles, circles, inBubble };
}

/** Lines of text off the pipes, and the parts left for symbols (letters strung on a pipe are a symbol's). */
function textOffPipes(
  candidates: Component[],
  bubbles: Component[],
  inBubble: Set<Component>,
  knownText: Box[],
  segments: Segment[],
  unit: number,
): { textLines: TextLine[]; rest: Component[] } {
  const isKnownText = (c: Component) =>
    knownText.some((t) => containsPoint(t, (c.x0 + c.x1) / 2, (c.y0 + c.y1) / 2) && overlapArea(t, c) >= 0.8 * boxArea(c));
  const text = findTextLines(
    candidates.filter((c) => !inBubble.has(c) && !bubbles.includes(c) && !isKnownText(c)),
    unit,
    maxTextSize(unit),
  );
  // Text sits beside lines; "letters" strung on a line (a valve's two halves) or where a pipe ends (its
  // port) are a symbol.
  const onLine = (line: Box) => segments.some((s) => !s.dashed && (runsThrough(s, line) || endsAt(s, line, unit)));
  // A pipe through or to a tall "letter" off its middle (a valve atop its drain leg, taken as one blob) makes it
  // a symbol's.
  const onMember = (member: Box) =>
    segments.some((s) => !s.dashed && (runsThrough(s, member, 2 * unit) || endsAt(s, member, unit, 2 * unit)));
  const textLines: TextLine[] = [];
  const rest = [...text.rest];
  for (const line of text.lines) {
    // A pipe reaches a member where it passes beside a long line's end (a valve, then its tag).
    if (!onLine(line) && !line.members.some(onMember)) {
      textLines.push(line);
      continue;
    }
    // A tag written right beside its valve chains with it: the symbol is what the pipe reaches and what
    // touches that; the letters left over are still a line of text.
    const symbol = line.members.filter(onMember);
    for (let grown = true; grown;) {
      const more = line.members.filter((m) => !symbol.includes(m) && symbol.some((part) => boxesTouch(part, m, 2 * unit)));
      symbol.push(...more);
      grown = more.length > 0;
    }
    rest.push(...symbol);
    const letters = line.members.filter((m) => !symbol.includes(m));
    if (symbol.length > 0 && letters.length >= 2) textLines.push(textLine(letters, line.orientation));
    else rest.push(...letters);
  }
  return { textLines, rest };
}
