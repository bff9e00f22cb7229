import type { TruthSheet } from '../benchmark/ground-truth';
import { placeFlowArrows, placeLineNumbers, placeSymbolLabels } from './annotations';
import { connectionTruth } from './connection-truth';
import type { DraftingStyle } from './drafting-styles';
import { grow, type Box, type Point } from './geometry';
import { placeInstrumentLoops } from './instrument-loops';
import { PdfCanvas } from './pdf-canvas';
import { placeBranches, placeInlineSymbols, placeNozzleFlanges } from './inline-fittings';
import { connectSymbols, placeConnectors, placeEquipment, placeEquipmentHeaders, sheetBudget, type Density } from './process-layout';
import { Prng } from './prng';
import { RoutingGrid } from './routing-grid';
import { cutRunsIntoPieces } from './run-pieces';
import { SheetBuilder, type SheetSymbol, type SymbolCatalog, type Touching } from './sheet-builder';
import { drawSheetFrame, type SheetFrame } from './sheet-frame';
import { renderSheet } from './sheet-renderer';
import { jointFaces, symbolBodyBox } from './symbol-library';

/** Paper sizes of the ISO A series. */
export type Paper = 'A4' | 'A3' | 'A2' | 'A1' | 'A0';
export type Orientation = 'landscape' | 'portrait';

/** Landscape pages in whole pixels at 200 dpi (A3 420 × 297 mm, A1 841 × 594 mm). */
export const PAPER_PIXELS: Record<Paper, { width: number; height: number }> = {
  A4: { width: 2339, height: 1654 },
  A3: { width: 3307, height: 2339 },
  A2: { width: 4677, height: 3307 },
  A1: { width: 6622, height: 4677 },
  A0: { width: 9362, height: 6622 },
};

export function paperPixels(paper: Paper, orientation: Orientation = 'landscape'): { width: number; height: number } {
  const { width, height } = PAPER_PIXELS[paper];
  return orientation === 'landscape' ? { width, height } : { width: height, height: width };
}

export interface SheetSpec {
  name: string;
  seed: number;
  style: DraftingStyle;
  density: Density;
  paper: Paper;
  /** Default landscape. */
  orientation?: Orientation;
  /** Other libraries and variants to draw from (the training corpus); absent: our own library only. */
  catalog?: SymbolCatalog;
  /** Shares of symbols and tags drawn touching on purpose (the training corpus); absent: none. */
  touching?: Touching;
  /** Signal lines and text in key colours, for a colour sheet to ink apart (`PdfCanvas.keyLayers`). */
  keyLayers?: boolean;
  /** The style as given, without the small per-sheet variation of unit and weights (the corpus varies it itself). */
  exactStyle?: boolean;
}

/** A laid-out sheet, drawn on its canvas but not yet saved. */
export interface SheetLayout {
  canvas: PdfCanvas;
  builder: SheetBuilder;
  frame: SheetFrame;
}

/** Lays out and draws one sheet: the vector PDF and its exact truth in the 200-dpi pixel space. */
export async function generateSheet(spec: SheetSpec): Promise<{ pdf: Uint8Array; truth: TruthSheet }> {
  const { canvas, builder } = await layoutSheet(spec);
  const pdf = await canvas.save();
  return { pdf, truth: sheetTruth(builder, spec.name) };
}

/** Lays out and draws one sheet on a fresh canvas. */
export async function layoutSheet(spec: SheetSpec): Promise<SheetLayout> {
  const { width, height } = paperPixels(spec.paper, spec.orientation);
  const canvas = await PdfCanvas.create(width, height, spec.name);
  canvas.keyLayers = spec.keyLayers ?? false;
  const rng = new Prng(spec.seed);
  // Symbols and line weights vary a little from sheet to sheet; text keeps the style's sizes.
  const weight = rng.pick([0.85, 1, 1, 1.15]);
  const unitScale = rng.pick([0.9, 1, 1, 1.1]);
  const style = spec.exactStyle
    ? spec.style
    : {
        ...spec.style,
        unit: Math.round(spec.style.unit * unitScale),
        processWidth: spec.style.processWidth * weight,
        signalWidth: spec.style.signalWidth * weight,
        symbolWidth: spec.style.symbolWidth * weight,
      };
  const frame = drawSheetFrame(canvas, style, rng.fork('frame'), spec.paper);
  const grid = new RoutingGrid(frame.drawingArea, style.unit);
  for (const box of frame.reserved) grid.block(grow(box, style.unit), -1);
  const builder = new SheetBuilder(canvas, style, grid, rng.fork('layout'), spec.catalog, spec.touching);
  builder.texts.push(...frame.texts);

  const budget = sheetBudget(spec.density, spec.paper, rng.fork('budget'));
  const equipment = placeEquipment(builder, budget.equipment, frame.unitNumber);
  placeEquipmentHeaders(builder, equipment);
  const { incoming, outgoing } = placeConnectors(builder, budget.connectors, frame.drawingNumber);
  for (let i = 1; i < equipment.length; i++) connectSymbols(builder, equipment[i - 1], equipment[i]);
  for (const connector of incoming) firstRoute(builder, connector, byDistance(equipment, connector), 'from');
  for (const connector of outgoing) firstRoute(builder, connector, byDistance(equipment, connector), 'to');
  for (let i = 0; i < budget.extraLines && equipment.length > 2; i++) {
    const [a, b] = builder.rng.shuffle(equipment);
    connectSymbols(builder, a, b);
  }
  placeInstrumentLoops(builder, budget.loops, frame.unitNumber);
  placeNozzleFlanges(builder);
  placeBranches(builder, budget.branches, [...equipment, ...incoming, ...outgoing]);
  placeInlineSymbols(builder, budget.inline);

  builder.pieces = cutRunsIntoPieces(builder);
  const arrows = placeFlowArrows(builder);
  placeSymbolLabels(builder, frame.unitNumber);
  placeLineNumbers(builder, frame.unitNumber);
  renderSheet(builder, arrows);
  return { canvas, builder, frame };
}

/** Connects a connector to the first of `candidates` a route reaches (the connector being source or target). */
function firstRoute(builder: SheetBuilder, connector: SheetSymbol, candidates: SheetSymbol[], side: 'from' | 'to'): void {
  for (const other of candidates) {
    if (side === 'from' ? connectSymbols(builder, connector, other) : connectSymbols(builder, other, connector)) return;
  }
}

function byDistance(symbols: SheetSymbol[], to: SheetSymbol): SheetSymbol[] {
  const centre = (box: Box): Point => [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  const [x, y] = centre(to.box);
  const far = (symbol: SheetSymbol) => Math.hypot(centre(symbol.box)[0] - x, centre(symbol.box)[1] - y);
  return [...symbols].sort((a, b) => far(a) - far(b));
}

/**
 * A symbol as the truth lists it: itself, or for a joint its two flanges (`jointFaces`), each with the port on its
 * side, connected to each other.
 */
function truthSymbols(symbol: SheetSymbol): { id: string; box: Box; ports: Point[]; joint?: Box }[] {
  const ports = symbol.ports.map((port) => port.at);
  if (!symbol.cls.joint) return [{ id: symbol.id, box: symbolBodyBox(symbol.variant, symbol.placement), ports }];
  const faces = jointFaces(symbol.variant, symbol.placement);
  const nearest = (box: Box) => ports.filter((port) => distanceTo(port, box) === Math.min(...faces.map((face) => distanceTo(port, face))));
  return faces.map((box, i) => ({ id: `${symbol.id}${'ab'[i]}`, box, ports: nearest(box), joint: symbol.box }));
}

const distanceTo = ([x, y]: Point, box: Box) => Math.hypot(x - (box[0] + box[2]) / 2, y - (box[1] + box[3]) / 2);

function sheetTruth(builder: SheetBuilder, name: string): TruthSheet {
  const pipes = builder.pieces.map((piece) => ({ id: piece.id, style: piece.style, polyline: piece.polyline.map(roundPoint) }));
  const listed = builder.symbols.map((symbol) => truthSymbols(symbol).map((part) => ({ symbol, ...part })));
  const symbols = listed.flat();
  // A joint's two flanges meet face to face.
  const joints = listed
    .filter((parts) => parts.length === 2)
    .map(([a, b]) => ({ sourceId: a.id, targetId: b.id, relationshipType: 'connects to' as const }));
  const connections = connectionTruth(
    symbols.map(({ symbol, id, ports }) => ({ id, elementType: symbol.cls.elementType, className: symbol.cls.className, ports })),
    builder.pieces,
  );
  return {
    name,
    imageSize: { width: builder.canvas.width, height: builder.canvas.height },
    symbols: symbols.map(({ symbol, id, box, joint }) => ({
      id,
      elementType: symbol.cls.elementType,
      className: symbol.cls.className,
      bbox: roundBox(box),
      ...(symbol.tag ? { tag: symbol.tag } : {}),
      ...(joint ? { joint: roundBox(joint) } : {}),
    })),
    texts: builder.texts.map((text) => ({
      string: text.string,
      bbox: roundBox(text.box),
      role: text.role,
      ...(text.ownerId ? { ownerId: text.ownerId } : {}),
    })),
    pipes,
    connections: [...connections, ...joints],
    complete: { symbols: true, texts: true, pipes: true, connections: true },
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
const roundPoint = ([x, y]: Point): Point => [round(x), round(y)];
const roundBox = (box: Box): Box => box.map(round) as Box;
