import { boundsOf, boxesOverlap, grow, segmentHitsBox, type Box, type Point } from '../geometry';
import type { Prng } from '../prng';
import type { SheetBuilder } from '../sheet-builder';
import type { FurnitureMix } from './sheet-plan';

/**
 * Sheet furniture that is neither symbol nor pipe, drawn into free space after the layout: tables, stamps,
 * hatching, dimension lines, notes with leaders, revision clouds, slope marks beside process lines. A detector (and a
 * line model) must learn to leave it alone; the
 * truth lists each piece with its box, and its words as texts.
 */
export type FurnitureKind = 'table' | 'stamp' | 'hatch' | 'dimension' | 'note' | 'leader' | 'cloud' | 'slope';

export interface FurnitureText {
  string: string;
  box: Box;
  role: 'label' | 'note';
}

export interface Furniture {
  kind: FurnitureKind;
  box: Box;
}

const STAMPS = ['APPROVED', 'FOR CONSTRUCTION', 'PRELIMINARY', 'NOT FOR CONSTRUCTION', 'AS BUILT', 'VOID', 'CHECKED'];
const NOTES = ['SEE NOTE 4', 'SLOPE 1:100', 'NO POCKETS', 'BY VENDOR', 'LOCKED OPEN', 'HOLD', 'FUTURE', 'TIE-IN POINT'];
const SLOPES = ['1:100', '1:200', '1:50', 'SLOPE 1:100', 'SLOPE 1:500', '1%', '0.5%', 'MIN. SLOPE 1:100'];
const HEADERS = [
  ['LINE NO', 'SIZE', 'SPEC', 'FROM', 'TO'],
  ['TAG', 'SERVICE', 'DESIGN P', 'DESIGN T'],
  ['REV', 'DATE', 'DESCRIPTION', 'BY'],
];

/** Draws what `mix` asks for wherever it fits; answers what was drawn. */
export function drawFurniture(
  builder: SheetBuilder,
  reserved: Box[],
  mix: FurnitureMix,
  rng: Prng,
): { items: Furniture[]; texts: FurnitureText[] } {
  // The frame's title block and revision table count as furniture already there.
  const result = { items: reserved.map((box): Furniture => ({ kind: 'table', box })), texts: [] as FurnitureText[] };
  const framed = result.items.length;
  const place: [number, () => void][] = [
    [mix.tables, () => table(builder, rng, result)],
    [mix.stamps, () => stamp(builder, rng, result)],
    [mix.hatches, () => hatch(builder, rng, result)],
    [mix.dimensions, () => dimension(builder, rng, result)],
    [mix.notes, () => note(builder, rng, result)],
    [mix.clouds, () => cloud(builder, rng, result)],
    [mix.slopes, () => slope(builder, rng, result)],
  ];
  for (const [count, draw] of place) for (let i = 0; i < count; i++) draw();
  return { items: result.items.slice(framed), texts: result.texts };
}

type Result = { items: Furniture[]; texts: FurnitureText[] };

/** A free box `w` × `h` in the drawing area, clear of every symbol, text, mark, line and earlier furniture. */
function freeBox(builder: SheetBuilder, w: number, h: number, rng: Prng, taken: Furniture[]): Box | undefined {
  const [ax0, ay0, ax1, ay1] = builder.grid.area;
  if (ax1 - ax0 < w || ay1 - ay0 < h) return undefined;
  const gap = builder.unit;
  for (let tries = 0; tries < 40; tries++) {
    const x = rng.range(ax0, ax1 - w);
    const y = rng.range(ay0, ay1 - h);
    const box: Box = [x, y, x + w, y + h];
    if (!isClear(builder, grow(box, gap), taken)) continue;
    return box;
  }
  return undefined;
}

function isClear(builder: SheetBuilder, zone: Box, taken: Furniture[]): boolean {
  if (builder.symbols.some((symbol) => boxesOverlap(symbol.box, zone))) return false;
  if (builder.texts.some((text) => boxesOverlap(text.box, zone)) || builder.marks.some((mark) => boxesOverlap(mark, zone))) return false;
  if (taken.some((item) => boxesOverlap(item.box, zone))) return false;
  return !builder.pieces.some((piece) => piece.polyline.some((point, i) => i > 0 && segmentHitsBox(piece.polyline[i - 1], point, zone)));
}

function write(builder: SheetBuilder, result: Result, string: string, x: number, y: number, size: number, role: 'label' | 'note'): number {
  const options = { font: builder.style.font, size };
  const box = builder.canvas.text(string, x, y, options);
  result.texts.push({ string, box, role });
  return box[2] - box[0];
}

function rectangle(builder: SheetBuilder, [x0, y0, x1, y1]: Box, width: number): void {
  builder.canvas.path(
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    { width, closed: true },
  );
}

function table(builder: SheetBuilder, rng: Prng, result: Result): void {
  const header = rng.pick(HEADERS);
  const size = Math.round(builder.style.textSize * 0.75);
  const rows = rng.int(2, 5);
  // Cells hold their heading or a three-digit number, whichever is wider.
  const widths = header.map(
    (word) => Math.max(...[word, '000'].map((text) => builder.canvas.measure(text, { font: builder.style.font, size }).width)) + size,
  );
  const rowHeight = size * 1.6;
  const box = freeBox(
    builder,
    widths.reduce((a, b) => a + b, 0),
    rowHeight * (rows + 1),
    rng,
    result.items,
  );
  if (!box) return;
  const line = builder.style.signalWidth;
  rectangle(builder, box, line * 1.5);
  let x = box[0];
  widths.forEach((width, i) => {
    if (i > 0)
      builder.canvas.path(
        [
          [x, box[1]],
          [x, box[3]],
        ],
        { width: line },
      );
    x += width;
  });
  for (let r = 1; r <= rows; r++)
    builder.canvas.path(
      [
        [box[0], box[1] + r * rowHeight],
        [box[2], box[1] + r * rowHeight],
      ],
      { width: line },
    );
  for (let r = 0; r <= rows; r++) {
    let cx = box[0];
    header.forEach((word, i) => {
      const cell = r === 0 ? word : String(rng.int(1, 999)).padStart(3, '0');
      write(builder, result, cell, cx + size / 2, box[1] + r * rowHeight + size * 1.15, size, 'label');
      cx += widths[i];
    });
  }
  result.items.push({ kind: 'table', box });
}

function stamp(builder: SheetBuilder, rng: Prng, result: Result): void {
  const words = rng.pick(STAMPS);
  const size = Math.round(builder.style.textSize * rng.range(1, 1.6));
  const width = builder.canvas.measure(words, { font: builder.style.font, size }).width;
  const box = freeBox(builder, width + size * 1.6, size * 2.6, rng, result.items);
  if (!box) return;
  const line = Math.max(2, builder.style.processWidth);
  rectangle(builder, box, line);
  rectangle(builder, grow(box, -line * 2.5), line * 0.6);
  write(builder, result, words, box[0] + size * 0.8, box[1] + size * 1.65, size, 'label');
  result.items.push({ kind: 'stamp', box: grow(box, line / 2) });
}

function hatch(builder: SheetBuilder, rng: Prng, result: Result): void {
  const unit = builder.unit;
  const box = freeBox(builder, unit * rng.range(3, 10), unit * rng.range(0.8, 3), rng, result.items);
  if (!box) return;
  const [x0, y0, x1, y1] = box;
  const step = unit * rng.range(0.3, 0.7);
  const width = builder.style.signalWidth * 0.8;
  if (rng.chance(0.5)) rectangle(builder, box, width);
  // 45° lines clipped to the box: x − y = c.
  for (let c = x0 - (y1 - y0) + step; c < x1; c += step) {
    const a: Point = [Math.max(x0, c), Math.max(x0, c) - c + y0];
    const b: Point = [Math.min(x1, c + (y1 - y0)), Math.min(x1, c + (y1 - y0)) - c + y0];
    if (b[0] > a[0]) builder.canvas.path([a, b], { width });
  }
  result.items.push({ kind: 'hatch', box: grow(box, width) });
}

function dimension(builder: SheetBuilder, rng: Prng, result: Result): void {
  const unit = builder.unit;
  const length = unit * rng.range(4, 14);
  const size = Math.round(builder.style.textSize * 0.75);
  const box = freeBox(builder, length, unit * 1.5 + size, rng, result.items);
  if (!box) return;
  const [x0, , x1, y1] = box;
  const y = y1 - unit * 0.5;
  const width = builder.style.signalWidth * 0.8;
  const canvas = builder.canvas;
  canvas.path(
    [
      [x0, y],
      [x1, y],
    ],
    { width },
  );
  for (const x of [x0, x1])
    canvas.path(
      [
        [x, y - unit * 0.6],
        [x, y1],
      ],
      { width },
    );
  const head = unit * 0.5;
  canvas.path(
    [
      [x0, y],
      [x0 + head, y - head * 0.3],
      [x0 + head, y + head * 0.3],
    ],
    { width: 1, closed: true, fill: true },
  );
  canvas.path(
    [
      [x1, y],
      [x1 - head, y - head * 0.3],
      [x1 - head, y + head * 0.3],
    ],
    { width: 1, closed: true, fill: true },
  );
  const words = String(rng.int(2, 400) * 50);
  const textWidth = canvas.measure(words, { font: builder.style.font, size }).width;
  write(builder, result, words, (x0 + x1) / 2 - textWidth / 2, y - unit * 0.3, size, 'label');
  result.items.push({ kind: 'dimension', box });
}

/** A short note, sometimes with a leader to the nearest symbol ending in an arrowhead a little off its box. */
function note(builder: SheetBuilder, rng: Prng, result: Result): void {
  const words = rng.pick(NOTES);
  const size = builder.style.textSize;
  const width = builder.canvas.measure(words, { font: builder.style.font, size }).width;
  const box = freeBox(builder, width, size * 1.2, rng, result.items);
  if (!box) return;
  write(builder, result, words, box[0], box[3] - size * 0.2, size, 'note');
  result.items.push({ kind: 'note', box });
  const start: Point = [box[0] - builder.unit * 0.3, (box[1] + box[3]) / 2];
  const near = builder.symbols
    .map((symbol) => ({ symbol, far: Math.hypot(start[0] - symbol.box[2], start[1] - (symbol.box[1] + symbol.box[3]) / 2) }))
    .filter(({ far }) => far < builder.unit * 12)
    .sort((a, b) => a.far - b.far)[0];
  if (!near || !rng.chance(0.7)) return;
  const target = near.symbol.box;
  const gap = builder.unit * 0.4;
  const end: Point = [target[2] + gap, (target[1] + target[3]) / 2];
  const leaderBox: Box = [Math.min(start[0], end[0]), Math.min(start[1], end[1]), Math.max(start[0], end[0]), Math.max(start[1], end[1])];
  const others = builder.symbols.filter((symbol) => symbol !== near.symbol).map((symbol) => symbol.box);
  if (end[0] >= start[0] || [...others, ...builder.texts.map((text) => text.box)].some((other) => segmentHitsBox(start, end, other)))
    return;
  builder.canvas.path([start, end], { width: builder.style.signalWidth * 0.8 });
  const length = Math.hypot(end[0] - start[0], end[1] - start[1]);
  const [dx, dy] = [(end[0] - start[0]) / length, (end[1] - start[1]) / length];
  const head = builder.unit * 0.5;
  builder.canvas.path(
    [
      end,
      [end[0] - dx * head - dy * head * 0.3, end[1] - dy * head + dx * head * 0.3],
      [end[0] - dx * head + dy * head * 0.3, end[1] - dy * head - dx * head * 0.3],
    ],
    { width: 1, closed: true, fill: true },
  );
  result.items.push({ kind: 'leader', box: grow(leaderBox, head * 0.4) });
}

/** A revision cloud (a ring of bulges) around a free area with a revision triangle by it. */
function cloud(builder: SheetBuilder, rng: Prng, result: Result): void {
  const unit = builder.unit;
  const box = freeBox(builder, unit * rng.range(5, 14), unit * rng.range(4, 9), rng, result.items);
  if (!box) return;
  const [x0, y0, x1, y1] = grow(box, -unit * 0.5);
  const bulge = unit * rng.range(0.5, 1);
  const corners: Point[] = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
  const points: Point[] = [];
  corners.forEach((from, i) => {
    const to = corners[(i + 1) % 4];
    const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
    const count = Math.max(2, Math.round(length / (bulge * 2)));
    const [dx, dy] = [(to[0] - from[0]) / count, (to[1] - from[1]) / count];
    const outward: Point = [dy / Math.hypot(dx, dy), -dx / Math.hypot(dx, dy)];
    for (let k = 0; k < count; k++) {
      for (let s = 0; s < 8; s++) {
        const t = s / 8;
        const lift = Math.sin(Math.PI * t) * bulge * 0.6;
        points.push([from[0] + dx * (k + t) + outward[0] * lift, from[1] + dy * (k + t) + outward[1] * lift]);
      }
    }
  });
  const width = builder.style.signalWidth;
  builder.canvas.path(points, { width, closed: true });
  const t = unit * 0.9;
  const apex: Point = [x1 + unit * 0.2, y0 - unit * 0.2];
  builder.canvas.path([apex, [apex[0] - t / 2, apex[1] + t * 0.85], [apex[0] + t / 2, apex[1] + t * 0.85]], { width, closed: true });
  result.items.push({ kind: 'cloud', box });
}

/**
 * A slope mark beside a horizontal process line: an arrow along it the way the line falls, a small right triangle
 * and the fall ("1:100"). Neither pipe nor symbol: a line model must learn to leave the arrow alone.
 */
function slope(builder: SheetBuilder, rng: Prng, result: Result): void {
  const { unit, style } = builder;
  const segments = builder.pieces
    .filter((piece) => piece.style === 'solid')
    .flatMap((piece) => piece.polyline.slice(1).map((b, i): [Point, Point] => [piece.polyline[i], b]))
    .filter(([a, b]) => a[1] === b[1] && Math.abs(b[0] - a[0]) >= unit * 4);
  for (let tries = 0; tries < 60 && segments.length > 0; tries++) {
    const [a, b] = rng.pick(segments);
    // Along the line (u, the way it falls) and away from it (v, above or below), from a start a quarter way in.
    const [flow, side] = [rng.pick([1, -1]), rng.pick([1, -1])];
    const start = a[0] + (b[0] - a[0]) * rng.range(0.2, 0.5);
    const at = (u: number, v: number): Point => [start + flow * u * unit, a[1] + side * v * unit];
    const v0 = style.processWidth / 2 / unit + 0.45;
    const arrow = [at(0, v0), at(2.4, v0)];
    const head = [at(2.4, v0), at(1.95, v0 - 0.15), at(1.95, v0 + 0.15)];
    const triangle = [at(0.2, v0 + 0.3), at(2, v0 + 0.3), at(0.2, v0 + 0.85)];
    const words = rng.pick(SLOPES);
    const size = Math.round(style.textSize * 0.8);
    const options = { font: style.font, size };
    const { width, ascent } = builder.canvas.measure(words, options);
    const [tx, ty] = at(2.7, v0 + 0.45);
    const x = flow > 0 ? tx : tx - width;
    const textBox = builder.canvas.textBox(words, x, ty + ascent / 2, options);
    const pen = style.signalWidth;
    const box = boundsOf([...arrow, ...head, ...triangle, [textBox[0], textBox[1]], [textBox[2], textBox[3]]], pen);
    if (!isClear(builder, grow(box, unit * 0.15), result.items)) continue;
    builder.canvas.path(arrow, { width: pen });
    builder.canvas.path(head, { width: 1, closed: true, fill: true });
    builder.canvas.path(triangle, { width: pen, closed: true });
    write(builder, result, words, x, ty + ascent / 2, size, 'label');
    result.items.push({ kind: 'slope', box });
    return;
  }
}
