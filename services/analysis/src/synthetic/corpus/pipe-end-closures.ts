import type { Prng } from '../prng';
import type { PortDefinition, SymbolClass, SymbolVariant } from '../symbol-classes';
import { arc, line, polygon, polyline, rect, type Primitive } from '../symbol-primitives';
import { OTHER_SYMBOL } from '../stencils/drawio-library';

/**
 * What closes a drain or a vent at its end, as drafters draw it (ISO 10628, PIP PIC001): a blank as one heavy bar,
 * a pipe cap, a screwed plug, a hose connection. Each is drawn small, its one port where the pipe comes in (the
 * local origin, the pipe from −x), so that the valve before it can be drawn against it. Caps, plugs and hose
 * connections have no class of our taxonomy: `other_symbol`.
 */
const INLET: PortDefinition = { name: 'a', at: [0, 0], dir: [-1, 0], kind: 'process', role: 'in' };

const closure = (className: string, name: string, primitives: Primitive[]): SymbolClass => ({
  className,
  elementType: 'fitting',
  placement: 'terminal',
  quarterTurns: [0, 1, 2, 3],
  variants: [{ name: `closure:${name}`, primitives, ports: [INLET] } satisfies SymbolVariant],
});

export const PIPE_END_CLOSURES: readonly SymbolClass[] = [
  closure('blind_flange', 'heavy-bar', [line(0.1, -0.6, 0.1, 0.6, { weight: 2.2 })]),
  closure('blind_flange', 'flange-and-blank', [line(0, -0.6, 0, 0.6), line(0.25, -0.6, 0.25, 0.6, { weight: 1.8 })]),
  closure(OTHER_SYMBOL, 'cap', [arc(0, 0, 0.45, 0.5, -90, 90)]),
  closure(OTHER_SYMBOL, 'square-cap', [
    polyline([
      [0, -0.45],
      [0.4, -0.45],
      [0.4, 0.45],
      [0, 0.45],
    ]),
  ]),
  closure(OTHER_SYMBOL, 'plug', [rect(0, -0.3, 0.45, 0.6, { fill: true })]),
  closure(OTHER_SYMBOL, 'hatched-plug', [
    rect(0, -0.3, 0.5, 0.6),
    line(0, 0.1, 0.4, -0.3, { weight: 0.6 }),
    line(0.1, 0.3, 0.5, -0.1, { weight: 0.6 }),
  ]),
  closure(OTHER_SYMBOL, 'hose-connection', [
    line(0, -0.35, 0, 0.35),
    polyline([
      [0.15, -0.5],
      [0.6, 0],
      [0.15, 0.5],
    ]),
  ]),
  closure(OTHER_SYMBOL, 'threaded-cap', [
    polygon([
      [0, -0.4],
      [0.35, -0.4],
      [0.5, 0],
      [0.35, 0.4],
      [0, 0.4],
    ]),
  ]),
];

/** One closure, any of them as often as another. */
export function pipeEndClosure(rng: Prng): SymbolClass {
  return rng.pick(PIPE_END_CLOSURES);
}
