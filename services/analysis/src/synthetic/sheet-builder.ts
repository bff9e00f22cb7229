import type { TextRole } from '../benchmark/ground-truth';
import type { DraftingStyle } from './drafting-styles';
import { boxContains, boxesOverlap, grow, segmentHitsBox, type Box, type Point } from './geometry';
import type { PdfCanvas, TextOptions } from './pdf-canvas';
import type { Prng } from './prng';
import { directionOf, isHorizontal, opposite, type Direction, type RoutingGrid } from './routing-grid';
import { placedPorts, symbolBox, type PlacedPort, type SymbolClass, type SymbolPlacement, type SymbolVariant } from './symbol-library';

export interface SheetSymbol {
  id: string;
  cls: SymbolClass;
  variant: SymbolVariant;
  placement: SymbolPlacement;
  box: Box;
  ports: PlacedPort[];
  usedPorts: Set<string>;
  tag?: string;
}

/**
 * More symbols to draw from than our own library (the training corpus: third-party shapes, variants with stems,
 * actuators or flanges). Each hook may answer undefined to leave the choice to the generator.
 */
export interface SymbolCatalog {
  /** A variant of `cls` to draw. */
  variantFor(cls: SymbolClass, rng: Prng): SymbolVariant | undefined;
  /** A piece of equipment (or other free-standing shape) to place instead of one of ours. */
  equipment(rng: Prng): { cls: SymbolClass; variant: SymbolVariant; prefix: string } | undefined;
  /** A class to put inline on a pipe instead of one of ours. */
  inline(rng: Prng): SymbolClass | undefined;
  /** What closes a drain or vent instead of our blind flange. */
  terminal(rng: Prng): SymbolClass | undefined;
  /** Whether a pipe leaving equipment has its nozzle's flanges drawn. */
  flangedNozzle(rng: Prng): boolean;
}

/**
 * Shares of placements drawn touching on purpose (the training corpus): an inline symbol against the one before
 * it on its pipe, port to port with no pipe between; a tag or label written against its symbol's outline.
 */
export interface Touching {
  symbols: number;
  tags: number;
}

/** Where a run starts or ends: a symbol's port, or a T junction on another run. */
export type RunEnd = { symbol: SheetSymbol; port: PlacedPort } | { junction: Point };

/** Where a run is cut: a T junction at a node, or an inline symbol centred on a node. */
export type RunCut = { at: number; junction: true } | { at: number; symbol: SheetSymbol };

/** One routed line (process pipe or signal line) from end to end, before inline symbols and junctions cut it. */
export interface Run {
  index: number;
  style: 'solid' | 'dashed';
  nodes: number[];
  from: RunEnd;
  to: RunEnd;
  cuts: RunCut[];
}

export interface PlacedText {
  string: string;
  x: number;
  y: number;
  options: TextOptions;
  box: Box;
  role: TextRole;
  ownerId?: string;
}

/** A drawn piece of a run between two cuts: one truth pipe. */
export interface Piece {
  id: string;
  style: 'solid' | 'dashed';
  run: Run;
  polyline: Point[];
}

/**
 * The sheet being laid out: the lattice, what is placed so far, and the checks that keep things from
 * overlapping. Symbols and text reserve lattice nodes; pieces and late text are checked by geometry.
 */
export class SheetBuilder {
  readonly symbols: SheetSymbol[] = [];
  readonly runs: Run[] = [];
  readonly texts: PlacedText[] = [];
  /** Flow arrows and other marks texts must avoid. */
  readonly marks: Box[] = [];
  pieces: Piece[] = [];

  constructor(
    readonly canvas: PdfCanvas,
    readonly style: DraftingStyle,
    readonly grid: RoutingGrid,
    readonly rng: Prng,
    readonly catalog?: SymbolCatalog,
    readonly touching?: Touching,
  ) {}

  /** Whether this placement is drawn touching (`kind`'s share of them); draws nothing when the share is 0 or unset. */
  touches(kind: keyof Touching): boolean {
    const share = this.touching?.[kind] ?? 0;
    return share > 0 && this.rng.chance(share);
  }

  get unit(): number {
    return this.style.unit;
  }

  variantFor(cls: SymbolClass): SymbolVariant {
    const chosen = this.catalog?.variantFor(cls, this.rng);
    if (chosen) return chosen;
    if (this.rng.chance(this.style.variantMix)) return this.rng.pick(cls.variants);
    return cls.variants[this.style.variantSeed % cls.variants.length];
  }

  placement(center: Point, quarterTurns = 0, mirror = false): SymbolPlacement {
    return { center, unit: this.unit, quarterTurns, mirror, lineWidth: this.style.symbolWidth };
  }

  /** Places a symbol where its box (with `clearance` units around) is free; undefined when it is not. */
  tryPlace(cls: SymbolClass, variant: SymbolVariant, placement: SymbolPlacement, clearance: number, tag?: string): SheetSymbol | undefined {
    const box = symbolBox(variant, placement);
    if (!boxContains(this.grid.area, box) || !this.grid.isBoxFree(grow(box, clearance * this.unit)) || this.overlapsText(box))
      return undefined;
    return this.register(cls, variant, placement, box, tag);
  }

  /** Text may sit between lattice nodes, so symbols check it by geometry too. */
  overlapsText(box: Box): boolean {
    const zone = grow(box, this.unit * 0.2);
    return this.texts.some((text) => boxesOverlap(text.box, zone));
  }

  register(cls: SymbolClass, variant: SymbolVariant, placement: SymbolPlacement, box: Box, tag?: string): SheetSymbol {
    const symbol: SheetSymbol = {
      id: `S${String(this.symbols.length + 1).padStart(3, '0')}`,
      cls,
      variant,
      placement,
      box,
      ports: placedPorts(variant, placement),
      usedPorts: new Set(),
      tag,
    };
    this.symbols.push(symbol);
    this.grid.block(grow(box, this.unit * 0.5), this.symbols.length);
    return symbol;
  }

  /** Takes back the last symbol placed, freeing its nodes. */
  unregisterLast(): void {
    this.grid.unblock(this.symbols.length);
    this.symbols.pop();
  }

  /** The first lattice node out from a port, clear of its own symbol: where its line joins the lattice. */
  stub(symbol: SheetSymbol, port: PlacedPort): number | undefined {
    const index = this.symbols.indexOf(symbol) + 1;
    const direction = directionOf(port.dir);
    const along = isHorizontal(direction) ? port.at[0] : port.at[1];
    const origin = isHorizontal(direction) ? this.grid.area[0] : this.grid.area[1];
    const sign = direction < 2 ? 1 : -1;
    // The nearest lattice line at least half a unit out along the port's direction.
    let k = sign > 0 ? Math.ceil((along - origin) / this.unit + 0.5 - 1e-6) : Math.floor((along - origin) / this.unit - 0.5 + 1e-6);
    for (let tries = 0; tries < 40; tries++, k += sign) {
      const point: Point = isHorizontal(direction) ? [origin + k * this.unit, port.at[1]] : [port.at[0], origin + k * this.unit];
      const node = this.grid.nodeAt(point);
      if (node === undefined) return undefined;
      if (this.grid.ownerOf(node) === index) continue;
      return this.grid.isFree(node) ? node : undefined;
    }
    return undefined;
  }

  /** Routes a new run between two ends; the ports are marked used. */
  connect(
    style: 'solid' | 'dashed',
    from: RunEnd,
    to: { symbol: SheetSymbol; port: PlacedPort },
    start?: { node: number; direction: Direction },
  ): Run | undefined {
    let startNode: number | undefined;
    let startDirection: Direction;
    if (start) {
      startNode = start.node;
      startDirection = start.direction;
    } else {
      if (!('symbol' in from)) return undefined;
      startNode = this.stub(from.symbol, from.port);
      startDirection = directionOf(from.port.dir);
    }
    const goal = this.stub(to.symbol, to.port);
    if (startNode === undefined || goal === undefined) return undefined;
    // The first step leaves the start node, so a port's stub node starts the path already aligned.
    const arrival = opposite(directionOf(to.port.dir));
    // Two ports facing each other across one node: a straight line through it.
    // Signal lines are short: a search that wanders far is given up early.
    const limit = style === 'dashed' ? 30_000 : undefined;
    const path =
      startNode === goal && startDirection === arrival ? [goal] : this.grid.route(startNode, startDirection, goal, arrival, limit);
    if (!path) return undefined;
    return this.addRun(style, path, from, to);
  }

  addRun(style: 'solid' | 'dashed', nodes: number[], from: RunEnd, to: RunEnd): Run {
    const run: Run = { index: this.runs.length, style, nodes, from, to, cuts: [] };
    this.grid.commit(nodes, run.index);
    if ('symbol' in from) from.symbol.usedPorts.add(from.port.name);
    if ('symbol' in to) to.symbol.usedPorts.add(to.port.name);
    this.runs.push(run);
    return run;
  }

  freePorts(symbol: SheetSymbol, kind: 'process' | 'signal'): PlacedPort[] {
    return symbol.ports.filter(
      (port) => port.kind === kind && !port.unrouted && !symbol.usedPorts.has(port.name) && this.stub(symbol, port) !== undefined,
    );
  }

  /**
   * Text placed before routing reserves its nodes so that lines go around it; a block of lines all or none. Text
   * written `against` a symbol may take that symbol's nodes.
   */
  reserveTexts(block: PlacedText[], against?: SheetSymbol): boolean {
    const zones = block.map((text) => grow(text.box, this.unit * 0.5));
    const owner = against ? this.symbols.indexOf(against) + 1 : 0;
    const free = (node: number) => this.grid.isFree(node) || (owner > 0 && this.grid.ownerOf(node) === owner);
    const fits = block.every(
      (text, i) =>
        boxContains(this.grid.area, text.box) &&
        this.grid.nodesIn(zones[i]).every(free) &&
        !this.texts.some((other) => boxesOverlap(other.box, zones[i])),
    );
    if (!fits) return false;
    for (const zone of zones) this.grid.block(zone, -1);
    this.texts.push(...block);
    return true;
  }

  /** Text placed after routing: clear of every symbol (but `against`, which it may touch), line, mark and text by `gap` pixels. */
  placeLateText(text: PlacedText, gap: number, against?: SheetSymbol): boolean {
    const zone = grow(text.box, gap);
    if (!boxContains(this.grid.area, text.box)) return false;
    if (this.symbols.some((symbol) => symbol !== against && boxesOverlap(symbol.box, zone))) return false;
    if (this.texts.some((other) => boxesOverlap(other.box, zone)) || this.marks.some((mark) => boxesOverlap(mark, zone))) return false;
    for (const piece of this.pieces) {
      for (let i = 1; i < piece.polyline.length; i++) if (segmentHitsBox(piece.polyline[i - 1], piece.polyline[i], zone)) return false;
    }
    this.texts.push(text);
    return true;
  }

  text(
    string: string,
    x: number,
    y: number,
    role: PlacedText['role'],
    ownerId?: string,
    vertical = false,
    size = this.style.textSize,
  ): PlacedText {
    const options: TextOptions = { font: this.style.font, size, vertical };
    return { string, x, y, options, box: this.canvas.textBox(string, x, y, options), role, ownerId };
  }

  textWidth(string: string, size = this.style.textSize): number {
    return this.canvas.measure(string, { font: this.style.font, size }).width;
  }
}
