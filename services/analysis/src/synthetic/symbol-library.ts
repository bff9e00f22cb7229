/**
 * The symbol library: classes and drafting variants (symbol-classes.ts), and how one symbol is placed, measured
 * and drawn. Training crops are cut with the same functions.
 */
import { boundsOf, type Box, type Point } from './geometry';
import type { PdfCanvas } from './pdf-canvas';
import type { PortDefinition, SymbolVariant } from './symbol-classes';
import { primitivePoints, type Primitive } from './symbol-primitives';
import { strokedBox, type Stroke } from './stroke-box';

export { BUBBLE_RADIUS, SYMBOL_CLASSES, symbolClass } from './symbol-classes';
export type { PortDefinition, SymbolClass, SymbolPlacementKind, SymbolVariant } from './symbol-classes';
export type { Primitive } from './symbol-primitives';

export interface SymbolPlacement {
  /** Centre in page pixels. */
  center: Point;
  /** Pixels per local unit (the routing-grid step). */
  unit: number;
  /** Clockwise quarter turns, applied after the mirror. */
  quarterTurns: number;
  /** Mirrored left–right in the local frame (a pump facing left, a valve with the flow leftwards). */
  mirror?: boolean;
  /** Stroke width in pixels. */
  lineWidth: number;
  /** The local x axis drawn this many times longer than y (a valve body drawn long or short); 1 when absent. */
  stretch?: number;
}

export interface PlacedPort extends Omit<PortDefinition, 'at' | 'dir'> {
  at: Point;
  dir: Point;
}

/** A local point in page pixels. */
export function toPage([u, v]: Point, placement: SymbolPlacement): Point {
  let x = (placement.mirror ? -u : u) * (placement.stretch ?? 1);
  let y = v;
  for (let i = 0; i < ((placement.quarterTurns % 4) + 4) % 4; i++) [x, y] = [-y, x];
  return [placement.center[0] + x * placement.unit, placement.center[1] + y * placement.unit];
}

function toPageDirection([u, v]: Point, placement: SymbolPlacement): Point {
  const origin = toPage([0, 0], placement);
  const end = toPage([u, v], placement);
  // Ports leave along an axis: a stretch lengthens the step, not the direction.
  return [Math.sign(Math.round(end[0] - origin[0])), Math.sign(Math.round(end[1] - origin[1]))];
}

/** The symbol's ink box: every stroke with its width. */
export function symbolBox(variant: SymbolVariant, placement: SymbolPlacement): Box {
  return boxOf(variant.primitives, placement);
}

/**
 * The symbol's box as the truth lists it: the ink of its body, without the leads some shapes draw from their ports
 * along the pipe (draw.io's orifice, knife valve), as real sheets' truth boxes them. Layout keeps `symbolBox`, leads
 * and a whole pen's margin included. On a scan whose ink bled `bleed` pixels a side, the bled ink too: a 7-px flange
 * drawn with a thin pen and bled 2 px reads 11 px thick, and a person boxes it so.
 */
export function symbolBodyBox(variant: SymbolVariant, placement: SymbolPlacement, bleed = 0): Box {
  return strokedBox(symbolStrokes(bodyPrimitives(variant), placement), bleed);
}

/** The variant's drawing without its leads (`Primitive.lead`). */
export function bodyPrimitives(variant: SymbolVariant): Primitive[] {
  const body = variant.primitives.filter((primitive) => !primitive.lead);
  return body.length ? body : variant.primitives;
}

function boxOf(primitives: readonly Primitive[], placement: SymbolPlacement): Box {
  const strokes = symbolStrokes(primitives, placement);
  // A whole pen, not half, all round: room for the miters of a valve's 60° tips.
  return boundsOf(
    strokes.flatMap((stroke) => stroke.points),
    Math.max(...strokes.map((stroke) => stroke.width)),
  );
}

/** The primitives as the canvas strokes them, in page pixels. */
function symbolStrokes(primitives: readonly Primitive[], placement: SymbolPlacement): Stroke[] {
  return primitives.map((primitive) => {
    const { points, closed } = primitivePoints(primitive);
    return { points: points.map((point) => toPage(point, placement)), closed, width: placement.lineWidth * (primitive.weight ?? 1) };
  });
}

/**
 * How deep a flange's hub reaches behind its face, at the least, for its face's length across the pipe: the truth's
 * convention, as real sheets box flanges; the pipeline reads joints alike (`HUB_SHARE` in `pipeline/flange-faces.ts`).
 */
const HUB_SHARE = 0.35;

/**
 * A joint's two flanges, as the pipeline reports them (`pipeline/flange-faces.ts`): each bar (its face) with the
 * hub behind it, away from the other bar. In the order of the variant's bars.
 */
export function jointFaces(variant: SymbolVariant, placement: SymbolPlacement): [Box, Box] {
  const bars = variant.primitives.filter((primitive) => primitive.kind === 'line');
  if (bars.length !== 2) throw new Error(`A joint is two bars; variant ${variant.name} has ${bars.length}`);
  const boxes = bars.map((bar) =>
    boundsOf(
      primitivePoints(bar).points.map((point) => toPage(point, placement)),
      (placement.lineWidth * (bar.weight ?? 1)) / 2,
    ),
  );
  const centre = (box: Box): Point => [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  const [a, b] = boxes.map(centre);
  const apart = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (apart === 0) throw new Error(`A joint's bars stand apart; variant ${variant.name} draws them on one line`);
  // Each face's hub reaches out on its side away from the other, as deep as the bars are apart and never less than
  // 0.35 of the bar's length (as real sheets box a flange: kr_refinery's are 17 px deep by 48 across).
  const barLength = Math.max(boxes[0][2] - boxes[0][0], boxes[0][3] - boxes[0][1]);
  const scale = Math.max(apart, HUB_SHARE * barLength) / apart;
  const [dx, dy] = [(b[0] - a[0]) * scale, (b[1] - a[1]) * scale];
  const hub = (box: Box, side: 1 | -1): Box => [
    box[0] + Math.min(0, side * dx),
    box[1] + Math.min(0, side * dy),
    box[2] + Math.max(0, side * dx),
    box[3] + Math.max(0, side * dy),
  ];
  return [hub(boxes[0], -1), hub(boxes[1], 1)];
}

export function placedPorts(variant: SymbolVariant, placement: SymbolPlacement): PlacedPort[] {
  return variant.ports.map((definition) => ({
    ...definition,
    at: toPage(definition.at, placement),
    dir: toPageDirection(definition.dir, placement),
  }));
}

/** Draws the symbol and answers its truth box. */
export function drawSymbol(canvas: PdfCanvas, variant: SymbolVariant, placement: SymbolPlacement): Box {
  const strokes = symbolStrokes(variant.primitives, placement);
  variant.primitives.forEach((primitive, i) => {
    const { points, closed, width } = strokes[i];
    canvas.path(points, { width, closed, fill: primitive.fill, dash: primitive.dashed ? [width * 4, width * 3] : undefined });
  });
  return symbolBox(variant, placement);
}
