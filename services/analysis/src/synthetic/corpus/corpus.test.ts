import { describe, expect, it } from '@jest/globals';
import { boundsOf, boxContains, boxesOverlap, grow, samePoint, segmentHitsBox, type Box, type Point } from '../geometry';
import { buildCorpusSheet, type CorpusSheet } from './corpus-sheet';
import { CORPUS_SEED_BASE } from './corpus-writer';
import { markedLine } from '../signal-marks';
import { LAYOUT_DPI, planSheet, type SheetPlan } from './sheet-plan';
import { cutTiles, TILE_SIZE, tileOrigins } from './tiles';
import { expectWith } from '@pid/platform/test-kit/samples';

/** The first corpus seed whose plan `wanted` accepts (plans are cheap; small pages keep the tests quick). */
function seedWhere(wanted: (plan: SheetPlan) => boolean): number {
  for (let seed = CORPUS_SEED_BASE; seed < CORPUS_SEED_BASE + 5000; seed++) if (wanted(planSheet(seed))) return seed;
  throw new Error('no seed in 5000 has such a plan');
}

const small = (plan: SheetPlan) => (plan.paper === 'A4' || plan.paper === 'A3') && plan.dpi <= 150;

/** How far `point` is from the segment a-b. */
function segmentDistance([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function inkIn(sheet: CorpusSheet, [x0, y0, x1, y1]: Box): number {
  const { data, channels, width, height } = sheet.pixels;
  let count = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) if (data[(y * width + x) * channels] < 160) count++;
  }
  return count;
}

/** The share of inked pixels in the boxes (darker than 230 on average) whose shortfall from white `tinted` accepts. */
function inkShare(sheet: CorpusSheet, boxes: Box[], tinted: (short: number[]) => boolean): number {
  const { data, width, height } = sheet.pixels;
  let [count, matching] = [0, 0];
  for (const [x0, y0, x1, y1] of boxes) {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) {
        const i = (y * width + x) * 3;
        if (data[i] + data[i + 1] + data[i + 2] >= 690) continue;
        count++;
        if (tinted([0, 1, 2].map((c) => 255 - data[i + c]))) matching++;
      }
    }
  }
  expect(count).toBeGreaterThan(50);
  return matching / count;
}

/** What breaks the truth of each symbol: no ink in its box, or a pipe, text, furniture or untouching symbol on it. */
function truthFaults(sheet: CorpusSheet): string[] {
  const { symbols, pipes, texts, furniture, connections } = sheet.truth;
  const faults: string[] = [];
  for (const symbol of symbols) {
    const name = `${symbol.id} ${symbol.className} (${symbol.library} ${symbol.shape})`;
    if (inkIn(sheet, symbol.box) < 5) faults.push(`${name}: no ink in its box`);
    const inside = grow(symbol.box, -2);
    const own = new Set(
      connections.flatMap(({ pipe, from, to }) => [from, to].filter((end) => 'symbol' in end && end.symbol === symbol.id).map(() => pipe)),
    );
    for (const pipe of pipes) {
      const crosses = pipe.polyline.some((point, i) => i > 0 && segmentHitsBox(pipe.polyline[i - 1], point, inside));
      if (crosses && !own.has(pipe.id)) faults.push(`${name}: pipe ${pipe.id} runs through it`);
    }
    for (const text of texts)
      if (boxesOverlap(text.box, inside) && text.ownerId !== symbol.id) faults.push(`${name}: text "${text.string}" on it`);
    for (const item of furniture) if (boxesOverlap(item.box, inside)) faults.push(`${name}: ${item.kind} on it`);
    for (const other of symbols) {
      if (other === symbol || !boxesOverlap(grow(other.box, -2), inside)) continue;
      const touching = symbol.ports.some((port) => other.ports.some((theirs) => samePoint(port.at, theirs.at, 2)));
      if (!touching) faults.push(`${name}: overlaps ${other.id} ${other.className} without touching it`);
    }
  }
  return faults;
}

/** The part of `box` left when `other`, which meets it on one side, is cut away. */
function outside(box: Box, other: Box): Box {
  const [x0, y0, x1, y1] = box;
  const cuts: Box[] = [
    [x0, y0, Math.min(x1, other[0]), y1],
    [Math.max(x0, other[2]), y0, x1, y1],
    [x0, y0, x1, Math.min(y1, other[1])],
    [x0, Math.max(y0, other[3]), x1, y1],
  ];
  const area = ([a, b, c, d]: Box) => Math.max(0, c - a) * Math.max(0, d - b);
  return cuts.sort((p, q) => area(q) - area(p))[0];
}

describe('training corpus', () => {
  it('gives the same pixels, truth and tiles for the same seed', async () => {
    const seed = seedWhere((plan) => small(plan) && plan.damage !== false && plan.damage.noise !== undefined);
    const [a, b] = [await buildCorpusSheet(seed), await buildCorpusSheet(seed)];
    expect(a.pixels.data.equals(b.pixels.data)).toBe(true);
    expect(JSON.stringify(a.truth)).toBe(JSON.stringify(b.truth));
    const [ta, tb] = [await cutTiles(a), await cutTiles(b)];
    expect(ta.map((tile) => tile.jpeg.toString('base64'))).toEqual(tb.map((tile) => tile.jpeg.toString('base64')));
    expect(JSON.stringify(planSheet(seed + 1))).not.toBe(JSON.stringify(a.truth.plan));
  }, 120_000);

  it('boxes every symbol over its ink, with nothing inside but its own lines, tags and touching neighbours', async () => {
    const sheet = await buildCorpusSheet(seedWhere((plan) => small(plan) && plan.damage === false && plan.density !== 'sparse'));
    expect(sheet.truth.symbols.length).toBeGreaterThan(10);
    expect(sheet.truth.symbols.some((symbol) => symbol.library === 'drawio-pid')).toBe(true);
    expect(truthFaults(sheet)).toEqual([]);
  }, 120_000);

  it('ends drains in caps, plugs, blanks or hose connections, valves against them, and flanges pipes at nozzles', async () => {
    const seed = seedWhere((plan) => small(plan) && plan.damage === false && plan.density === 'dense');
    const plan = planSheet(seed);
    plan.symbols = { ...plan.symbols, touching: 1, flanged: 1 };
    // Every branch a drain: none ends in a utility connection instead.
    plan.style = { ...plan.style, utilityConnections: false };
    const sheet = await buildCorpusSheet(seed, plan);
    const { symbols, connections } = sheet.truth;
    expect(truthFaults(sheet)).toEqual([]);
    const closures = symbols.filter((symbol) => symbol.variant.startsWith('closure:'));
    expect(closures.length).toBeGreaterThanOrEqual(1);
    for (const closure of closures) expect(closure.ports.map((port) => port.connected)).toEqual([true]);
    // With every drain's valve drawn against its closure, each closure meets its valve with no pipe between.
    const byId = new Map(symbols.map((symbol) => [symbol.id, symbol]));
    for (const closure of closures) {
      const contact = connections.find(({ pipe, to }) => pipe === null && 'symbol' in to && to.symbol === closure.id);
      const valve = contact && 'symbol' in contact.from ? byId.get(contact.from.symbol) : undefined;
      expectWith(valve?.elementType, closure.id).toBe('valve');
    }
    // Flange faces at a piece of equipment's nozzle: within three grid steps of its box.
    const equipment = symbols.filter((symbol) => symbol.elementType === 'equipment');
    const reach = 3 * plan.style.unit * (plan.dpi / 200);
    const atNozzles = symbols.filter(
      (symbol) => symbol.className === 'flange' && equipment.some((item) => boxesOverlap(grow(item.box, reach), symbol.box)),
    );
    expect(atNozzles.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('draws symbols touching port on port (in pairs and threes), tags against their symbols and slope marks, the truth still exact', async () => {
    const seed = seedWhere((plan) => small(plan) && plan.damage === false && plan.density === 'dense');
    const plan = planSheet(seed);
    plan.symbols = { ...plan.symbols, touching: 1, tagsTouching: 1 };
    plan.furniture = { ...plan.furniture, slopes: 3 };
    const sheet = await buildCorpusSheet(seed, plan);
    const { symbols, pipes, texts, furniture, connections } = sheet.truth;
    expect(truthFaults(sheet)).toEqual([]);
    const byId = new Map(symbols.map((symbol) => [symbol.id, symbol]));
    const pen = (plan.style.symbolWidth * 2.5 + 1) * (plan.dpi / 200) + 2;
    const contacts = connections.filter((connection) => connection.pipe === null);
    expect(contacts.length).toBeGreaterThanOrEqual(3);
    // Some touch in threes: a symbol with a neighbour against each port.
    const touching = contacts.flatMap(({ from, to }) => ['symbol' in from ? from.symbol : '', 'symbol' in to ? to.symbol : '']);
    expect(touching.some((id, i) => touching.indexOf(id) !== i)).toBe(true);
    for (const { from, to } of contacts) {
      if (!('port' in from) || !('port' in to)) throw new Error('a contact is between two ports');
      const [a, b] = [byId.get(from.symbol)!, byId.get(to.symbol)!];
      const [portA, portB] = [a.ports.find((port) => port.name === from.port)!, b.ports.find((port) => port.name === to.port)!];
      expectWith(samePoint(portA.at, portB.at, 1), `${a.id}–${b.id}`).toBe(true);
      expect(portA.connected && portB.connected).toBe(true);
      // The boxes meet, overlapping by no more than their pens, and each holds ink outside the other.
      const overlap = Math.min(a.box[2] - b.box[0], b.box[2] - a.box[0], a.box[3] - b.box[1], b.box[3] - a.box[1]);
      expectWith(overlap, `${a.id}–${b.id} overlap`).toBeGreaterThanOrEqual(-1);
      expectWith(overlap, `${a.id}–${b.id} overlap`).toBeLessThanOrEqual(pen);
      for (const [own, other] of [
        [a, b],
        [b, a],
      ])
        expectWith(inkIn(sheet, outside(own.box, other.box)), own.id).toBeGreaterThan(5);
    }
    const against = texts.filter((text) => {
      const owner = text.ownerId ? byId.get(text.ownerId) : undefined;
      return owner && boxesOverlap(grow(text.box, 2), owner.box);
    });
    expect(against.length).toBeGreaterThanOrEqual(3);
    const slopes = furniture.filter((item) => item.kind === 'slope');
    expect(slopes.length).toBeGreaterThanOrEqual(1);
    for (const { box } of slopes) {
      expect(inkIn(sheet, box)).toBeGreaterThan(10);
      const hit = pipes.filter((pipe) => pipe.polyline.some((point, i) => i > 0 && segmentHitsBox(pipe.polyline[i - 1], point, box)));
      expect(hit.map((pipe) => pipe.id)).toEqual([]);
    }
  }, 120_000);

  it('draws signal lines solid with ISA marks where the style says, the truth naming them signal lines', async () => {
    const seed = seedWhere(
      (plan) => small(plan) && plan.damage === false && plan.density !== 'sparse' && plan.style.signalMarks !== undefined,
    );
    const plan = planSheet(seed);
    // Every signal line marked, and crossings drawn plain, so that each line is one stroke the marks can be found on.
    plan.style = { ...plan.style, crossing: 'plain', signalMarks: { kind: 'pneumatic', share: 1 } };
    const sheet = await buildCorpusSheet(seed, plan);
    const signals = sheet.truth.pipes.filter((pipe) => pipe.kind === 'signal');
    expect(signals.length).toBeGreaterThan(0);
    for (const pipe of signals) expectWith({ marks: pipe.marks, dash: pipe.dash }, pipe.id).toEqual({ marks: 'pneumatic', dash: null });
    // Ink at the ticks' ends, off the line, where a dashed line has none.
    const unit = (plan.style.unit * plan.dpi) / 200;
    const tips = signals.flatMap((pipe) => markedLine(pipe.polyline, 'pneumatic', unit).marks.map(([tip]) => tip));
    expect(tips.length).toBeGreaterThan(4);
    const inked = tips.filter(([x, y]) => inkIn(sheet, [x - 2, y - 2, x + 2, y + 2]) > 0);
    expect(inked.length / tips.length).toBeGreaterThan(0.8);
    expect(truthFaults(sheet)).toEqual([]);
  }, 120_000);

  it('draws off-page connectors as boxes around their words, in rows or in cells, where the style says', async () => {
    const seed = seedWhere(
      (plan) => small(plan) && plan.damage === false && plan.density !== 'sparse' && plan.style.labelledConnectors !== undefined,
    );
    const plan = planSheet(seed);
    const drawn = async (layout: 'rows' | 'cells', block?: [number, number]) => {
      const style = { ...plan.style, labelledConnectors: { share: 1, layout, block }, utilityConnections: false };
      const sheet = await buildCorpusSheet(seed, { ...plan, style });
      expect(truthFaults(sheet)).toEqual([]);
      return sheet.truth;
    };
    const [rows, cells, blocks] = [await drawn('rows'), await drawn('cells'), await drawn('cells', [4, 9])];
    // As one block: every celled connector at least the block's 4 + 9 text sizes wide, and of a kind the same size.
    const blocked = blocks.symbols.filter((symbol) => symbol.variant.startsWith('celled'));
    expect(blocked.length).toBeGreaterThanOrEqual(2);
    const textSize = (plan.style.textSize * plan.dpi) / 200;
    for (const { box, id } of blocked) expectWith(box[2] - box[0], id).toBeGreaterThanOrEqual(13 * textSize - 2);
    for (const kind of new Set(blocked.map((symbol) => symbol.variant))) {
      const sizes = blocked.filter((symbol) => symbol.variant === kind).map(({ box }) => [box[2] - box[0], box[3] - box[1]]);
      for (const side of [0, 1])
        expectWith(Math.max(...sizes.map((size) => size[side])) - Math.min(...sizes.map((size) => size[side])), kind).toBeLessThanOrEqual(
          2,
        );
    }
    const connectors = [rows, cells, blocks].flatMap((truth) =>
      truth.symbols.filter((symbol) => symbol.className === 'off_page_connector').map((connector) => ({ connector, truth })),
    );
    expect(connectors.length).toBeGreaterThanOrEqual(4);
    for (const { connector, truth } of connectors) {
      expectWith(connector.variant, connector.id).toMatch(/^(labelled|celled)-(box|pointed)$/);
      const words = truth.texts.filter((text) => text.ownerId === connector.id);
      const strings = words.map((text) => text.string);
      const inside = words.filter((text) => boxContains(connector.box, text.box));
      if (connector.variant.startsWith('labelled')) {
        // Two rows inside: where the line goes, then the other sheet.
        expectWith(strings, connector.id).toEqual([expect.stringMatching(/(FROM|TO)$/), expect.stringMatching(/-\d{3}$/)]);
        expectWith(inside.length, connector.id).toBe(2);
      } else {
        // A line number and the other sheet side by side inside; where the line goes above and the service below, outside.
        expectWith(strings, connector.id).toEqual([
          expect.stringMatching(/^\d{4}$/),
          expect.stringMatching(/-\d{3}$/),
          expect.stringMatching(/^(FROM|TO) /),
          expect.any(String),
        ]);
        expectWith(
          inside.map((text) => text.string),
          connector.id,
        ).toEqual(strings.slice(0, 2));
        expect(words[0].box[2]).toBeLessThan(words[1].box[0]);
        expect(words[2].box[3]).toBeLessThanOrEqual(connector.box[1]);
        expect(words[3].box[1]).toBeGreaterThanOrEqual(connector.box[3]);
      }
    }
    expect(new Set(rows.symbols.map((symbol) => symbol.variant.split('-')[0]))).toContain('labelled');
    expect(new Set(cells.symbols.map((symbol) => symbol.variant.split('-')[0]))).toContain('celled');
  }, 120_000);

  it('outlines boxed connectors with a finer pen than the symbols where the style says', async () => {
    const seed = seedWhere((plan) => small(plan) && plan.damage === false && plan.density === 'dense' && plan.style.symbolWidth >= 3);
    const plan = planSheet(seed);
    const drawn = async (thin?: number) => {
      const style = { ...plan.style, labelledConnectors: { share: 1, layout: 'cells' as const, thin }, utilityConnections: false };
      const sheet = await buildCorpusSheet(seed, { ...plan, style });
      expect(truthFaults(sheet)).toEqual([]);
      return sheet;
    };
    const [bold, fine] = [await drawn(), await drawn(0.35)];
    const connectors = (sheet: CorpusSheet) => sheet.truth.symbols.filter((symbol) => symbol.className === 'off_page_connector');
    expect(connectors(bold).length).toBeGreaterThanOrEqual(2);
    // The same connectors in the same places, their words the same: only the outline's ink differs.
    expect(connectors(fine).map((symbol) => symbol.id)).toEqual(connectors(bold).map((symbol) => symbol.id));
    for (const [k, symbol] of connectors(fine).entries()) {
      expectWith(inkIn(fine, symbol.box), symbol.id).toBeLessThan(0.8 * inkIn(bold, connectors(bold)[k].box));
    }
  }, 120_000);

  it('ends some branches in utility connections: two stacked cells of words, the other sheet beyond', async () => {
    const seed = seedWhere((plan) => small(plan) && plan.damage === false && plan.density === 'dense');
    const plan = planSheet(seed);
    const sheet = await buildCorpusSheet(seed, { ...plan, style: { ...plan.style, utilityConnections: true } });
    const { symbols, texts, connections } = sheet.truth;
    expect(truthFaults(sheet)).toEqual([]);
    const boxes = symbols.filter((symbol) => symbol.variant === 'utility-box');
    expect(boxes.length).toBeGreaterThanOrEqual(1);
    for (const box of boxes) {
      expectWith(box.className, box.id).toBe('off_page_connector');
      expectWith(
        box.ports.map((port) => port.connected),
        box.id,
      ).toEqual([true]);
      expectWith(connections.filter(({ to }) => 'symbol' in to && to.symbol === box.id).length, box.id).toBe(1);
      const words = texts.filter((text) => text.ownerId === box.id);
      const inside = words.filter((text) => boxContains(box.box, text.box));
      // A service code over a line number inside; the other sheet's number outside, below or above.
      expectWith(
        inside.map((text) => text.string),
        box.id,
      ).toEqual([expect.stringMatching(/^[A-Z]+$/), expect.stringMatching(/^\d+$/)]);
      expect(inside[0].box[3]).toBeLessThanOrEqual(inside[1].box[1]);
      expectWith(words.length - inside.length, box.id).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);

  it('inks signal lines and text apart from the main ink on a sheet drawn in layers', async () => {
    const seed = seedWhere((plan) => small(plan) && plan.density !== 'sparse');
    const plan: SheetPlan = { ...planSheet(seed), damage: { colour: 'blue-ink', layerInks: 'black-red-blue' } };
    const sheet = await buildCorpusSheet(seed, plan);
    expect(sheet.pixels.channels).toBe(3);
    const { pipes, texts } = sheet.truth;
    const along = (kind: string) =>
      pipes
        .filter((pipe) => pipe.kind === kind)
        .flatMap((pipe) => pipe.polyline.slice(1).map((b, i) => grow(boundsOf([pipe.polyline[i], b]), 1)));
    // Red ink falls short of white in green and blue, blue ink in red and green, black in all three alike.
    const red = ([r, g]: number[]) => g > r * 1.8;
    const blue = ([r, , b]: number[]) => r > b * 1.5;
    expect(inkShare(sheet, along('signal'), red)).toBeGreaterThan(0.6);
    expect(inkShare(sheet, along('process'), red)).toBeLessThan(0.1);
    expect(
      inkShare(
        sheet,
        texts.map((item) => item.box),
        blue,
      ),
    ).toBeGreaterThan(0.6);
    expect(inkShare(sheet, along('process'), blue)).toBeLessThan(0.1);
  }, 120_000);

  it('gives a whole connection graph: every pipe end at a port or a junction, T junctions of three, crossings of two', async () => {
    const sheet = await buildCorpusSheet(seedWhere((plan) => small(plan) && plan.density === 'dense'));
    const { symbols, pipes, junctions, crossings, connections } = sheet.truth;
    expect(connections.filter((connection) => connection.pipe !== null)).toHaveLength(pipes.length);
    const ports = new Set(symbols.flatMap((symbol) => symbol.ports.map((port) => `${symbol.id}/${port.name}`)));
    const junctionIds = new Set(junctions.map((junction) => junction.id));
    for (const { pipe, from, to } of connections) {
      for (const end of [from, to]) {
        if ('symbol' in end) expectWith(ports.has(`${end.symbol}/${end.port}`), pipe ?? 'contact').toBe(true);
        else if ('junction' in end) expectWith(junctionIds.has(end.junction), pipe ?? 'contact').toBe(true);
        else throw new Error(`pipe ${pipe} ends in the open`);
      }
    }
    expect(junctions.length).toBeGreaterThan(0);
    for (const junction of junctions) expectWith(junction.pipes.length, junction.id).toBeGreaterThanOrEqual(3);
    for (const crossing of crossings) expectWith(crossing.pipes, `${crossing.at}`).toHaveLength(2);
    const used = new Set(
      connections.flatMap(({ from, to }) => [from, to]).flatMap((end) => ('port' in end ? [`${end.symbol}/${end.port}`] : [])),
    );
    for (const symbol of symbols) for (const port of symbol.ports) expect(port.connected).toBe(used.has(`${symbol.id}/${port.name}`));
  }, 120_000);

  it('keeps the truth on the ink of a skewed, damaged scan', async () => {
    // No broken strokes or thinned ink: they may take the very pixels a port sits on.
    const seed = seedWhere(
      (plan) =>
        small(plan) &&
        plan.damage !== false &&
        Math.abs(plan.damage.rotationDeg ?? 0) > 1.5 &&
        !plan.damage.breaks &&
        (plan.damage.bleed ?? 0) >= 0,
    );
    const sheet = await buildCorpusSheet(seed);
    const empty = sheet.truth.symbols.filter((symbol) => inkIn(sheet, symbol.box) < 5).map((symbol) => symbol.id);
    expect(empty).toEqual([]);
    for (const symbol of sheet.truth.symbols) {
      for (const port of symbol.ports)
        expectWith(inkIn(sheet, grow([...port.at, ...port.at], 3)), `${symbol.id} ${port.name}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('boxes a symbol to its ink: each side of the box within a pixel of it, with a heavy pen too', async () => {
    const seed = seedWhere((plan) => small(plan) && plan.damage === false && (plan.style.symbolWidth * plan.dpi) / LAYOUT_DPI >= 3);
    const sheet = await buildCorpusSheet(seed);
    const { data, channels, width } = sheet.pixels;
    const inked = (x: number, y: number) => data[(y * width + x) * channels] < 160;
    // The outermost row or column of whole pixels inside each side.
    const sidesInked = ([x0, y0, x1, y1]: Box) => {
      const [left, top, right, bottom] = [Math.ceil(x0), Math.ceil(y0), Math.floor(x1) - 1, Math.floor(y1) - 1];
      const row = (y: number) => Array.from({ length: right - left + 1 }, (_, i) => inked(left + i, y)).some(Boolean);
      const column = (x: number) => Array.from({ length: bottom - top + 1 }, (_, i) => inked(x, top + i)).some(Boolean);
      return [row(top), row(bottom), column(left), column(right)].filter(Boolean).length;
    };
    const { symbols } = sheet.truth;
    expect(symbols.length).toBeGreaterThan(10);
    const tight = symbols.filter((symbol) => sidesInked(symbol.box) === 4);
    expect(tight.length / symbols.length).toBeGreaterThan(0.9);
  }, 120_000);

  it('boxes the ink of a page whose ink bled, as far as it bled', async () => {
    const seed = seedWhere(
      (plan) =>
        small(plan) &&
        plan.damage !== false &&
        (plan.damage.bleed ?? 0) >= 2 &&
        !plan.damage.rotationDeg &&
        !plan.damage.breaks &&
        !plan.damage.blur &&
        (plan.style.symbolWidth * plan.dpi) / LAYOUT_DPI < 1.5,
    );
    const sheet = await buildCorpusSheet(seed);
    const bleed = (sheet.truth.plan.damage as { bleed: number }).bleed;
    // The ring of pixels just outside each symbol's box, away from the pipes and leads leaving it and from the text
    // and symbols beside it, is paper: the box holds the symbol's bled ink.
    const { symbols, pipes, texts } = sheet.truth;
    const { data, channels, width } = sheet.pixels;
    const near = (point: Point, a: Point, b: Point, reach: number) => segmentDistance(point, a, b) <= reach;
    let [ring, inked] = [0, 0];
    for (const symbol of symbols) {
      const centre: Point = [(symbol.box[0] + symbol.box[2]) / 2, (symbol.box[1] + symbol.box[3]) / 2];
      const others = [...symbols.filter((other) => other !== symbol).map((other) => other.box), ...texts.map((text) => text.box)];
      // (Pixels wholly outside the box.)
      const [x0, y0, x1, y1] = [
        Math.floor(symbol.box[0]) - 1,
        Math.floor(symbol.box[1]) - 1,
        Math.ceil(symbol.box[2]),
        Math.ceil(symbol.box[3]),
      ];
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          if (y !== y0 && y !== y1 && x !== x0 && x !== x1) continue;
          const point: Point = [x + 0.5, y + 0.5];
          const reach = (w: number) => w / 2 + bleed + 2;
          if (pipes.some((pipe) => pipe.polyline.some((p, i) => i > 0 && near(point, pipe.polyline[i - 1], p, reach(pipe.width)))))
            continue;
          if (symbol.ports.some((port) => near(point, port.at, centre, reach(8)))) continue;
          if (others.some((box) => boxContains(grow(box, 2), [...point, ...point]))) continue;
          ring++;
          if (data[(y * width + x) * channels] < 160) inked++;
        }
      }
    }
    expect(ring).toBeGreaterThan(500);
    expect(inked / ring).toBeLessThan(0.02);
  }, 120_000);

  it('cuts overlapping tiles that cover the page, annotating what lies in each', async () => {
    expect(tileOrigins(500)).toEqual([0]);
    expect(tileOrigins(1500)).toEqual([0, 512, 860]);
    const sheet = await buildCorpusSheet(seedWhere(small));
    const tiles = await cutTiles(sheet);
    const { width, height } = sheet.truth.imageSize;
    expect(tiles).toHaveLength(tileOrigins(width).length * tileOrigins(height).length);
    let annotated = 0;
    for (const tile of tiles) {
      for (const { bbox, category_id } of tile.annotations) {
        expect(category_id).toBeGreaterThan(0);
        expect(bbox[0]).toBeGreaterThanOrEqual(0);
        expect(bbox[1]).toBeGreaterThanOrEqual(0);
        expect(bbox[0] + bbox[2]).toBeLessThanOrEqual(TILE_SIZE);
        expect(bbox[1] + bbox[3]).toBeLessThanOrEqual(TILE_SIZE);
        annotated++;
      }
    }
    // Every symbol that fits in a tile is whole in at least one (the overlap is wider than most symbols).
    expect(annotated).toBeGreaterThanOrEqual(sheet.truth.symbols.length);
  }, 120_000);

  it('plans pages, resolutions and styles over the ranges the issue names', () => {
    const plans = Array.from({ length: 600 }, (_, i) => planSheet(CORPUS_SEED_BASE + i));
    expect(new Set(plans.map((plan) => plan.paper))).toEqual(new Set(['A4', 'A3', 'A2', 'A1', 'A0']));
    expect(new Set(plans.map((plan) => plan.orientation))).toEqual(new Set(['landscape', 'portrait']));
    const dpis = plans.map((plan) => plan.dpi);
    expect(Math.min(...dpis)).toBe(100);
    expect(Math.max(...dpis)).toBe(400);
    const widths = plans.map((plan) => plan.style.processWidth);
    expect(Math.min(...widths)).toBeLessThan(1.3);
    expect(Math.max(...widths)).toBeGreaterThan(8);
    expect(widths.every((width) => width >= 1 && width <= 10)).toBe(true);
    expect(new Set(plans.map((plan) => plan.style.font)).size).toBe(6);
    expect(new Set(plans.map((plan) => plan.style.crossing)).size).toBe(3);
    expect(new Set(plans.map((plan) => plan.style.signalDash.length)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(plans.map((plan) => plan.style.signalMarks?.kind))).toEqual(new Set([undefined, 'pneumatic', 'data-link', 'capillary']));
    expect(plans.some((plan) => plan.damage && plan.damage.colour)).toBe(true);
    expect(plans.some((plan) => plan.damage === false)).toBe(true);
    expect(plans.some((plan) => plan.damage && plan.damage.layerInks)).toBe(true);
    for (const share of ['touching', 'tagsTouching'] as const)
      expect(new Set(plans.map((plan) => plan.symbols[share] > 0))).toEqual(new Set([true, false]));
    expect(new Set(plans.map((plan) => plan.furniture.slopes))).toEqual(new Set([0, 1, 2, 3]));
  });
});
