import { boxesTouch, inkAt, type Box, type InkImage } from './components';
import type { Segment } from './lines';
import type { PageConnection } from './stages/page-connections';
import { runsThrough } from './symbol-shapes';
import { BOX_EQUIPMENT, type DetectedSymbol } from './symbols';

/**
 * Rectangles read as equipment that stand alone, no pipe reaching them (or a nozzle of theirs) and no other symbol
 * against them, are sheet furniture: a stamp ("NOT FOR CONSTRUCTION"), a note's frame, a table's rows, a hatched band.
 * Equipment has pipes; a box against other symbols is part of a larger one (an exchanger read in pieces), and so is
 * each box against it.
 */
export function withoutUnreachedBoxes(
  symbols: DetectedSymbol[],
  connections: PageConnection[],
  nozzleOf: ReadonlyMap<DetectedSymbol, DetectedSymbol>,
): DetectedSymbol[] {
  const reached = new Set<DetectedSymbol>();
  for (const { source, target } of connections) {
    for (const end of [source, target]) {
      reached.add(end);
      const equipment = nozzleOf.get(end);
      if (equipment) reached.add(equipment);
    }
  }
  const loose = symbols.filter((symbol) => symbol.description === BOX_EQUIPMENT && !reached.has(symbol));
  const others = symbols.filter((symbol) => symbol.elementType !== 'text' && !loose.includes(symbol));
  // Boxes against a symbol that is kept are kept, and so on through the boxes against them.
  const kept = new Set(loose.filter((box) => others.some((other) => boxesTouch(box, other, 1))));
  for (const keptBox of kept) {
    for (const box of loose) if (boxesTouch(box, keptBox, 1)) kept.add(box);
  }
  const dropped = new Set(loose.filter((box) => !kept.has(box)));
  return symbols.filter((symbol) => !dropped.has(symbol));
}

/**
 * A flange is a face bolted into a pipe: one that no connection reaches, neither a pipe nor its mate, and that no
 * solid line runs through (a pipe open at both ends), is a mark that looks like one (a dimension line's end tick, a
 * stroke of hatching). A blind flange may close a stub too short to trace, whose ink still leaves its box: one that
 * no connection reaches and whose ink touches nothing outside its box is a mark too (a hatched block). A nozzle
 * belongs to its equipment and stays.
 */
export function withoutUnreachedFlanges(
  symbols: DetectedSymbol[],
  connections: PageConnection[],
  lines: Segment[],
  ink: InkImage,
  unit: number,
): DetectedSymbol[] {
  const reached = new Set(connections.flatMap(({ source, target }) => [source, target]));
  const solid = lines.filter((line) => !line.dashed);
  return symbols.filter((symbol) => {
    if (reached.has(symbol)) return true;
    if (symbol.description === 'flange') return solid.some((line) => runsThrough(line, symbol));
    if (symbol.description === 'blind flange') return inkAround(symbol, ink, unit + 1);
    return true;
  });
}

/** Whether any ink lies on the ring of pixels `margin` outside a box (what its ink would touch, leaving it). */
function inkAround(box: Box, ink: InkImage, margin: number): boolean {
  const [x0, y0, x1, y1] = [box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin];
  const at = (x: number, y: number) => inkAt(ink, x, y);
  for (let x = x0; x <= x1; x++) if (at(x, y0) || at(x, y1)) return true;
  for (let y = y0; y <= y1; y++) if (at(x0, y) || at(x1, y)) return true;
  return false;
}
