import type { Point } from '../geometry';
import type { PortDefinition, SymbolVariant } from '../symbol-classes';
import type { Primitive } from '../symbol-primitives';
import { strokeText } from '../stroke-font';
import type { Stencil, StencilDraw, StencilSubpath } from './stencil-xml';

/** How a stencil becomes a symbol of the sheet generator: its size and which of its ports carry lines. */
export interface StencilVariantOptions {
  /** Inline on a pipe: the W and E ports become `a` and `b`, two units apart, on the local x axis. */
  inline?: boolean;
  /** Otherwise: the longer side in routing-grid units. */
  size?: number;
  /** Ports carry signal lines (instrument bubbles) rather than process lines. */
  signal?: boolean;
  /** Bodies (background outlines) filled with ink: a closed valve, a filled ball. */
  filledBody?: boolean;
  /** Leave out the shape's own lettering (an instrument bubble that gets its tag written in). */
  withoutText?: boolean;
}

/**
 * A stencil as a `SymbolVariant` in the local frame (units of the routing grid, origin where its ports fall on the
 * lattice). A port whose line could not leave along a lattice line is kept in the truth but marked `unrouted`.
 */
export function stencilVariant(source: Stencil, options: StencilVariantOptions = {}): SymbolVariant {
  // A few source ports sit off the drawing (Flume, Bunker): a line meets the ink, so they move onto it. `center`
  // is a valve's stem point inside its body, kept where it is.
  const stencil = {
    ...source,
    ports: source.ports.map((port) => (port.name === 'center' ? port : { ...port, at: nearestOnOutline(source, port.at) })),
  };
  const frame = options.inline ? inlineFrame(stencil) : freeFrame(stencil, options.size ?? 5);
  if (!frame) throw new Error(`${stencil.library}: shape "${stencil.name}" has no W and E ports on one level to sit inline`);
  const { scale, origin } = frame;
  const local = ([x, y]: Point): Point => [(x - origin[0]) * scale, (y - origin[1]) * scale];
  const draws = options.withoutText ? stencil.draws.filter((draw) => draw.kind !== 'text') : stencil.draws;
  const leads = portLeads(stencil, options.inline ?? false);
  const primitives = draws.flatMap((draw) => drawPrimitives(draw, local, scale, options.filledBody ?? false, leads));
  const ports: PortDefinition[] = stencil.ports.map((port) => {
    const at = local(port.at);
    const dir = portDirection(stencil, port.at);
    const across = dir[0] !== 0 ? at[1] : at[0];
    const named = options.inline ? ({ W: 'a', E: 'b' } as Record<string, string>)[port.name] : undefined;
    const routable = port.name !== 'center' && Math.abs(across - Math.round(across)) < 1e-6;
    return {
      name: named ?? port.name,
      at: routable ? snapAcross(at, dir) : at,
      dir,
      kind: named || !options.signal ? 'process' : 'signal',
      ...(named === 'a' ? { role: 'in' as const } : named === 'b' ? { role: 'out' as const } : {}),
      ...(routable ? {} : { unrouted: true as const }),
    };
  });
  return {
    name: `drawio:${stencil.library}/${stencil.name}${options.filledBody ? ' (filled)' : ''}`,
    primitives,
    ports,
    source: { library: 'drawio-pid', file: stencil.library, shape: stencil.name },
  };
}

/** The point of the stencil's drawn paths nearest to `point`. */
export function nearestOnOutline(stencil: Stencil, point: Point): Point {
  let best: { distance: number; at: Point } = { distance: Infinity, at: point };
  for (const draw of stencil.draws) {
    if (draw.kind !== 'path') continue;
    for (const subpath of draw.subpaths) {
      const points = subpath.closed ? [...subpath.points, subpath.points[0]] : subpath.points;
      for (let i = 1; i < points.length; i++) {
        const at = nearestOnSegment(point, points[i - 1], points[i]);
        const distance = Math.hypot(at[0] - point[0], at[1] - point[1]);
        if (distance < best.distance) best = { distance, at };
      }
    }
  }
  return best.at;
}

function nearestOnSegment(point: Point, a: Point, b: Point): Point {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = dx * dx + dy * dy;
  const t = length ? Math.max(0, Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length)) : 0;
  return [a[0] + t * dx, a[1] + t * dy];
}

const INLINE_EXTENT = 2.5;

/**
 * Inline: W and E two units apart, the origin midway, so the symbol spans its three lattice nodes of the pipe; a
 * shape tall for its span (a flange pair, a clamp) is kept within 2.5 units, its ports then closer in.
 */
function inlineFrame(stencil: Stencil): { scale: number; origin: Point } | undefined {
  const west = stencil.ports.find((port) => port.name === 'W');
  const east = stencil.ports.find((port) => port.name === 'E');
  if (!west || !east || Math.abs(west.at[1] - east.at[1]) > 0.01 * stencil.h || east.at[0] <= west.at[0]) return undefined;
  const scale = Math.min(2 / (east.at[0] - west.at[0]), INLINE_EXTENT / Math.max(stencil.w, stencil.h));
  return { scale, origin: [(west.at[0] + east.at[0]) / 2, west.at[1]] };
}

/**
 * Free-standing: the longer side `size` units (within ±15 %), scaled and shifted so that as many ports as can be
 * leave along lattice lines; the origin is the lattice point nearest the shape's centre.
 */
function freeFrame(stencil: Stencil, size: number): { scale: number; origin: Point } {
  let best = { aligned: -1, scale: 1, origin: [0, 0] as Point };
  for (let step = -3; step <= 3; step++) {
    const scale = (size * (1 + step * 0.05)) / Math.max(stencil.w, stencil.h);
    const phase = (axis: 0 | 1) => {
      const across = stencil.ports
        .filter((port) => port.name !== 'center' && portDirection(stencil, port.at)[axis === 1 ? 0 : 1] !== 0)
        .map((port) => port.at[axis] * scale);
      return bestPhase(across);
    };
    const [px, py] = [phase(0), phase(1)];
    const aligned = px.count + py.count;
    if (aligned <= best.aligned) continue;
    // Origin in shape units: a point whose scaled coordinates share the ports' phase, nearest the centre.
    const near = (centre: number, value: number) => (value + Math.round(centre * scale - value)) / scale;
    best = { aligned, scale, origin: [near(stencil.w / 2, px.value), near(stencil.h / 2, py.value)] };
  }
  return { scale: best.scale, origin: best.origin };
}

/** The fractional offset shared by most coordinates, and how many share it. */
function bestPhase(values: number[]): { value: number; count: number } {
  let best = { value: 0, count: 0 };
  for (const candidate of values) {
    const count = values.filter((value) => Math.abs(fraction(value - candidate)) < 1e-6).length;
    if (count > best.count) best = { value: candidate, count };
  }
  return best;
}

const fraction = (value: number) => value - Math.round(value);

const snapAcross = ([x, y]: Point, dir: Point): Point => (dir[0] !== 0 ? [x, Math.round(y)] : [Math.round(x), y]);

/** A port leaves through the nearest side of the shape's box. */
export function portDirection(stencil: Pick<Stencil, 'w' | 'h'>, [x, y]: Point): Point {
  const sides: [number, Point][] = [
    [x, [-1, 0]],
    [stencil.w - x, [1, 0]],
    [y, [0, -1]],
    [stencil.h - y, [0, 1]],
  ];
  return sides.reduce((best, side) => (side[0] < best[0] - 1e-9 ? side : best))[1];
}

/**
 * A shape's leads: straight open strokes from a port along its pipe's axis into the body, which read as the pipe
 * running on (an orifice's stubs, the stem of a blank or a figure-8 blind, an agitator's shaft), not a stroke from
 * port to port, which runs through the body. Inline shapes lead from their W and E ports, free-standing ones only
 * where they have one port, the end of their one pipe (a vessel's nozzles are its own).
 */
function portLeads(stencil: Stencil, inline: boolean): Set<StencilSubpath> {
  const leads = new Set<StencilSubpath>();
  const routed = stencil.ports.filter((port) => port.name !== 'center');
  const from = inline ? routed.filter((port) => port.name === 'W' || port.name === 'E') : routed;
  if (from.length !== (inline ? 2 : 1)) return leads;
  const tolerance = 0.02 * Math.max(stencil.w, stencil.h);
  const near = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]) < tolerance;
  for (const draw of stencil.draws) {
    if (draw.kind !== 'path') continue;
    for (const subpath of draw.subpaths) {
      if (subpath.closed || subpath.points.length !== 2) continue;
      for (const port of from) {
        const [atFirst, atSecond] = subpath.points.map((point) => near(point, port.at));
        if (atFirst === atSecond) continue;
        const other = subpath.points[atFirst ? 1 : 0];
        const along = portDirection(stencil, port.at)[0] !== 0 ? other[1] - port.at[1] : other[0] - port.at[0];
        if (Math.abs(along) < tolerance && !routed.some((end) => near(other, end.at))) leads.add(subpath);
      }
    }
  }
  return leads;
}

function drawPrimitives(
  draw: StencilDraw,
  local: (point: Point) => Point,
  scale: number,
  filledBody: boolean,
  leads: Set<StencilSubpath>,
): Primitive[] {
  if (draw.kind === 'text') {
    const size = draw.size * scale;
    const strokes = strokeText(draw.string, 0, 0, size, 'futural');
    const xs = strokes.flat().map((point) => point[0]);
    const width = xs.length ? Math.max(...xs) : 0;
    const [ax, ay] = local(draw.at);
    const dx = draw.align === 'left' ? 0 : draw.align === 'right' ? -width : -width / 2;
    const capital = size * 0.72;
    const dy = draw.valign === 'top' ? capital : draw.valign === 'middle' ? capital / 2 : 0;
    return strokes.map((stroke) => ({
      kind: 'polyline',
      points: stroke.map(([x, y]) => [x + ax + dx, y + ay + dy] as Point),
      weight: 0.6,
    }));
  }
  const fill = draw.fill || (filledBody && draw.body && draw.subpaths.every((subpath) => subpath.closed));
  return draw.subpaths.map((subpath) => ({
    kind: 'polyline',
    points: subpath.points.map(local),
    closed: subpath.closed,
    ...(fill ? { fill: true } : {}),
    ...(draw.dash ? { dashed: true } : {}),
    ...(leads.has(subpath) ? { lead: true } : {}),
    // A fill with no stroke still needs a pen for PDF; a hairline keeps it inside the outline.
    weight: draw.stroke ? draw.weight : 0.05,
  }));
}
