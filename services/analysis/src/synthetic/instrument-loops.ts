import type { Point } from './geometry';
import { placeInline } from './inline-fittings';
import { freeStretch } from './process-layout';
import type { Run, SheetBuilder, SheetSymbol } from './sheet-builder';
import { BUBBLE_RADIUS, symbolClass, type PlacedPort } from './symbol-library';

/**
 * Instrument loops after ISA-5.1: bubbles with their tag letters over the loop number, tied by dashed signal
 * lines to what they measure (`senses`), to each other, and from a controller to its control valve (`controls`).
 */
export function placeInstrumentLoops(builder: SheetBuilder, count: number, unitNumber: number): void {
  const { rng } = builder;
  let loop = unitNumber + rng.int(1, 20);
  for (let placed = 0, tries = 0; placed < count && tries < count * 6; tries++) {
    const kind = rng.weighted([
      ['flow', 3],
      ['level', 3],
      ['measure', 4],
    ] as const);
    const ok = kind === 'flow' ? flowLoop(builder, loop) : kind === 'level' ? levelLoop(builder, loop) : measurement(builder, loop);
    if (ok) {
      placed++;
      loop++;
    }
  }
}

/** FE (orifice) — FT — FIC — FV on one process run. */
function flowLoop(builder: SheetBuilder, loop: number): boolean {
  const run = longSolidRun(builder);
  if (!run) return false;
  const spots = freeStretch(builder, run);
  if (spots.length < 2) return false;
  const k1 = builder.rng.pick(spots);
  const orifice = placeInline(builder, run, k1, symbolClass('orifice_plate'));
  if (!orifice) return false;
  const transmitter = bubbleNear(builder, orifice, 'field_instrument', 'FT', loop);
  if (!transmitter) return true;
  const valveSpots = freeStretch(builder, run).filter((k) => Math.abs(k - k1) >= 6);
  const valve =
    valveSpots.length > 0 ? placeInline(builder, run, builder.rng.pick(valveSpots), symbolClass('control_valve'), `FV-${loop}`) : undefined;
  if (!valve) return true;
  const controller = bubbleNear(builder, valve, builder.rng.pick(['dcs_instrument', 'panel_instrument']), 'FIC', loop);
  if (controller) signalLine(builder, transmitter, controller);
  return true;
}

/** LT on a vessel's level nozzles, LIC, and LV on the vessel's outlet. */
function levelLoop(builder: SheetBuilder, loop: number): boolean {
  const vessels = equipmentWithFreeSignalPort(builder);
  if (vessels.length === 0) return false;
  const vessel = builder.rng.pick(vessels);
  const transmitter = bubbleNear(builder, vessel, 'field_instrument', builder.rng.pick(['LT', 'LT', 'LG', 'PT', 'TT']), loop);
  if (!transmitter) return false;
  const letter = transmitter.tag?.[0] ?? 'L';
  const outlet = builder.runs.find(
    (run) => run.style === 'solid' && 'symbol' in run.from && run.from.symbol === vessel && freeStretch(builder, run).length > 0,
  );
  if (letter === 'L' && transmitter.tag?.startsWith('LT') && outlet) {
    const valve = placeInline(builder, outlet, builder.rng.pick(freeStretch(builder, outlet)), symbolClass('control_valve'), `LV-${loop}`);
    if (valve) {
      const controller = bubbleNear(builder, valve, builder.rng.pick(['dcs_instrument', 'panel_instrument']), 'LIC', loop);
      if (controller) signalLine(builder, transmitter, controller);
      return true;
    }
  }
  // An alarm, switch or indicator on the transmitter's signal (bubbleNear draws that line).
  bubbleNear(
    builder,
    transmitter,
    builder.rng.pick(['plc_instrument', 'panel_instrument', 'dcs_instrument']),
    `${letter}${builder.rng.pick(['AH', 'SH', 'I', 'AL'])}`,
    loop,
  );
  return true;
}

/** A lone indicator or switch on an equipment nozzle. */
function measurement(builder: SheetBuilder, loop: number): boolean {
  const targets = equipmentWithFreeSignalPort(builder);
  if (targets.length === 0) return false;
  const target = builder.rng.pick(targets);
  const [className, letters] = builder.rng.pick([
    ['field_instrument', 'PI'],
    ['field_instrument', 'TI'],
    ['field_instrument', 'PG'],
    ['field_instrument', 'TE'],
    ['plc_instrument', 'PSH'],
    ['panel_instrument', 'TI'],
    ['dcs_instrument', 'PDI'],
  ] as const);
  return bubbleNear(builder, target, className, letters, loop) !== undefined;
}

function equipmentWithFreeSignalPort(builder: SheetBuilder): SheetSymbol[] {
  return builder.symbols.filter(
    (symbol) =>
      symbol.cls.elementType === 'equipment' && symbol.ports.some((port) => port.kind === 'signal' && !symbol.usedPorts.has(port.name)),
  );
}

function longSolidRun(builder: SheetBuilder): Run | undefined {
  const runs = builder.runs.filter((run) => run.style === 'solid' && run.nodes.length > 14);
  return runs.length > 0 ? builder.rng.pick(runs) : undefined;
}

/**
 * A bubble a few units out from one of `target`'s free signal ports, with its tag inside, joined to that port
 * by a signal line drawn from the bubble. Undefined when no spot or route is free.
 */
function bubbleNear(builder: SheetBuilder, target: SheetSymbol, className: string, letters: string, loop: number): SheetSymbol | undefined {
  const { grid, unit, rng } = builder;
  const cls = symbolClass(className);
  const tag = `${letters}-${loop}`;
  for (const port of rng.shuffle(builder.freePorts(target, 'signal'))) {
    const across: Point = [-port.dir[1], port.dir[0]];
    for (const out of [5, 6, 4, 7, 8]) {
      for (const shift of [0, 3, -3, 5, -5]) {
        const center = grid.snap([
          port.at[0] + port.dir[0] * (out + BUBBLE_RADIUS) * unit + across[0] * shift * unit,
          port.at[1] + port.dir[1] * (out + BUBBLE_RADIUS) * unit + across[1] * shift * unit,
        ]);
        const bubble = builder.tryPlace(cls, builder.variantFor(cls), builder.placement(center), 1, tag);
        if (!bubble) continue;
        if (signalLine(builder, bubble, target, port)) {
          writeBubbleTag(builder, bubble, letters, String(loop));
          return bubble;
        }
        unplace(builder, bubble);
      }
    }
  }
  return undefined;
}

/** A dashed line from a free port of `from` to `to` (its port `toPort` when given). */
function signalLine(builder: SheetBuilder, from: SheetSymbol, to: SheetSymbol, toPort?: PlacedPort): Run | undefined {
  const ends = toPort ? [toPort] : builder.freePorts(to, 'signal');
  const starts = builder.freePorts(from, 'signal');
  const pairs = starts.flatMap((a) => ends.map((b) => ({ a, b, length: Math.abs(a.at[0] - b.at[0]) + Math.abs(a.at[1] - b.at[1]) })));
  pairs.sort((p, q) => p.length - q.length);
  for (const { a, b } of pairs.slice(0, 4)) {
    const run = builder.connect('dashed', { symbol: from, port: a }, { symbol: to, port: b });
    if (run) return run;
  }
  return undefined;
}

/** Takes back the last placed symbol (a bubble whose line found no route). */
function unplace(builder: SheetBuilder, symbol: SheetSymbol): void {
  if (builder.symbols[builder.symbols.length - 1] !== symbol) throw new Error('only the last symbol can be taken back');
  builder.unregisterLast();
}

/** Letters above the loop number, centred in the bubble. */
function writeBubbleTag(builder: SheetBuilder, bubble: SheetSymbol, letters: string, number: string): void {
  const [cx, cy] = bubble.placement.center;
  const size = letters.length > 3 ? builder.style.bubbleTextSize * 0.85 : builder.style.bubbleTextSize;
  const gap = builder.unit * 0.18;
  const top = builder.text(letters, cx - builder.textWidth(letters, size) / 2, cy - gap, 'tag', bubble.id, false, size);
  const capHeight = top.box[3] - top.box[1];
  const bottom = builder.text(number, cx - builder.textWidth(number, size) / 2, cy + gap + capHeight, 'tag', bubble.id, false, size);
  builder.texts.push(top, bottom);
}
