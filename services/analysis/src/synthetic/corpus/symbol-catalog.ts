import type { Prng } from '../prng';
import type { SymbolCatalog } from '../sheet-builder';
import { BUBBLE_RADIUS, type SymbolClass, type SymbolVariant } from '../symbol-library';
import { drawioShapes, type DrawioShape } from '../stencils/drawio-library';
import { stencilVariant } from '../stencils/stencil-variant';
import { pipeEndClosure } from './pipe-end-closures';
import { ACTUATORS, withActuator, withFilledBody, withFlanges } from './variant-decorations';

/** How often, on one sheet, each kind of variation is drawn (0–1). */
export interface SymbolMix {
  /** A placed symbol comes from the draw.io library rather than ours. */
  thirdParty: number;
  /** Valve bodies filled. */
  filled: number;
  /** Valves with a stem and an actuator. */
  actuated: number;
  /** Inline symbols with their flanges drawn. */
  flanged: number;
  /** Inline symbols with another drawn against them, port on port with no pipe between. */
  touching: number;
  /** Tags and labels written against their symbol's outline. */
  tagsTouching: number;
}

const EQUIPMENT_PREFIX: Record<string, string> = {
  centrifugal_pump: 'P',
  positive_displacement_pump: 'P',
  compressor: 'K',
  vertical_vessel: 'V',
  horizontal_vessel: 'V',
  tank: 'T',
  column: 'C',
  shell_tube_exchanger: 'E',
  plate_exchanger: 'E',
  air_cooler: 'E',
  filter: 'F',
};

/** Valves take actuators and filled bodies; check and safety valves are not operated that way. */
const OPERATED = (cls: SymbolClass) => cls.elementType === 'valve' && !/check|safety/.test(cls.className);

/**
 * The corpus's symbol catalog for one sheet: every draw.io shape, drawn about as often as every other (so the
 * whole library shows up across a corpus), each as a class of its own carrying its mapped class name, and
 * decorations on ours and theirs alike.
 */
export function corpusCatalog(mix: SymbolMix): SymbolCatalog & { isThirdParty(cls: SymbolClass): boolean } {
  const shapes = drawioShapes();
  const inline = shapes.filter((shape) => shape.placement === 'inline');
  const free = shapes.filter((shape) => shape.placement === 'equipment');
  const instruments = shapes.filter((shape) => shape.placement === 'instrument');
  const made = new WeakSet<SymbolClass>();
  const classOf = (shape: DrawioShape, variant: SymbolVariant): SymbolClass => {
    const cls: SymbolClass = {
      className: shape.className,
      elementType: shape.elementType,
      placement: shape.placement === 'inline' ? 'inline' : 'equipment',
      variants: [variant],
      quarterTurns: shape.placement === 'inline' ? [0, 1, 2, 3] : [0],
    };
    made.add(cls);
    return cls;
  };
  const decorate = (cls: SymbolClass, variant: SymbolVariant, rng: Prng): SymbolVariant => {
    let result = variant;
    if (cls.placement !== 'inline') return result;
    if (OPERATED(cls) && rng.chance(mix.filled)) result = withFilledBody(result);
    if (OPERATED(cls) && rng.chance(mix.actuated)) result = withActuator(result, rng.pick(ACTUATORS));
    if (rng.chance(mix.flanged)) result = withFlanges(result);
    return result;
  };
  return {
    isThirdParty: (cls) => made.has(cls),
    variantFor(cls, rng) {
      if (made.has(cls)) return decorate(cls, cls.variants[0], rng);
      const alike = instruments.filter((shape) => shape.className === cls.className);
      if (cls.placement === 'instrument' && alike.length && rng.chance(mix.thirdParty)) {
        const shape = rng.pick(alike);
        return stencilVariant(shape.stencil, { size: BUBBLE_RADIUS * 2.2, signal: true, withoutText: true });
      }
      const own = rng.chance(0.5) ? rng.pick(cls.variants) : cls.variants[0];
      return decorate(cls, own, rng);
    },
    equipment(rng) {
      if (!rng.chance(mix.thirdParty)) return undefined;
      const shape = rng.pick(free);
      const variant = stencilVariant(shape.stencil, { size: rng.range(3.5, 7), filledBody: rng.chance(mix.filled * 0.3) });
      return { cls: classOf(shape, variant), variant, prefix: EQUIPMENT_PREFIX[shape.className] ?? 'X' };
    },
    inline(rng) {
      if (!rng.chance(mix.thirdParty)) return undefined;
      const shape = rng.pick(inline);
      return classOf(shape, stencilVariant(shape.stencil, { inline: true }));
    },
    // Drains and vents end as often in a cap, a plug or a hose connection as in a blind flange.
    terminal: (rng) => (rng.chance(0.7) ? pipeEndClosure(rng) : undefined),
    flangedNozzle: (rng) => rng.chance(mix.flanged),
  };
}
