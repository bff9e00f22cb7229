import { grow, type Box, type Point } from './geometry';
import { freeStretch, runDirection } from './process-layout';
import { directionOf, directionVector, isHorizontal, opposite, type Direction } from './routing-grid';
import type { Run, RunEnd, SheetBuilder, SheetSymbol } from './sheet-builder';
import { symbolBox, symbolClass, type SymbolClass, type SymbolVariant } from './symbol-library';
import { utilityConnection } from './symbol-classes';

/**
 * What sits on the process runs once they are routed: inline valves and fittings (some drawn touching, port on
 * port), T branches to safety valves, drains closed by blind flanges, or routed on to other symbols.
 */
const INLINE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['gate_valve', 6],
  ['globe_valve', 3],
  ['ball_valve', 3],
  ['check_valve', 2],
  ['butterfly_valve', 2],
  ['plug_valve', 1],
  ['needle_valve', 1],
  ['three_way_valve', 0.6],
  ['reducer', 2],
  ['flange', 1],
  ['spectacle_blind', 1],
  ['strainer', 1],
];

/**
 * Puts an inline symbol (valve, fitting) on a run, centred on node k, turned with the flow; `against` the inline
 * symbol it is drawn touching (port on port), whose nodes it may share and whose box it may overlap only by pens.
 */
export function placeInline(
  builder: SheetBuilder,
  run: Run,
  k: number,
  cls: SymbolClass,
  tag?: string,
  against?: SheetSymbol,
): SheetSymbol | undefined {
  const { grid } = builder;
  const direction = runDirection(builder, run, k);
  const quarterTurns = isHorizontal(direction) ? 0 : direction === 1 ? 1 : 3;
  const variant = builder.variantFor(cls);
  const placement = builder.placement(grid.point(run.nodes[k]), quarterTurns, direction === 2);
  const box = symbolBox(variant, placement);
  const own = new Set([run.nodes[k - 1], run.nodes[k], run.nodes[k + 1]]);
  const margin = 0.3;
  const theirs = against ? builder.symbols.indexOf(against) + 1 : 0;
  for (const node of theirs ? grid.nodesIn(grow(box, builder.unit * margin)) : []) if (grid.ownerOf(node) === theirs) own.add(node);
  if (!fitsAround(builder, box, margin, own) || (against && !touchesOnly(builder, against.box, box, direction))) return undefined;
  for (const node of own) grid.take(node);
  const symbol = builder.register(cls, variant, placement, box, tag);
  run.cuts.push({ at: k, symbol });
  for (const port of symbol.ports) if (port.kind === 'process' && (port.name === 'a' || port.name === 'b')) symbol.usedPorts.add(port.name);
  return symbol;
}

/** Nothing but `own` nodes within `margin` units of the box, and no text on it. */
function fitsAround(builder: SheetBuilder, box: Box, margin: number, own: Set<number>): boolean {
  const { grid } = builder;
  return grid.nodesIn(grow(box, builder.unit * margin)).every((node) => own.has(node) || grid.isFree(node)) && !builder.overlapsText(box);
}

/** Whether two inline boxes along a run meet without overlapping by more than their pens (a full pen each). */
function touchesOnly(builder: SheetBuilder, a: Box, b: Box, direction: Direction): boolean {
  const axis = isHorizontal(direction) ? 0 : 1;
  const overlap = Math.min(a[axis + 2], b[axis + 2]) - Math.max(a[axis], b[axis]);
  return overlap >= 0 && overlap <= builder.style.symbolWidth * 2.5 + 1;
}

/**
 * Another inline symbol drawn against `first` (centred on node k), on whichever side has room: centred two nodes
 * on, its port on `first`'s, no pipe between.
 */
function placeAgainst(builder: SheetBuilder, run: Run, k: number, first: SheetSymbol): SheetSymbol | undefined {
  const { grid, rng } = builder;
  for (const side of rng.shuffle([1, -1])) {
    const at = k + side * 2;
    if (at < 2 || at > run.nodes.length - 3) continue;
    if (![at, at + side].every((j) => grid.isPlainPass(run.nodes[j]))) continue;
    if (
      runDirection(builder, run, at - 1) !== runDirection(builder, run, k) ||
      runDirection(builder, run, at) !== runDirection(builder, run, k)
    )
      continue;
    const cls = builder.catalog?.inline(rng) ?? symbolClass(rng.weighted(INLINE_WEIGHTS));
    const symbol = placeInline(builder, run, at, cls, undefined, first);
    if (symbol) return symbol;
  }
  return undefined;
}

/** A branch from an inline symbol's third port (a three-way valve's), when it has one. */
function branchThird(builder: SheetBuilder, symbol: SheetSymbol): void {
  const third = symbol.ports.find((port) => port.name === 'c');
  if (third) endBranch(builder, { symbol, port: third }, undefined, undefined);
}

/** Scatters valves and fittings over the process runs, some (the builder's `touching` share) in touching pairs or threes. */
export function placeInlineSymbols(builder: SheetBuilder, count: number): void {
  const { rng } = builder;
  const runs = builder.runs.filter((run) => run.style === 'solid');
  for (let placed = 0, tries = 0; placed < count && tries < count * 8 && runs.length > 0; tries++) {
    const run = rng.pick(runs);
    const spots = freeStretch(builder, run);
    if (spots.length === 0) continue;
    const cls = builder.catalog?.inline(rng) ?? symbolClass(rng.weighted(INLINE_WEIGHTS));
    const k = rng.pick(spots);
    const symbol = placeInline(builder, run, k, cls);
    if (!symbol) continue;
    placed++;
    branchThird(builder, symbol);
    // A touching pair, and as often again a third on the pair's other side (reducer, valve, reducer).
    for (let side = 0; side < 2 && placed < count && builder.touches('symbols'); side++) {
      const against = placeAgainst(builder, run, k, symbol);
      if (!against) break;
      placed++;
      branchThird(builder, against);
    }
  }
}

/** Flanges at equipment nozzles (the catalog says which): a flange pair on the pipe, two grid steps from the wall. */
export function placeNozzleFlanges(builder: SheetBuilder): void {
  const { catalog, rng } = builder;
  if (!catalog) return;
  const flange = symbolClass('flange');
  for (const run of builder.runs.filter((candidate) => candidate.style === 'solid')) {
    const ends = [
      { end: run.from, k: 1 },
      { end: run.to, k: run.nodes.length - 2 },
    ];
    for (const { end, k } of ends) {
      if (!('symbol' in end) || end.symbol.cls.elementType !== 'equipment' || k < 1 || k > run.nodes.length - 2) continue;
      // On a straight stretch (bars across a bend would be drawn across the corner) that no other line crosses.
      if (runDirection(builder, run, k - 1) !== runDirection(builder, run, k) || !builder.grid.isPlainPass(run.nodes[k])) continue;
      if (run.cuts.some((cut) => Math.abs(cut.at - k) <= 1) || !catalog.flangedNozzle(rng)) continue;
      placeInline(builder, run, k, flange);
    }
  }
}

/**
 * A T junction on a run and a branch from it: to a safety valve, a drain or vent closed by a valve and a blind
 * flange, or routed to a free port of another symbol.
 */
export function placeBranches(builder: SheetBuilder, count: number, targets: SheetSymbol[]): void {
  const { rng, grid } = builder;
  const runs = builder.runs.filter((run) => run.style === 'solid');
  for (let placed = 0, tries = 0; placed < count && tries < count * 10 && runs.length > 0; tries++) {
    const run = rng.pick(runs);
    const spots = freeStretch(builder, run).filter((k) => k > 3 && k < run.nodes.length - 4);
    if (spots.length === 0) continue;
    const k = rng.pick(spots);
    const along = runDirection(builder, run, k);
    const side = ((along + (rng.chance(0.5) ? 1 : 3)) % 4) as Direction;
    const node = run.nodes[k];
    const junction: RunEnd = { junction: grid.point(node) };
    const branch = endBranch(builder, junction, { node, direction: side }, targets);
    if (!branch) continue;
    grid.take(node);
    run.cuts.push({ at: k, junction: true });
    placed++;
  }
}

/** Ends a branch that starts at `from` (a junction node, or a port with its own stub). */
function endBranch(
  builder: SheetBuilder,
  from: RunEnd,
  start: { node: number; direction: Direction } | undefined,
  targets: SheetSymbol[] | undefined,
): Run | undefined {
  const { rng, grid } = builder;
  let origin = start;
  if (!origin && 'symbol' in from) {
    const stub = builder.stub(from.symbol, from.port);
    if (stub === undefined) return undefined;
    origin = { node: stub, direction: directionOf(from.port.dir) };
  }
  if (!origin) return undefined;
  const kind = rng.weighted([
    ['safety', origin.direction === 3 ? 3 : 0],
    ['drain', 3],
    ['routed', targets ? 4 : 0],
    ['utility', builder.style.utilityConnections ? 4 : 0],
  ] as const);
  if (kind === 'routed' && targets) {
    for (const target of rng.shuffle(targets).slice(0, 4)) {
      const ports = builder
        .freePorts(target, 'process')
        .sort((a, b) => distance(a.at, grid.point(origin.node)) - distance(b.at, grid.point(origin.node)));
      for (const port of ports.slice(0, 2)) {
        const run = start
          ? builder.connect('solid', from, { symbol: target, port }, origin)
          : builder.connect('solid', from, { symbol: target, port });
        if (run) return run;
      }
    }
    return undefined;
  }
  if (kind === 'utility') return utilityBranch(builder, from, origin);
  return kind === 'safety' ? safetyValveBranch(builder, from, origin) : drainBranch(builder, from, origin);
}

/** A straight run of `length` free nodes from `origin` (the origin itself included first). */
function straightNodes(builder: SheetBuilder, origin: { node: number; direction: Direction }, length: number): number[] | undefined {
  const nodes = [origin.node];
  for (let i = 1; i <= length; i++) {
    const node = builder.grid.step(origin.node, origin.direction, i);
    if (node === undefined || !builder.grid.isFree(node)) return undefined;
    nodes.push(node);
  }
  return nodes;
}

function safetyValveBranch(builder: SheetBuilder, from: RunEnd, origin: { node: number; direction: Direction }): Run | undefined {
  const nodes = straightNodes(builder, origin, builder.rng.int(3, 5));
  if (!nodes) return undefined;
  const cls = symbolClass('safety_valve');
  const variant = builder.variantFor(cls);
  const placement = placementWithPortAt(builder, variant, builder.grid.point(nodes[nodes.length - 1]));
  const box = symbolBox(variant, placement);
  if (!fitsAround(builder, box, 0.5, new Set([nodes[nodes.length - 1]]))) return undefined;
  const valve = builder.register(cls, variant, placement, box);
  return builder.addRun('solid', nodes, from, { symbol: valve, port: valve.ports[0] });
}

/**
 * A drain or vent: a short branch with a valve, closed by a blind flange (or, in the corpus, a cap, plug or hose
 * connection), the valve sometimes drawn against its closure.
 */
function drainBranch(builder: SheetBuilder, from: RunEnd, origin: { node: number; direction: Direction }): Run | undefined {
  const nodes = straightNodes(builder, origin, 4);
  if (!nodes) return undefined;
  const cls = builder.catalog?.terminal(builder.rng) ?? symbolClass('blind_flange');
  const variant = builder.variantFor(cls);
  // The flange's port faces back along the branch.
  const quarterTurns = (opposite(origin.direction) - 2 + 4) % 4;
  const placement = builder.placement(builder.grid.point(nodes[4]), quarterTurns);
  const box = symbolBox(variant, placement);
  if (!fitsAround(builder, box, 0.4, new Set([nodes[4]]))) return undefined;
  const flange = builder.register(cls, variant, placement, box);
  const run = builder.addRun('solid', nodes, from, { symbol: flange, port: flange.ports[0] });
  const valveAt = builder.catalog && builder.touches('symbols') ? 3 : 2;
  placeInline(builder, run, valveAt, symbolClass(builder.rng.pick(['gate_valve', 'ball_valve', 'globe_valve'])));
  return run;
}

/** Upright, with the variant's first port at `at`. */
function placementWithPortAt(builder: SheetBuilder, variant: SymbolVariant, at: Point) {
  const local = variant.ports[0].at;
  return builder.placement([at[0] - local[0] * builder.unit, at[1] - local[1] * builder.unit]);
}

const distance = (a: Point, b: Point) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);

const UTILITY_SERVICES = ['PCS', 'D', 'IA', 'PA', 'N', 'LS', 'MS', 'CWS', 'CWR', 'BFW', 'PW', 'FG'];

/**
 * A branch ending in a utility connection: a box of two stacked cells (service code, line number) in upright text,
 * the other sheet's number (and sometimes where the line comes from) written beyond it.
 */
function utilityBranch(builder: SheetBuilder, from: RunEnd, origin: { node: number; direction: Direction }): Run | undefined {
  const { rng, unit, style } = builder;
  const nodes = straightNodes(builder, origin, rng.int(2, 4));
  if (!nodes) return undefined;
  const size = style.textSize;
  const cells = [rng.pick(UTILITY_SERVICES), String(rng.int(1000, 99999))];
  const width = Math.max(...cells.map((cell) => builder.textWidth(cell, size))) / unit + rng.range(0.4, 1);
  const cellHeight = (size * rng.range(1.15, 1.8)) / unit;
  const [dx, dy] = directionVector(origin.direction);
  const variant = utilityConnection(width, cellHeight, [-dx, -dy]);
  const placement = placementWithPortAt(builder, variant, builder.grid.point(nodes[nodes.length - 1]));
  const centre = placement.center;
  const box = symbolBox(variant, placement);
  if (!fitsAround(builder, box, 0.4, new Set([nodes[nodes.length - 1]]))) return undefined;
  const cls = symbolClass('off_page_connector');
  const symbol = builder.register(cls, variant, placement, box);
  const inCell = cells.map((cell, k) =>
    builder.text(
      cell,
      centre[0] - builder.textWidth(cell, size) / 2,
      centre[1] + (k - 0.5) * cellHeight * unit + size * 0.35,
      'label',
      symbol.id,
      false,
      size,
    ),
  );
  // Beyond the box: below it where the branch comes from above, above it otherwise.
  const words = [`${rng.pick(['M6', 'P1', 'U2'])}-${rng.int(100, 999)}-${String(rng.int(1, 99999)).padStart(5, '0')}`];
  if (rng.chance(0.4))
    words.unshift(`${rng.pick(['FROM', 'TO'])} ${rng.pick(['D', 'T', 'V', 'E'])}-${rng.int(100, 999)}-0${rng.int(1, 9)}`);
  const below = origin.direction === 1;
  const outside = words.map((word, k) => {
    const row = below ? box[3] + size * (1.3 + 1.2 * k) : box[1] - size * (0.4 + 1.2 * (words.length - 1 - k));
    return builder.text(word, centre[0] - builder.textWidth(word, size) / 2, row, 'label', symbol.id, false, size);
  });
  if (!builder.reserveTexts([...inCell, ...outside], symbol)) {
    builder.unregisterLast();
    return undefined;
  }
  return builder.addRun('solid', nodes, from, { symbol, port: symbol.ports[0] });
}
