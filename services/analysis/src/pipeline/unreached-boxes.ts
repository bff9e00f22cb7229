import { boxesTouch } from './components';
import type { PageConnection } from './stages/page-connections';
import type { DetectedSymbol } from './symbols';

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
  const loose = new Set(symbols.filter((symbol) => symbol.description === 'equipment (box)' && !reached.has(symbol)));
  const others = symbols.filter((symbol) => symbol.elementType !== 'text' && !loose.has(symbol));
  // Boxes against a symbol that is kept are kept, and so on through the boxes against them.
  const kept = [...loose].filter((box) => others.some((other) => boxesTouch(box, other, 1)));
  for (let i = 0; i < kept.length; i++) {
    for (const box of loose) if (!kept.includes(box) && boxesTouch(box, kept[i], 1)) kept.push(box);
  }
  return symbols.filter((symbol) => !loose.has(symbol) || kept.includes(symbol));
}
