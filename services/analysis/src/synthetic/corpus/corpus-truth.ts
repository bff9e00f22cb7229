import type { ElementType } from '@pid/contracts';
import { boundsOf, samePoint, type Box, type Point } from '../geometry';
import type { RunEnd, SheetBuilder, SheetSymbol } from '../sheet-builder';
import { bodyPrimitives, symbolBodyBox, toPage } from '../symbol-library';
import { pieceMarks, type SignalMark } from '../signal-marks';
import { primitivePoints } from '../symbol-primitives';
import type { Furniture, FurnitureText } from './sheet-furniture';
import { LAYOUT_DPI, type SheetPlan } from './sheet-plan';

/**
 * The exact truth of one corpus sheet (schema `pid-corpus/1`, documented in `README.md` beside this file), in pixels of
 * the sheet's rendition (its own dpi, after any skew).
 */
export interface CorpusTruth {
  schema: 'pid-corpus/1';
  name: string;
  imageSize: { width: number; height: number };
  /** The plan the sheet was drawn from: page, dpi, drafting style, symbol mix, furniture, damage. */
  plan: SheetPlan;
  symbols: CorpusSymbol[];
  pipes: CorpusPipe[];
  junctions: { id: string; at: Point; pipes: string[] }[];
  crossings: { at: Point; pipes: string[] }[];
  /**
   * The connection graph: each pipe with what each of its ends meets, then each pair of symbols drawn touching,
   * port on port with no pipe between (`pipe: null`).
   */
  connections: { pipe: string | null; from: PipeEnd; to: PipeEnd }[];
  texts: { string: string; box: Box; role: 'tag' | 'line_number' | 'label' | 'note'; ownerId?: string }[];
  furniture: Furniture[];
}

export type PipeEnd = { symbol: string; port: string } | { junction: string } | { open: true };

export interface CorpusSymbol {
  id: string;
  /** Our taxonomy's class, or `other_symbol`. */
  className: string;
  elementType: ElementType;
  library: 'project' | 'drawio-pid';
  /** draw.io: the file and the shape's name; ours: the variant's name. */
  shape: string;
  file?: string;
  /** The variant as drawn (with any stem, actuator, flanges, fill). */
  variant: string;
  /** Ink box of the body (leads drawn along the pipe left out), axis-aligned. */
  box: Box;
  /** The symbol's own frame as four corners (clockwise from its top left): turned with it and with the skew. */
  turnedBox: [Point, Point, Point, Point];
  quarterTurns: number;
  mirror: boolean;
  tag?: string;
  ports: { name: string; at: Point; kind: 'process' | 'signal'; connected: boolean }[];
}

export interface CorpusPipe {
  id: string;
  kind: 'process' | 'signal';
  /** Stroke width in pixels of the rendition. */
  width: number;
  /** Dash pattern in pixels; null for a solid line. */
  dash: number[] | null;
  /** A signal line drawn solid with ISA marks (`signal-marks.ts`). */
  marks?: SignalMark;
  polyline: Point[];
}

/** The truth in the 200-dpi layout space; `mapTruth` takes it to the rendition. */
export function layoutTruth(
  builder: SheetBuilder,
  plan: SheetPlan,
  name: string,
  furniture: { items: Furniture[]; texts: FurnitureText[] },
): CorpusTruth {
  const { style } = builder;
  const pipes: CorpusPipe[] = builder.pieces.map((piece) => {
    const marks = pieceMarks(style, piece);
    return {
      id: piece.id,
      kind: piece.style === 'solid' ? 'process' : 'signal',
      width: piece.style === 'solid' ? style.processWidth : style.signalWidth,
      dash: piece.style === 'solid' || marks ? null : style.signalDash,
      ...(marks ? { marks } : {}),
      polyline: piece.polyline,
    };
  });
  const junctions = junctionPoints(builder).map((at, i) => ({
    id: `J${String(i + 1).padStart(3, '0')}`,
    at,
    pipes: pipes.filter((pipe) => endsAt(pipe, at)).map((pipe) => pipe.id),
  }));
  const portAt = (point: Point): PipeEnd | undefined => {
    for (const symbol of builder.symbols) {
      const port = symbol.ports.find((candidate) => samePoint(candidate.at, point, 0.5));
      if (port) return { symbol: symbol.id, port: port.name };
    }
    return undefined;
  };
  const endAt = (point: Point): PipeEnd => {
    const junction = junctions.find((candidate) => samePoint(candidate.at, point, 0.5));
    return portAt(point) ?? (junction ? { junction: junction.id } : { open: true });
  };
  const connections: CorpusTruth['connections'] = [
    ...pipes.map((pipe) => ({ pipe: pipe.id, from: endAt(pipe.polyline[0]), to: endAt(pipe.polyline[pipe.polyline.length - 1]) })),
    ...contacts(builder).map(([from, to]) => ({ pipe: null, from, to })),
  ];
  const connected = new Set(
    connections.flatMap(({ from, to }) => [from, to]).flatMap((end) => ('port' in end ? [`${end.symbol}/${end.port}`] : [])),
  );
  return {
    schema: 'pid-corpus/1',
    name,
    imageSize: { width: builder.canvas.width, height: builder.canvas.height },
    plan,
    symbols: builder.symbols.map((symbol) => corpusSymbol(symbol, connected, bleedInLayout(plan))),
    pipes,
    junctions,
    crossings: crossingPoints(builder, pipes),
    connections,
    texts: [
      ...builder.texts.map((text) => ({
        string: text.string,
        box: text.box,
        role: text.role,
        ...(text.ownerId ? { ownerId: text.ownerId } : {}),
      })),
      ...furniture.texts.map((text) => ({ string: text.string, box: text.box, role: text.role })),
    ],
    furniture: furniture.items,
  };
}

/** How far the scan's ink bleed (`DegradeOptions.bleed`, rendition pixels) grew each stroke, in layout pixels. */
function bleedInLayout(plan: SheetPlan): number {
  return plan.damage ? (Math.max(0, plan.damage.bleed ?? 0) * LAYOUT_DPI) / plan.dpi : 0;
}

function corpusSymbol(symbol: SheetSymbol, connected: Set<string>, bleed: number): CorpusSymbol {
  const { variant, placement } = symbol;
  const source = variant.source;
  // The frame box: every point of the body (leads left out) in the symbol's own frame, padded by the pen, then placed.
  const body = bodyPrimitives(variant);
  const local = body.flatMap((primitive) => primitivePoints(primitive).points);
  const pad = (placement.lineWidth * Math.max(...body.map((primitive) => primitive.weight ?? 1))) / placement.unit;
  const [x0, y0, x1, y1] = boundsOf(local, pad);
  const corners = (
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ] as Point[]
  ).map((point) => toPage(point, placement));
  return {
    id: symbol.id,
    className: symbol.cls.className,
    elementType: symbol.cls.elementType,
    library: source ? 'drawio-pid' : 'project',
    shape: source ? source.shape : variant.name.split('+')[0],
    ...(source ? { file: source.file } : {}),
    variant: variant.name,
    box: symbolBodyBox(variant, placement, bleed),
    turnedBox: corners as CorpusSymbol['turnedBox'],
    quarterTurns: placement.quarterTurns,
    mirror: placement.mirror ?? false,
    ...(symbol.tag ? { tag: symbol.tag } : {}),
    ports: symbol.ports.map((port) => ({
      name: port.name,
      at: port.at,
      kind: port.kind,
      connected: connected.has(`${symbol.id}/${port.name}`),
    })),
  };
}

/**
 * Symbols next to each other on a run that meet port on port: touching, with no pipe between (inline symbols, and
 * a drain's valve against the closure that ends its run).
 */
function contacts(builder: SheetBuilder): [PipeEnd, PipeEnd][] {
  const result: [PipeEnd, PipeEnd][] = [];
  for (const run of builder.runs) {
    const ends = (end: RunEnd) => ('symbol' in end ? [{ symbol: end.symbol }] : []);
    const cuts = [...ends(run.from), ...[...run.cuts].sort((a, b) => a.at - b.at), ...ends(run.to)];
    for (let i = 1; i < cuts.length; i++) {
      const [before, after] = [cuts[i - 1], cuts[i]];
      if (!('symbol' in before) || !('symbol' in after)) continue;
      for (const port of before.symbol.ports) {
        const theirs = after.symbol.ports.find((other) => samePoint(other.at, port.at, 0.5));
        if (theirs)
          result.push([
            { symbol: before.symbol.id, port: port.name },
            { symbol: after.symbol.id, port: theirs.name },
          ]);
      }
    }
  }
  return result;
}

const endsAt = (pipe: CorpusPipe, at: Point) =>
  samePoint(pipe.polyline[0], at, 0.5) || samePoint(pipe.polyline[pipe.polyline.length - 1], at, 0.5);

/** T junctions: where a run starts or ends on another, or is cut for a branch. */
function junctionPoints(builder: SheetBuilder): Point[] {
  const points: Point[] = [];
  const add = (point: Point) => {
    if (!points.some((other) => samePoint(other, point, 0.5))) points.push(point);
  };
  for (const run of builder.runs) {
    if ('junction' in run.from) add(run.from.junction);
    if ('junction' in run.to) add(run.to.junction);
    for (const cut of run.cuts) if ('junction' in cut) add(builder.grid.point(run.nodes[cut.at]));
  }
  return points;
}

/** Lattice nodes where two runs cross without joining, with the pipes passing there. */
function crossingPoints(builder: SheetBuilder, pipes: CorpusPipe[]): { at: Point; pipes: string[] }[] {
  const { grid } = builder;
  const seen = new Set<number>();
  const result: { at: Point; pipes: string[] }[] = [];
  for (const run of builder.runs) {
    for (const node of run.nodes) {
      if (seen.has(node) || !grid.isCrossing(node)) continue;
      seen.add(node);
      const at = grid.point(node);
      result.push({ at, pipes: pipes.filter((pipe) => passes(pipe.polyline, at)).map((pipe) => pipe.id) });
    }
  }
  return result;
}

function passes(polyline: Point[], [x, y]: Point): boolean {
  for (let i = 1; i < polyline.length; i++) {
    const [a, b] = [polyline[i - 1], polyline[i]];
    const within = (v: number, p: number, q: number) => v >= Math.min(p, q) - 0.5 && v <= Math.max(p, q) + 0.5;
    if (within(x, a[0], b[0]) && within(y, a[1], b[1])) return true;
  }
  return false;
}

/** The truth moved by `map` (scale to the rendition, then any skew); axis-aligned boxes re-bounded. */
export function mapTruth(truth: CorpusTruth, map: (point: Point) => Point, imageSize: { width: number; height: number }): CorpusTruth {
  const box = ([x0, y0, x1, y1]: Box): Box => roundBox(boundsOf([map([x0, y0]), map([x1, y0]), map([x1, y1]), map([x0, y1])]));
  const point = (p: Point): Point => roundPoint(map(p));
  const scale = Math.hypot(...subtract(map([1, 0]), map([0, 0])));
  return {
    ...truth,
    imageSize,
    symbols: truth.symbols.map((symbol) => ({
      ...symbol,
      box: box(symbol.box),
      turnedBox: symbol.turnedBox.map(point) as CorpusSymbol['turnedBox'],
      ports: symbol.ports.map((port) => ({ ...port, at: point(port.at) })),
    })),
    pipes: truth.pipes.map((pipe) => ({
      ...pipe,
      width: round(pipe.width * scale),
      dash: pipe.dash && pipe.dash.map((value) => round(value * scale)),
      polyline: pipe.polyline.map(point),
    })),
    junctions: truth.junctions.map((junction) => ({ ...junction, at: point(junction.at) })),
    crossings: truth.crossings.map((crossing) => ({ ...crossing, at: point(crossing.at) })),
    texts: truth.texts.map((text) => ({ ...text, box: box(text.box) })),
    furniture: truth.furniture.map((item) => ({ ...item, box: box(item.box) })),
  };
}

const subtract = (a: Point, b: Point): [number, number] => [a[0] - b[0], a[1] - b[1]];
const round = (value: number) => Math.round(value * 100) / 100;
const roundPoint = ([x, y]: Point): Point => [round(x), round(y)];
const roundBox = (box: Box): Box => box.map(round) as Box;
