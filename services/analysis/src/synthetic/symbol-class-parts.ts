/** The types of the generator's symbol library and the helpers its class files share. */
import type { ElementType } from '@pid/contracts';
import type { Point } from './geometry';
import type { Primitive } from './symbol-primitives';

/**
 * Where a pipe or signal line attaches, in the local frame. `dir` points away from the symbol; the coordinate
 * across `dir` is a whole number so that the line leaves along a routing-grid line.
 */
export interface PortDefinition {
  name: string;
  at: Point;
  dir: Point;
  kind: 'process' | 'signal';
  /** For equipment: which way the flow prefers it. */
  role?: 'in' | 'out';
  /** A third-party port off the routing lattice: in the truth, but no line is routed to it. */
  unrouted?: true;
}

export interface SymbolVariant {
  name: string;
  primitives: Primitive[];
  ports: PortDefinition[];
  /** Where the drawing comes from; absent for the project's own library. */
  source?: { library: 'drawio-pid'; file: string; shape: string };
}

/**
 * How a symbol sits on a sheet: equipment on its own; inline symbols on a pipe (ports at ±x); terminals end a
 * branch (one port); instruments are bubbles with signal ports; connectors sit at the sheet edge.
 */
export type SymbolPlacementKind = 'equipment' | 'inline' | 'terminal' | 'instrument' | 'connector';

export interface SymbolClass {
  className: string;
  elementType: ElementType;
  placement: SymbolPlacementKind;
  variants: SymbolVariant[];
  /** Quarter turns (clockwise) it may be drawn at: inline symbols follow their pipe. */
  quarterTurns: number[];
  /** Two bars meeting across the pipe (a flange pair): in the truth, two flanges (`jointFaces`). */
  joint?: true;
}

export const port = (name: string, x: number, y: number, dx: number, dy: number, role?: 'in' | 'out'): PortDefinition => ({
  name,
  at: [x, y],
  dir: [dx, dy],
  kind: 'process',
  role,
});
export const signal = (name: string, x: number, y: number, dx: number, dy: number): PortDefinition => ({
  name,
  at: [x, y],
  dir: [dx, dy],
  kind: 'signal',
});
/** The two ends of an inline symbol `w` units either side of its centre. */
export const inlinePorts = (w = 1) => [port('a', -w, 0, -1, 0, 'in'), port('b', w, 0, 1, 0, 'out')];
export const INLINE_TURNS = [0, 1, 2, 3];
export const UPRIGHT = [0];
export const thin = { weight: 0.6 };

export const variant = (name: string, primitives: Primitive[], ports: PortDefinition[]): SymbolVariant => ({ name, primitives, ports });

/** A class drawn on a pipe, turned with it. */
export const inlineClass = (className: string, elementType: ElementType, variants: SymbolVariant[]): SymbolClass => ({
  className,
  elementType,
  placement: 'inline',
  quarterTurns: INLINE_TURNS,
  variants,
});
