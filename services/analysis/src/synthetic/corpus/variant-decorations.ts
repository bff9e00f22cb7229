import type { Point } from '../geometry';
import type { SymbolVariant } from '../symbol-classes';
import { arc, circle, line, primitivePoints, rect, type Primitive } from '../symbol-primitives';

/**
 * Variants of any symbol, ours or a third party's, as drafters draw them: a valve with a stem and an actuator,
 * with its flanges drawn, with a filled body. The ports stay where they are; the truth box grows with the ink.
 */
export type Actuator = 'handwheel' | 'diaphragm' | 'motor' | 'solenoid' | 'piston';
export const ACTUATORS: readonly Actuator[] = ['handwheel', 'diaphragm', 'motor', 'solenoid', 'piston'];

/** The top of the drawing (smallest y) at the stem's x, in local units. */
function topAt(variant: SymbolVariant): number {
  const ys = variant.primitives.flatMap((primitive) => primitivePoints(primitive).points.map((point) => point[1]));
  return Math.min(...ys);
}

/** A stem up from the body's top and an actuator on it. */
export function withActuator(variant: SymbolVariant, actuator: Actuator): SymbolVariant {
  const top = Math.min(topAt(variant), -0.3);
  const head = top - 0.9;
  const stem = line(0, top, 0, head, { weight: 0.8 });
  const parts: Record<Actuator, Primitive[]> = {
    handwheel: [line(-0.5, head, 0.5, head)],
    diaphragm: [arc(0, head, 0.6, 0.5, 180, 360), line(-0.6, head, 0.6, head)],
    motor: [circle(0, head - 0.45, 0.45)],
    solenoid: [rect(-0.4, head - 0.7, 0.8, 0.7)],
    piston: [rect(-0.5, head - 0.5, 1, 0.5), line(-0.5, head - 0.25, 0.5, head - 0.25, { weight: 0.6 })],
  };
  return { ...variant, name: `${variant.name}+${actuator}`, primitives: [...variant.primitives, stem, ...parts[actuator]] };
}

/** Flange bars across the pipe just outside the inline ports `a` and `b`. */
export function withFlanges(variant: SymbolVariant): SymbolVariant {
  const ends = variant.ports.filter((port) => port.name === 'a' || port.name === 'b');
  if (ends.length !== 2) return variant;
  const bars = ends.map(({ at: [x, y] }: { at: Point }) => line(x, y - 0.45, x, y + 0.45));
  return { ...variant, name: `${variant.name}+flanges`, primitives: [...variant.primitives, ...bars] };
}

/** The closed outlines filled: a closed valve, a solid ball. */
export function withFilledBody(variant: SymbolVariant): SymbolVariant {
  const primitives = variant.primitives.map((primitive) =>
    primitive.kind === 'polyline' && primitive.closed && !primitive.dashed && (primitive.weight ?? 1) >= 0.9
      ? { ...primitive, fill: true }
      : primitive,
  );
  return { ...variant, name: `${variant.name}+filled`, primitives };
}
