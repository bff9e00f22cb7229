/** The generator's symbol library: every class it draws, in the class table's order (the detector's class indexes). */
import { EQUIPMENT_CLASSES } from './equipment-classes';
import { FITTING_CLASSES } from './fitting-classes';
import { INSTRUMENT_CLASSES } from './instrument-classes';
import type { SymbolClass } from './symbol-class-parts';
import { VALVE_CLASSES } from './valve-classes';

export type { PortDefinition, SymbolClass, SymbolPlacementKind, SymbolVariant } from './symbol-class-parts';
export { BUBBLE_RADIUS } from './instrument-classes';
export { labelledConnector, utilityConnection } from './fitting-classes';

/** Every class the generator draws (32), by element type. */
export const SYMBOL_CLASSES: readonly SymbolClass[] = [...EQUIPMENT_CLASSES, ...VALVE_CLASSES, ...INSTRUMENT_CLASSES, ...FITTING_CLASSES];

export function symbolClass(className: string): SymbolClass {
  const found = SYMBOL_CLASSES.find((entry) => entry.className === className);
  if (!found) throw new RangeError(`Unknown symbol class ${className}`);
  return found;
}
