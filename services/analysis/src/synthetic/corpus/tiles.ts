import sharp from 'sharp';
import type { Box } from '../geometry';
import { SYMBOL_CLASSES } from '../symbol-library';
import { OTHER_SYMBOL } from '../stencils/drawio-library';
import type { CorpusSheet } from './corpus-sheet';
import type { CorpusSymbol } from './corpus-truth';
import { tileOrigins as originsAlong } from '../../symbols/detector/page-detector';

/** Detector tiles: 640 px squares overlapping by 128 px, as a YOLO-style training loop reads them. */
export const TILE_SIZE = 640;
export const TILE_OVERLAP = 128;
/** A symbol cut by a tile's edge is annotated there when at least this share of its box is inside. */
const MIN_VISIBLE = 0.5;

/** COCO categories: our classes in library order, then `other_symbol`; ids from 1. */
export const COCO_CATEGORIES = [...SYMBOL_CLASSES.map((cls) => cls.className), OTHER_SYMBOL].map((name, i) => ({
  id: i + 1,
  name,
  supercategory: SYMBOL_CLASSES.find((cls) => cls.className === name)?.elementType ?? 'symbol',
}));
const CATEGORY_ID = new Map(COCO_CATEGORIES.map((category) => [category.name, category.id]));

export interface TileImage {
  file: string;
  width: number;
  height: number;
  /** Where the tile sits on its sheet. */
  sheet: string;
  x: number;
  y: number;
  jpeg: Buffer;
  annotations: TileAnnotation[];
}

export interface TileAnnotation {
  category_id: number;
  /** COCO `[x, y, width, height]` in the tile, clipped to it. */
  bbox: [number, number, number, number];
  area: number;
  iscrowd: 0;
  /** Part of the symbol lies outside the tile. */
  truncated: boolean;
  /** The symbol's turned box in tile pixels (may reach outside a truncated tile). */
  turned_box: number[];
  symbol_id: string;
  library: CorpusSymbol['library'];
  shape: string;
}

/** Tile origins along one side of a sheet (the detector tiles pages the same way). */
export const tileOrigins = (length: number): number[] => originsAlong(length, TILE_SIZE, TILE_OVERLAP);

/**
 * Cuts a sheet into JPEG tiles with their annotations; a damaged sheet's own JPEG quality makes its artefacts.
 * Pages smaller than a tile are padded with white.
 */
export async function cutTiles(sheet: CorpusSheet): Promise<TileImage[]> {
  const { truth } = sheet;
  const { width, height } = truth.imageSize;
  const { data, channels } = sheet.pixels;
  const quality = sheet.jpegQuality ?? 92;
  const tiles: TileImage[] = [];
  for (const y of tileOrigins(height)) {
    for (const x of tileOrigins(width)) {
      const [w, h] = [Math.min(TILE_SIZE, width - x), Math.min(TILE_SIZE, height - y)];
      const jpeg = await sharp(data, { raw: { width, height, channels } })
        .extract({ left: x, top: y, width: w, height: h })
        .extend({ right: TILE_SIZE - w, bottom: TILE_SIZE - h, background: '#ffffff' })
        .jpeg({ quality })
        .toBuffer();
      tiles.push({
        file: `${truth.name}-${x}-${y}.jpg`,
        width: TILE_SIZE,
        height: TILE_SIZE,
        sheet: truth.name,
        x,
        y,
        jpeg,
        annotations: truth.symbols.flatMap((symbol) => annotate(symbol, x, y)),
      });
    }
  }
  return tiles;
}

function annotate(symbol: CorpusSymbol, x: number, y: number): TileAnnotation[] {
  const tile: Box = [x, y, x + TILE_SIZE, y + TILE_SIZE];
  const [x0, y0, x1, y1] = symbol.box;
  const clipped: Box = [Math.max(x0, tile[0]), Math.max(y0, tile[1]), Math.min(x1, tile[2]), Math.min(y1, tile[3])];
  const area = Math.max(0, clipped[2] - clipped[0]) * Math.max(0, clipped[3] - clipped[1]);
  const full = (x1 - x0) * (y1 - y0);
  if (area <= 0 || area < full * MIN_VISIBLE) return [];
  const round = (value: number) => Math.round(value * 100) / 100;
  return [
    {
      category_id: CATEGORY_ID.get(symbol.className) ?? CATEGORY_ID.get(OTHER_SYMBOL)!,
      bbox: [round(clipped[0] - x), round(clipped[1] - y), round(clipped[2] - clipped[0]), round(clipped[3] - clipped[1])],
      area: round(area),
      iscrowd: 0,
      truncated: area < full - 1e-6,
      turned_box: symbol.turnedBox.flatMap(([px, py]) => [round(px - x), round(py - y)]),
      symbol_id: symbol.id,
      library: symbol.library,
      shape: symbol.shape,
    },
  ];
}
