import { boxContains, boxesOverlap, grow, type Box, type Point } from './geometry';
import { labelDraw, type Prng } from './prng';
import type { DraftingStyle } from './drafting-styles';
import type { Paper } from './sheet-generator';
import { directionOf, type Direction } from './routing-grid';
import type { PlacedText, Run, SheetBuilder, SheetSymbol } from './sheet-builder';
import { labelledConnector } from './symbol-classes';
import { symbolBox, symbolClass, type PlacedPort, type SymbolClass, type SymbolVariant } from './symbol-library';

export type Density = 'sparse' | 'normal' | 'dense';

/** Roughly how many symbols of each kind a sheet gets: ~15 / ~40 / ~90 in all on A3. */
export interface SheetBudget {
  equipment: number;
  connectors: number;
  extraLines: number;
  inline: number;
  branches: number;
  loops: number;
}

/** Symbols per sheet relative to A3, for the same physical drawing size (A1 is four A3s, less its wider margins). */
const PAPER_SCALE: Record<Paper, number> = { A4: 0.45, A3: 1, A2: 1.8, A1: 3.5, A0: 7 };

export function sheetBudget(density: Density, paper: Paper, rng: Prng): SheetBudget {
  const base: Record<Density, SheetBudget> = {
    sparse: { equipment: rng.int(3, 4), connectors: 2, extraLines: 0, inline: rng.int(4, 5), branches: 1, loops: 2 },
    normal: { equipment: rng.int(6, 7), connectors: rng.int(3, 4), extraLines: 2, inline: rng.int(13, 15), branches: 3, loops: 5 },
    dense: { equipment: rng.int(11, 13), connectors: rng.int(5, 6), extraLines: 6, inline: rng.int(36, 40), branches: 8, loops: 13 },
  };
  const budget = base[density];
  if (paper === 'A3') return budget;
  const scale = PAPER_SCALE[paper];
  return Object.fromEntries(Object.entries(budget).map(([key, value]) => [key, Math.round(value * scale)])) as unknown as SheetBudget;
}

const EQUIPMENT: readonly (readonly [string, string, number, string[]])[] = [
  ['centrifugal_pump', 'P', 4, ['FEED PUMP', 'REFLUX PUMP', 'BOTTOMS PUMP', 'PRODUCT PUMP', 'TRANSFER PUMP']],
  ['positive_displacement_pump', 'P', 1, ['DOSING PUMP', 'METERING PUMP']],
  ['compressor', 'K', 1, ['RECYCLE GAS COMPRESSOR', 'BOOSTER COMPRESSOR']],
  ['vertical_vessel', 'V', 3, ['FEED SURGE DRUM', 'KNOCK-OUT DRUM', 'SEPARATOR']],
  ['horizontal_vessel', 'V', 2, ['REFLUX DRUM', 'FLASH DRUM', 'ACCUMULATOR']],
  ['tank', 'T', 1.5, ['STORAGE TANK', 'SLOP TANK', 'DAY TANK']],
  ['column', 'C', 1.5, ['STRIPPER', 'ABSORBER', 'SPLITTER']],
  ['shell_tube_exchanger', 'E', 3, ['FEED/EFFLUENT EXCHANGER', 'TRIM COOLER', 'REBOILER', 'CONDENSER']],
  ['plate_exchanger', 'E', 1, ['PLATE COOLER', 'HEAT RECOVERY EXCHANGER']],
  ['air_cooler', 'A', 1, ['OVERHEAD AIR COOLER', 'PRODUCT AIR COOLER']],
  ['filter', 'F', 1.5, ['FEED FILTER', 'COALESCER']],
];

const SERVICES = ['FEED', 'CRUDE', 'NAPHTHA', 'FUEL GAS', 'COOLING WATER', 'LP STEAM', 'FLARE', 'NITROGEN', 'SLOPS', 'PRODUCT'];

/** Places equipment on a loose grid of cells, with tags (and sometimes a description) beside it. */
export function placeEquipment(builder: SheetBuilder, count: number, unitNumber: number): SheetSymbol[] {
  const { grid, rng } = builder;
  const [ax0, ay0, ax1, ay1] = grid.area;
  const columns = Math.max(2, Math.round(Math.sqrt((count * (ax1 - ax0)) / (ay1 - ay0))));
  const rows = Math.max(2, Math.ceil(count / columns) + 1);
  const cellWidth = (ax1 - ax0) / columns;
  const cellHeight = (ay1 - ay0) / rows;
  const cells = rng.shuffle(Array.from({ length: columns * rows }, (_, i) => i));
  const placed: { symbol: SheetSymbol; column: number; row: number }[] = [];
  const counters = new Map<string, number>();
  for (const cell of cells) {
    if (placed.length >= count) break;
    const column = cell % columns;
    const row = Math.floor(cell / columns);
    const cellBox: Box = [ax0 + column * cellWidth, ay0 + row * cellHeight, ax0 + (column + 1) * cellWidth, ay0 + (row + 1) * cellHeight];
    const bottomRow = row === rows - 1;
    for (let attempt = 0; attempt < 6; attempt++) {
      const own = pickEquipment(rng, bottomRow);
      const other = builder.catalog?.equipment(rng);
      const [className, prefix, descriptions] = other ? [other.cls.className, other.prefix, ['']] : [own[0], own[1], own[3]];
      const cls = other?.cls ?? symbolClass(className);
      const variant = other?.variant ?? builder.variantFor(cls);
      const center = grid.snap([
        (cellBox[0] + cellBox[2]) / 2 + rng.range(-0.2, 0.2) * cellWidth,
        (cellBox[1] + cellBox[3]) / 2 + rng.range(-0.2, 0.2) * cellHeight,
      ]);
      const placement = builder.placement(center, 0, className.endsWith('pump') && rng.chance(0.3));
      const box = symbolBox(variant, placement);
      if (!boxContains(cellBox, grow(box, builder.unit * 3))) continue;
      const number = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, number);
      const tag = `${prefix}-${unitNumber + number}${className.endsWith('pump') ? rng.pick(['A', 'A', 'B', '']) : ''}`;
      const symbol = builder.tryPlace(cls, variant, placement, 2, tag);
      if (!symbol) continue;
      // Truth carries the tag only where the sheet shows it.
      if (!placeEquipmentTag(builder, symbol, tag, rng.chance(0.6) ? rng.pick(descriptions) : undefined)) symbol.tag = undefined;
      placed.push({ symbol, column, row });
      break;
    }
  }
  // The flow goes down each column of cells, columns left to right, as a process reads on a sheet.
  return placed.sort((a, b) => a.column - b.column || a.row - b.row).map((entry) => entry.symbol);
}

function pickEquipment(rng: Prng, bottomRow: boolean) {
  const choices = EQUIPMENT.map((entry) => [entry, entry[0].endsWith('pump') && bottomRow ? entry[2] * 3 : entry[2]] as const);
  return rng.weighted(choices);
}

/** The tag goes below, above or beside the equipment, wherever it keeps clear of the nozzles. */
function placeEquipmentTag(builder: SheetBuilder, symbol: SheetSymbol, tag: string, description: string | undefined): boolean {
  const { unit } = builder;
  const size = Math.round(builder.style.textSize * 1.1);
  const lineHeight = size * 1.3;
  const lines = description ? [tag, description] : [tag];
  const widths = lines.map((line) => builder.textWidth(line, line === tag ? size : builder.style.textSize));
  const width = Math.max(...widths);
  const [x0, y0, x1, y1] = symbol.box;
  const cx = (x0 + x1) / 2;
  const below = (gap: number, x: number): Point => [x, y1 + unit * gap + size * 0.75];
  const above = (gap: number, x: number): Point => [x, y0 - unit * gap - lineHeight * (lines.length - 1)];
  // Written against the outline: the tag's top on the box's bottom (into its pen pad), or the last line on its top.
  const ascent = builder.canvas.measure(tag, { font: builder.style.font, size }).ascent;
  const against: Point[] = builder.touches('tags')
    ? [[cx - width / 2, y1 + ascent - builder.style.symbolWidth / 2], above(0, cx - width / 2)]
    : [];
  const candidates: Point[] = [
    ...against,
    below(1.2, cx - width / 2),
    above(1.2, cx - width / 2),
    [x1 + unit * 1.5, (y0 + y1) / 2],
    [x0 - unit * 1.5 - width, (y0 + y1) / 2],
    below(1.2, x1 + unit),
    below(1.2, x0 - unit - width),
    below(3, cx - width / 2),
    above(3, cx - width / 2),
    [x1 + unit * 1.5, y0 + size],
    [x1 + unit * 1.5, y1],
    [x0 - unit * 1.5 - width, y0 + size],
    [x0 - unit * 1.5 - width, y1],
  ];
  // Keep the nozzles' way out clear: a tag must not sit where a line leaves a port.
  const portLanes: Box[] = symbol.ports.map((port) => {
    const end: Point = [port.at[0] + port.dir[0] * unit * 4, port.at[1] + port.dir[1] * unit * 4];
    return grow(
      [Math.min(port.at[0], end[0]), Math.min(port.at[1], end[1]), Math.max(port.at[0], end[0]), Math.max(port.at[1], end[1])],
      unit * 0.5,
    );
  });
  for (const [index, [x, y]] of candidates.entries()) {
    const texts: PlacedText[] = lines.map((line, i) =>
      builder.text(
        line,
        x + (width - widths[i]) / 2,
        y + i * lineHeight,
        i === 0 ? 'tag' : 'label',
        symbol.id,
        false,
        i === 0 ? size : builder.style.textSize,
      ),
    );
    if (texts.some((text) => portLanes.some((lane) => boxesOverlap(lane, text.box)))) continue;
    if (builder.reserveTexts(texts, index < against.length ? symbol : undefined)) return true;
  }
  return false;
}

/** Now and then, as on many sheets, a block along the top naming each piece of equipment with its rating. */
export function placeEquipmentHeaders(builder: SheetBuilder, equipment: SheetSymbol[]): void {
  const { rng, unit, grid } = builder;
  if (!rng.chance(0.5)) return;
  const size = Math.round(builder.style.textSize * 0.85);
  for (const symbol of [...equipment].sort((a, b) => a.box[0] - b.box[0])) {
    if (!symbol.tag) continue;
    const lines = [symbol.tag, rating(symbol.cls.className, rng)];
    const cx = (symbol.box[0] + symbol.box[2]) / 2;
    const block = lines.map((line, i) =>
      builder.text(
        line,
        cx - builder.textWidth(line, size) / 2,
        grid.area[1] + unit + size + i * size * 1.5,
        'label',
        symbol.id,
        false,
        size,
      ),
    );
    builder.reserveTexts(block);
  }
}

function rating(className: string, rng: Prng): string {
  if (className.endsWith('pump')) return `${rng.int(5, 300)} M3/H @ ${rng.int(20, 150)} M`;
  if (className === 'compressor') return `${rng.int(5, 90) * 100} NM3/H`;
  if (className.endsWith('exchanger') || className === 'air_cooler') return `DUTY ${rng.range(0.2, 9).toFixed(1)} MW`;
  if (className === 'filter') return `${rng.int(5, 50)} MICRON`;
  return `${rng.int(8, 30) * 100} ID x ${rng.int(20, 80) * 100} T/T`;
}

/** Off-page connectors along the left (incoming) and right (outgoing) edges, with their destination text. */
export function placeConnectors(
  builder: SheetBuilder,
  count: number,
  drawingNumber: string,
): { incoming: SheetSymbol[]; outgoing: SheetSymbol[] } {
  const { grid, rng, unit, style } = builder;
  const cls = symbolClass('off_page_connector');
  const incoming: SheetSymbol[] = [];
  const outgoing: SheetSymbol[] = [];
  const prefix = drawingNumber.slice(0, drawingNumber.lastIndexOf('-'));
  for (let i = 0; i < count; i++) {
    const isIncoming = i % 2 === 0;
    const boxed = style.labelledConnectors;
    const labelled = labelDraw(`${style.name}/connector-${i}`) < (boxed?.share ?? 0);
    const pointed = labelDraw(`${style.name}/connector-${i}/pointed`) < 0.5;
    const placed = !labelled
      ? undefined
      : boxed?.layout === 'cells'
        ? placeCelledConnector(
            builder,
            cls,
            celledWords(rng, prefix, isIncoming),
            isIncoming,
            pointed,
            // A block is as tall on every connector of the sheet.
            labelDraw(boxed.block ? `${style.name}/connector-block/tight` : `${style.name}/connector-${i}/tight`),
          )
        : placeLabelledConnector(builder, cls, connectorWords(rng, prefix, isIncoming), isIncoming, pointed);
    // Where the boxed one finds no room, the connector is drawn as the style's own.
    for (let attempt = 0; attempt < 12 && !placed; attempt++) {
      const x = isIncoming ? grid.area[0] + unit * 3 : grid.area[2] - unit * 3;
      const y = grid.area[1] + rng.range(0.08, 0.92) * (grid.area[3] - grid.area[1]);
      const variant = builder.variantFor(cls);
      const symbol = builder.tryPlace(cls, variant, builder.placement(grid.snap([x, y])), 1.5);
      if (!symbol) continue;
      const words = connectorWords(rng, prefix, isIncoming).join(' ');
      const textX = isIncoming ? symbol.box[0] : symbol.box[2] - builder.textWidth(words);
      const text = builder.text(words, textX, symbol.box[1] - unit * 0.6, 'label', symbol.id);
      if (!builder.reserveTexts([text])) {
        // The connector stays without its words only if they fit nowhere: try below it.
        const below = builder.text(words, textX, symbol.box[3] + unit * 0.6 + builder.style.textSize * 0.75, 'label', symbol.id);
        builder.reserveTexts([below]);
      }
      (isIncoming ? incoming : outgoing).push(symbol);
      break;
    }
    if (placed) (isIncoming ? incoming : outgoing).push(placed);
  }
  return { incoming, outgoing };
}

/** Where a connector's line comes from or goes: `FROM`/`TO` (after the service half the time), then the other sheet. */
function connectorWords(rng: Prng, prefix: string, isIncoming: boolean): [string, string] {
  const sheet = otherSheet(rng, prefix);
  const service = rng.pick(SERVICES);
  const way = isIncoming ? 'FROM' : 'TO';
  return [rng.chance(0.5) ? way : `${service} ${way}`, sheet];
}

/** The sheet a connector's line continues on: the drawing's number with another sheet number. */
function otherSheet(rng: Prng, prefix: string): string {
  return `${prefix}-${String(rng.int(1, 40)).padStart(3, '0')}`;
}

/** A celled connector's words: a line number and the other sheet in its cells, where the line goes above, the service below. */
interface CelledWords {
  cells: [string, string];
  above: string;
  below: string;
}

function celledWords(rng: Prng, prefix: string, isIncoming: boolean): CelledWords {
  const sheet = otherSheet(rng, prefix);
  const tag = `${rng.pick(['P', 'E', 'V', 'T', 'C'])}-${rng.int(100, 999)}${rng.pick(['', 'A', 'B'])}`;
  return {
    cells: [String(rng.int(1000, 9999)), sheet],
    above: `${isIncoming ? 'FROM' : 'TO'} ${tag}`,
    below: rng.pick(SERVICES),
  };
}

/**
 * A connector drawn as a box around its words in two rows, a little smaller than the sheet's text
 * (`labelledConnector`), its outer end a step from the sheet's edge.
 */
function placeLabelledConnector(
  builder: SheetBuilder,
  cls: SymbolClass,
  rows: [string, string],
  isIncoming: boolean,
  pointed: boolean,
): SheetSymbol | undefined {
  const { unit, style } = builder;
  const size = Math.round(style.textSize * 0.8);
  const rowWidths = rows.map((row) => builder.textWidth(row, size));
  const width = (Math.max(...rowWidths) + unit) / unit + (pointed ? 0.8 : 0);
  const variant = labelledConnector(width, (size * 2.8) / unit, pointed, undefined, connectorPen(style));
  return placeBoxedConnector(builder, cls, variant, width, isIncoming, (symbol, x, y) => {
    // The words' centre: left of the point, where there is one.
    const middle = x - (pointed ? 0.4 * unit : 0);
    return rows.map((row, k) =>
      builder.text(row, middle - rowWidths[k] / 2, y + size * (k === 0 ? -0.25 : 1.05), 'label', symbol.id, false, size),
    );
  });
}

/**
 * A connector drawn as one row of two cells at the sheet's text size (a line number, the other sheet), plain or
 * pointed, with where the line goes written above it and its service below. `tightness` (0..1) sets how closely the
 * box wraps its words: from 1.8 times the text size tall with a unit beside each word, to 1.1 times with 0.4 of one
 * (many EPC sheets box the words as tightly as the lettering allows). Where the style draws them as one block, each cell
 * is at least the block's width, the same on every connector of the sheet.
 */
function placeCelledConnector(
  builder: SheetBuilder,
  cls: SymbolClass,
  words: CelledWords,
  isIncoming: boolean,
  pointed: boolean,
  tightness: number,
): SheetSymbol | undefined {
  const { unit, style } = builder;
  const size = style.textSize;
  const block = style.labelledConnectors?.block;
  const padding = 1 - 0.6 * tightness;
  const cellWidths = words.cells.map((cell, k) =>
    Math.max(builder.textWidth(cell, size) / unit + padding, ((block?.[k] ?? 0) * size) / unit),
  );
  const width = cellWidths[0] + cellWidths[1] + (pointed ? 0.8 : 0);
  const height = (size * (1.8 - 0.7 * tightness)) / unit;
  const variant = labelledConnector(width, height, pointed, cellWidths[0], connectorPen(style));
  return placeBoxedConnector(builder, cls, variant, width, isIncoming, (symbol, x, y) => {
    const left = x - (width / 2) * unit;
    const baseline = y + size * 0.35;
    const cells = words.cells.map((cell, k) => {
      const centre = left + (k === 0 ? cellWidths[0] / 2 : cellWidths[0] + cellWidths[1] / 2) * unit;
      return builder.text(cell, centre - builder.textWidth(cell, size) / 2, baseline, 'label', symbol.id, false, size);
    });
    const top = y - (height / 2) * unit;
    const bottom = y + (height / 2) * unit;
    return [
      ...cells,
      builder.text(words.above, left, top - size * 0.3, 'label', symbol.id, false, size),
      builder.text(words.below, left, bottom + size * 1.05, 'label', symbol.id, false, size),
    ];
  });
}

/** A boxed connector's pen against the symbols': the style's finer one where it has one, never under 0.8 px at 200 dpi. */
function connectorPen(style: DraftingStyle): number {
  const thin = style.labelledConnectors?.thin;
  return thin === undefined ? 1 : Math.min(1, Math.max(thin, 0.8 / style.symbolWidth));
}

/**
 * Places a boxed connector `width` units wide with its outer end a step from the sheet's edge, at the first height
 * where it and its words (`words`, given the symbol and its centre) find room.
 */
function placeBoxedConnector(
  builder: SheetBuilder,
  cls: SymbolClass,
  variant: SymbolVariant,
  width: number,
  isIncoming: boolean,
  words: (symbol: SheetSymbol, x: number, y: number) => PlacedText[],
): SheetSymbol | undefined {
  const { grid, rng, unit } = builder;
  const x = isIncoming ? grid.area[0] + unit * (1 + width / 2) : grid.area[2] - unit * (1 + width / 2);
  // Wider than the other connectors, it needs more tries to find room between the equipment and the edge.
  for (let attempt = 0; attempt < 30; attempt++) {
    const y = grid.snap([x, grid.area[1] + rng.range(0.05, 0.95) * (grid.area[3] - grid.area[1])])[1];
    const symbol = builder.tryPlace(cls, variant, builder.placement([x, y]), 1);
    if (!symbol) continue;
    if (builder.reserveTexts(words(symbol, x, y), symbol)) return symbol;
    builder.unregisterLast();
  }
  return undefined;
}

/** Connects two symbols by a process line between their best free ports; undefined when no route exists. */
export function connectSymbols(
  builder: SheetBuilder,
  from: SheetSymbol,
  to: SheetSymbol,
  style: 'solid' | 'dashed' = 'solid',
): Run | undefined {
  const kind = style === 'solid' ? 'process' : 'signal';
  const starts = builder.freePorts(from, kind);
  const ends = builder.freePorts(to, kind);
  const pairs: { a: PlacedPort; b: PlacedPort; score: number }[] = [];
  for (const a of starts) {
    for (const b of ends) {
      let score = Math.abs(a.at[0] - b.at[0]) + Math.abs(a.at[1] - b.at[1]);
      if (a.role === 'in') score += builder.unit * 15;
      if (b.role === 'out') score += builder.unit * 15;
      if (a.dir[0] * (b.at[0] - a.at[0]) + a.dir[1] * (b.at[1] - a.at[1]) < 0) score += builder.unit * 10;
      if (b.dir[0] * (a.at[0] - b.at[0]) + b.dir[1] * (a.at[1] - b.at[1]) < 0) score += builder.unit * 10;
      pairs.push({ a, b, score });
    }
  }
  pairs.sort((p, q) => p.score - q.score);
  for (const { a, b } of pairs.slice(0, 4)) {
    const run = builder.connect(style, { symbol: from, port: a }, { symbol: to, port: b });
    if (run) return run;
  }
  return undefined;
}

/** The direction the run travels at node index k (from k to k + 1). */
export function runDirection(builder: SheetBuilder, run: Run, k: number): Direction {
  const a = builder.grid.point(run.nodes[k]);
  const b = builder.grid.point(run.nodes[k + 1]);
  return directionOf([Math.sign(b[0] - a[0]), Math.sign(b[1] - a[1])]);
}

/** Node indexes of a run where a symbol or junction could go: a plain straight pass with plain neighbours. */
export function freeStretch(builder: SheetBuilder, run: Run): number[] {
  const { grid } = builder;
  const result: number[] = [];
  for (let k = 2; k < run.nodes.length - 2; k++) {
    if (![-1, 0, 1].every((d) => grid.isPlainPass(run.nodes[k + d]))) continue;
    if (runDirection(builder, run, k - 1) !== runDirection(builder, run, k)) continue;
    result.push(k);
  }
  return result;
}
