import { boxesOverlap, type Box, type Point } from './geometry';
import type { Piece, SheetBuilder, SheetSymbol } from './sheet-builder';

export interface FlowArrow {
  tip: Point;
  direction: Point;
  box: Box;
}

const SERVICE_CODES = ['P', 'P', 'P', 'CW', 'CWR', 'LS', 'MS', 'FG', 'N', 'HC', 'PG', 'SW'];
const SIZES = ['1', '1-1/2', '2', '3', '4', '6', '8', '10', '12'];
const SPECS = ['A1A', 'B2C', 'C1A', 'A3B', 'D1E'];

/** Arrowheads on some long straight pieces, pointing the way the line is drawn (the flow). */
export function placeFlowArrows(builder: SheetBuilder): FlowArrow[] {
  if (!builder.style.flowArrows) return [];
  const arrows: FlowArrow[] = [];
  const size = builder.unit * 0.8;
  for (const piece of builder.pieces) {
    if (piece.style !== 'solid' || !builder.rng.chance(0.3)) continue;
    const [a, b] = longestSegment(piece);
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < builder.unit * 6) continue;
    const direction: Point = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
    // Half way along, off the lattice nodes, where no other line crosses.
    const along = Math.round(length / builder.unit / 2) * builder.unit - builder.unit * 0.5 + size / 2;
    const tip: Point = [a[0] + direction[0] * along, a[1] + direction[1] * along];
    const box: Box = [
      Math.min(tip[0], tip[0] - direction[0] * size) - size * 0.4,
      Math.min(tip[1], tip[1] - direction[1] * size) - size * 0.4,
      Math.max(tip[0], tip[0] - direction[0] * size) + size * 0.4,
      Math.max(tip[1], tip[1] - direction[1] * size) + size * 0.4,
    ];
    const blocked = [...builder.marks, ...builder.texts.map((text) => text.box), ...builder.symbols.map((symbol) => symbol.box)];
    if (blocked.some((other) => boxesOverlap(other, box))) continue;
    builder.marks.push(box);
    arrows.push({ tip, direction, box });
  }
  return arrows;
}

/**
 * A line number on each process run, along its longest pieces (on each long piece of a long run): above a
 * horizontal line or left of a vertical one, else on the other side. It may reach past a short segment's bend.
 */
export function placeLineNumbers(builder: SheetBuilder, unitNumber: number): void {
  const { rng, unit } = builder;
  let sequence = rng.int(1, 80) * 10;
  const area = String(unitNumber / 100).padStart(3, '0');
  for (const run of builder.runs) {
    if (run.style !== 'solid') continue;
    const pieces = builder.pieces
      .filter((piece) => piece.run === run)
      .sort((p, q) => segmentLength(longestSegment(q)) - segmentLength(longestSegment(p)));
    const size = rng.pick(SIZES);
    const service = rng.pick(SERVICE_CODES);
    const spec = rng.pick(SPECS);
    sequence += rng.int(1, 5);
    const number =
      builder.style.lineNumberFormat === 'short'
        ? `${size}"-${service}-${unitNumber * 10 + (sequence % 1000)}-${spec}`
        : `${area}-${service}-${String(sequence % 1000).padStart(3, '0')}-${size}"-${rng.pick(['3CB2S07', '1CA1S01', '6CD1S03'])}` +
          (rng.chance(0.5) ? `-${rng.pick(['H', 'N', 'P'])}-${rng.pick(['40', '50', '80'])}` : '');
    const width = builder.textWidth(number, lineNumberSize(builder));
    let placed = 0;
    for (const piece of pieces) {
      const [a, b] = longestSegment(piece);
      const length = segmentLength([a, b]);
      // Past the first number, only pieces long enough to need their own.
      if (length < width * 0.5 + unit * 1.5 || (placed > 0 && length < unit * 40)) continue;
      if (placeAlong(builder, number, piece, a, b, width)) placed++;
    }
  }
}

/** Line numbers are drawn a little smaller than tags, as on most sheets. */
const lineNumberSize = (builder: SheetBuilder) => Math.round(builder.style.textSize * 0.85);

function placeAlong(builder: SheetBuilder, number: string, piece: Piece, a: Point, b: Point, width: number): boolean {
  const { unit } = builder;
  const offset = unit * 0.35 + builder.style.processWidth / 2;
  const size = lineNumberSize(builder);
  const ascent = size * 0.72;
  const horizontal = a[1] === b[1];
  for (const fraction of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    const [x, y] = [a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction];
    for (const side of [1, -1]) {
      const text = horizontal
        ? builder.text(number, x - width / 2, side > 0 ? y - offset : y + offset + ascent, 'line_number', piece.id, false, size)
        : builder.text(number, side > 0 ? x - offset : x + offset + ascent, y + width / 2, 'line_number', piece.id, true, size);
      if (builder.placeLateText(text, unit * 0.15)) return true;
    }
  }
  return false;
}

/** Tags beside safety and control valves, fail actions, lock positions and other notes as labels. */
export function placeSymbolLabels(builder: SheetBuilder, unitNumber: number): void {
  const { rng } = builder;
  let psv = rng.int(1, 50);
  for (const symbol of builder.symbols) {
    const name = symbol.cls.className;
    if (name === 'safety_valve') {
      const tag = `PSV-${unitNumber + psv++}`;
      if (besideSymbol(builder, symbol, tag, 'tag')) symbol.tag = tag;
      if (rng.chance(0.6)) besideSymbol(builder, symbol, rng.pick(['TO FLARE', 'TO ATM', 'SET 10 BARG']), 'label');
    } else if (name === 'control_valve') {
      // A loop's valve carries its tag (FV-101) where there is room; the truth keeps it only then.
      if (symbol.tag && !besideSymbol(builder, symbol, symbol.tag, 'tag')) symbol.tag = undefined;
      if (rng.chance(0.7)) besideSymbol(builder, symbol, rng.pick(['FC', 'FO', 'FL']), 'label');
    } else if (symbol.cls.elementType === 'valve' && rng.chance(0.12)) {
      besideSymbol(builder, symbol, rng.pick(['NC', 'LO', 'CSO', 'NO']), 'label');
    } else if (symbol.cls.elementType === 'equipment' && rng.chance(0.25)) {
      besideSymbol(builder, symbol, rng.pick(['SEE NOTE 2', 'HOLD 1', 'PACKAGE UNIT', 'INSULATED']), 'label');
    }
  }
}

function besideSymbol(builder: SheetBuilder, symbol: SheetSymbol, string: string, role: 'tag' | 'label'): boolean {
  if (builder.touches('tags') && againstSymbol(builder, symbol, string, role)) return true;
  const { unit } = builder;
  const [x0, y0, x1, y1] = symbol.box;
  const width = builder.textWidth(string);
  const size = lineNumberSize(builder);
  const ascent = size * 0.72;
  const candidates: Point[] = [
    [x1 + unit * 0.4, (y0 + y1) / 2 + ascent / 2],
    [x1 + unit * 0.4, y0 + ascent],
    [x0 - unit * 0.4 - width, (y0 + y1) / 2 + ascent / 2],
    [(x0 + x1) / 2 - width / 2, y0 - unit * 0.4],
    [(x0 + x1) / 2 - width / 2, y1 + unit * 0.4 + ascent],
    [x1 + unit * 0.4, y1 + ascent],
  ];
  return candidates.some(([x, y]) => builder.placeLateText(builder.text(string, x, y, role, symbol.id), unit * 0.15));
}

/** The text written against the symbol's outline: its box reaching half a pen into the symbol's box, on any side. */
function againstSymbol(builder: SheetBuilder, symbol: SheetSymbol, string: string, role: 'tag' | 'label'): boolean {
  const [x0, y0, x1, y1] = symbol.box;
  // The box of the text with its baseline at the origin, to shift into place.
  const [bx0, by0, bx1, by1] = builder.text(string, 0, 0, role, symbol.id).box;
  const [w, h] = [bx1 - bx0, by1 - by0];
  const touch = builder.style.symbolWidth / 2;
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  // Top-left corners of the text's box: above, below, right, left, above right.
  const corners: Point[] = [
    [cx - w / 2, y0 - h + touch],
    [cx - w / 2, y1 - touch],
    [x1 - touch, cy - h / 2],
    [x0 - w + touch, cy - h / 2],
    [x1 - touch, y0 - h + touch],
  ];
  return corners.some(([x, y]) =>
    builder.placeLateText(builder.text(string, x - bx0, y - by0, role, symbol.id), builder.unit * 0.15, symbol),
  );
}

function longestSegment(piece: Piece): [Point, Point] {
  let best: [Point, Point] = [piece.polyline[0], piece.polyline[1]];
  for (let i = 1; i < piece.polyline.length; i++) {
    const segment: [Point, Point] = [piece.polyline[i - 1], piece.polyline[i]];
    if (segmentLength(segment) > segmentLength(best)) best = segment;
  }
  return best;
}

const segmentLength = ([a, b]: [Point, Point]) => Math.hypot(b[0] - a[0], b[1] - a[1]);
