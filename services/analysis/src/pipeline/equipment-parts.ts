import { boxArea, boxesTouch, boxGap, boxHeight, boxWidth, boxWithin, unionBox, type Box } from './components';
import { segmentBox, type Segment } from './lines';
import { BOX_EQUIPMENT, type DetectedSymbol } from './symbols';

const centreX = (box: Box) => (box.x0 + box.x1) / 2;

/** An air cooler named less surely than this is a guess (an unknown bubble style): it takes no parts. */
const AIR_COOLER_CONFIDENCE = 0.5;

/**
 * Parts drawn apart above or below an equipment box (a rectangle drawn with lines), on its axis and off every
 * pipe (an air cooler's fan and its motor), are that equipment's: the box grows over them and they are no
 * symbols of their own. So is a roof: a flat part as wide as the box standing on its top or bottom edge (a
 * tank's dome drawn as a path of its own on a PDF), pipes into it or not.
 */
export function withStackedParts(symbols: DetectedSymbol[], pipes: Segment[], unit: number): DetectedSymbol[] {
  const solid = pipes.filter((pipe) => !pipe.dashed).map(segmentBox);
  const absorbed = new Set<DetectedSymbol>();
  // A line inside a part is its own stroke (a motor's side), and one no longer than twice the part a shaft
  // between parts: neither is a pipe reaching it.
  const short = (line: Box, part: Box) =>
    Math.max(line.x1 - line.x0, line.y1 - line.y0) <= 2 * Math.max(part.x1 - part.x0, part.y1 - part.y0);
  const loose = (symbol: DetectedSymbol) =>
    (symbol.elementType === 'valve' || symbol.elementType === 'fitting' || symbol.elementType === 'equipment') &&
    !solid.some((pipe) => boxesTouch(pipe, symbol, 1) && !short(pipe, symbol));
  const grown = symbols.map((equipment) => {
    // Drawn as a box (a vessel's parts below it are its valves, strung on short pipes).
    const drawnAsBox =
      equipment.description === BOX_EQUIPMENT || (equipment.symbolClass === 'air_cooler' && equipment.confidence >= AIR_COOLER_CONFIDENCE);
    if (equipment.elementType !== 'equipment' || !equipment.outlined || !drawnAsBox || absorbed.has(equipment)) return equipment;
    const width = boxWidth(equipment);
    // As far as the box is high: the motor is taken though the fan between was lost.
    const reach = Math.max(3 * unit, equipment.y1 - equipment.y0 + 1);
    // One roof on the box as drawn (not on a roof taken already), and no drawn box of its own.
    const roof = (symbol: DetectedSymbol) =>
      (symbol.elementType === 'fitting' || symbol.elementType === 'equipment') &&
      !symbol.outlined &&
      Math.abs(boxWidth(symbol) - width) <= 0.1 * width + unit &&
      boxHeight(symbol) <= 0.5 * width &&
      (Math.abs(symbol.y1 - equipment.y0) <= 2 * unit || Math.abs(symbol.y0 - equipment.y1) <= 2 * unit);
    let box: Box = equipment;
    for (let found = true; found;) {
      const stacked = (symbol: DetectedSymbol) =>
        boxWidth(symbol) <= 0.7 * width && boxGap(symbol, box) <= reach && (symbol.y1 < box.y0 || symbol.y0 > box.y1) && loose(symbol);
      const part = symbols.find(
        (symbol) =>
          symbol !== equipment &&
          !absorbed.has(symbol) &&
          Math.abs(centreX(symbol) - centreX(equipment)) <= 0.1 * width + unit &&
          (stacked(symbol) || roof(symbol)),
      );
      found = part !== undefined;
      if (part) {
        absorbed.add(part);
        box = unionBox(box, part);
      }
    }
    return box === equipment ? equipment : { ...equipment, ...box };
  });
  return grown.filter((symbol) => !absorbed.has(symbol));
}

/**
 * Equipment inside other equipment and as wide as it across (a column's packed bed, a band of internals between two
 * lines across a vessel's shell) is a section of it: no equipment of its own. It lies within the shell (a stroke,
 * `unit`, to spare), and its sides are the shell's, within two strokes.
 */
export function withoutSections(symbols: DetectedSymbol[], unit: number): DetectedSymbol[] {
  const equipment = symbols.filter((symbol) => symbol.elementType === 'equipment');
  const near = (a: number, b: number) => Math.abs(a - b) <= 2 * unit;
  const across = (inner: Box, outer: Box) =>
    (near(inner.x0, outer.x0) && near(inner.x1, outer.x1)) || (near(inner.y0, outer.y0) && near(inner.y1, outer.y1));
  const section = (symbol: DetectedSymbol) =>
    equipment.some(
      (outer) => outer !== symbol && boxArea(outer) > boxArea(symbol) && boxWithin(symbol, outer, unit) && across(symbol, outer),
    );
  return symbols.filter((symbol) => symbol.elementType !== 'equipment' || !section(symbol));
}
