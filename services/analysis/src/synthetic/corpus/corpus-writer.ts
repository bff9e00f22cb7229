import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PAPER_PIXELS } from '../sheet-generator';
import { buildCorpusSheet, encodeSheet } from './corpus-sheet';
import { COCO_CATEGORIES, cutTiles, type TileImage } from './tiles';

/** One rendered A3 sheet at 200 dpi: the unit a corpus's size is counted in. */
export const SHEET_EQUIVALENT_PIXELS = PAPER_PIXELS.A3.width * PAPER_PIXELS.A3.height;

/** Corpus sheet seeds start far above the benchmark's held-out seeds, so the two can never be confused. */
export const CORPUS_SEED_BASE = 2 ** 30;
export const sheetSeed = (corpusSeed: number, index: number) => CORPUS_SEED_BASE + corpusSeed * 100_000 + index;

export interface SheetRecord {
  name: string;
  seed: number;
  paper: string;
  orientation: string;
  dpi: number;
  width: number;
  height: number;
  sheetEquivalents: number;
  symbols: number;
  tiles: number;
  /** The classes and draw.io shapes drawn (`file/shape`), for coverage. */
  classes: string[];
  drawioShapes: string[];
}

/**
 * Builds sheet `seed` and writes it under `out`: its truth (`truth/`), a small preview (`previews/`), and either
 * its tiles with their annotations (`tiles/images/`, `tiles/parts/`) or the whole sheet (`sheets/`).
 */
export async function writeCorpusSheet(out: string, seed: number, options: { tiles: boolean; sheets: boolean }): Promise<SheetRecord> {
  const sheet = await buildCorpusSheet(seed);
  const { truth } = sheet;
  const { width, height } = truth.imageSize;
  await writeFile(path.join(out, 'truth', `${sheet.name}.json`), JSON.stringify(truth));
  const { data, channels } = sheet.pixels;
  const preview = sharp(data, { raw: { width, height, channels } }).resize(1400, 1400, { fit: 'inside' });
  await writeFile(path.join(out, 'previews', `${sheet.name}.jpg`), await preview.jpeg({ quality: 80 }).toBuffer());
  if (options.sheets || !options.tiles) {
    const whole = await encodeSheet(sheet);
    await writeFile(path.join(out, 'sheets', `${sheet.name}.${whole.format === 'png' ? 'png' : 'jpg'}`), whole.bytes);
  }
  let tileCount = 0;
  if (options.tiles) {
    const tiles = await cutTiles(sheet);
    for (const tile of tiles) await writeFile(path.join(out, 'tiles', 'images', tile.file), tile.jpeg);
    const part = tiles.map(({ jpeg: _jpeg, ...rest }) => rest);
    await writeFile(path.join(out, 'tiles', 'parts', `${sheet.name}.json`), JSON.stringify(part));
    tileCount = tiles.length;
  }
  const thirdParty = truth.symbols.filter((symbol) => symbol.library === 'drawio-pid');
  return {
    name: sheet.name,
    seed,
    paper: truth.plan.paper,
    orientation: truth.plan.orientation,
    dpi: truth.plan.dpi,
    width,
    height,
    sheetEquivalents: Math.round(((width * height) / SHEET_EQUIVALENT_PIXELS) * 1000) / 1000,
    symbols: truth.symbols.length,
    tiles: tileCount,
    classes: [...new Set(truth.symbols.filter((symbol) => symbol.library === 'project').map((symbol) => symbol.className))].sort(),
    drawioShapes: [...new Set(thirdParty.map((symbol) => `${symbol.file}/${symbol.shape}`))].sort(),
  };
}

export async function prepareCorpusFolders(out: string, tiles: boolean): Promise<void> {
  for (const folder of ['truth', 'previews', 'sheets', ...(tiles ? ['tiles/images', 'tiles/parts'] : [])]) {
    await mkdir(path.join(out, folder), { recursive: true });
  }
}

/** Merges the sheets' tile parts, in sheet order, into one COCO file `tiles/annotations.json`. */
export async function mergeCocoParts(out: string, sheets: SheetRecord[]): Promise<{ images: number; annotations: number }> {
  const images: object[] = [];
  const annotations: object[] = [];
  for (const sheet of sheets) {
    const part = JSON.parse(await readFile(path.join(out, 'tiles', 'parts', `${sheet.name}.json`), 'utf8')) as Omit<TileImage, 'jpeg'>[];
    for (const tile of part) {
      const id = images.length + 1;
      images.push({
        id,
        file_name: `images/${tile.file}`,
        width: tile.width,
        height: tile.height,
        sheet: tile.sheet,
        x: tile.x,
        y: tile.y,
      });
      for (const annotation of tile.annotations) annotations.push({ id: annotations.length + 1, image_id: id, ...annotation });
    }
  }
  const coco = {
    info: { description: 'P&ID training corpus tiles (synthetic, exact truth)', version: 'pid-corpus/1' },
    licenses: [{ id: 1, name: 'Symbols from the draw.io P&ID library: CC BY 4.0 (see services/analysis/symbols/drawio-pid/NOTICE)' }],
    categories: COCO_CATEGORIES,
    images,
    annotations,
  };
  await writeFile(path.join(out, 'tiles', 'annotations.json'), JSON.stringify(coco));
  return { images: images.length, annotations: annotations.length };
}
