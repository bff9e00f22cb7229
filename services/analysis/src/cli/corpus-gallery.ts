/**
 * `npm run corpus:gallery -- --corpus DIR [--out FILE.png] [--seed S]`
 * A contact sheet for a person to look at: random sheets of a corpus (its previews) and random tiles at full
 * resolution with their truth boxes (ours red, draw.io blue, turned boxes thin), each with its plan in a caption.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { CorpusTruth } from '../synthetic/corpus/corpus-truth';
import type { TileAnnotation } from '../synthetic/corpus/tiles';
import { Prng } from '../synthetic/prng';
import { runCli, typedPath, usageExit } from './run-cli';

const USAGE = 'usage: npm run corpus:gallery -- --corpus <dir> [--out <file.png>] [--seed S]\n';
const CELL = 520;
const CAPTION = 44;
const COLUMNS = 4;

interface Cell {
  image: Buffer;
  caption: string;
}

async function sheetCells(dir: string, rng: Prng, count: number): Promise<Cell[]> {
  const previews = (await readdir(path.join(dir, 'previews'))).sort();
  const cells: Cell[] = [];
  for (const file of rng.shuffle(previews).slice(0, count)) {
    const name = file.replace(/\.jpg$/, '');
    const truth = JSON.parse(await readFile(path.join(dir, 'truth', `${name}.json`), 'utf8')) as CorpusTruth;
    const { plan } = truth;
    const image = await sharp(path.join(dir, 'previews', file))
      .resize(CELL, CELL - CAPTION, { fit: 'contain', background: '#dddddd' })
      .png()
      .toBuffer();
    const damage = plan.damage ? Object.keys(plan.damage).join(' ') : 'clean';
    cells.push({
      image,
      caption: `${plan.paper} ${plan.orientation} ${plan.dpi} dpi · ${plan.style.font} · ${truth.symbols.length} symbols|${damage}`,
    });
  }
  return cells;
}

async function tileCells(dir: string, rng: Prng, count: number): Promise<Cell[]> {
  const file = path.join(dir, 'tiles', 'annotations.json');
  if (!existsSync(file)) return [];
  const coco = JSON.parse(await readFile(file, 'utf8')) as {
    images: { id: number; file_name: string }[];
    annotations: (TileAnnotation & { image_id: number })[];
    categories: { id: number; name: string }[];
  };
  const byImage = new Map<number, (TileAnnotation & { image_id: number })[]>();
  for (const annotation of coco.annotations) byImage.set(annotation.image_id, [...(byImage.get(annotation.image_id) ?? []), annotation]);
  const busy = coco.images.filter((image) => (byImage.get(image.id)?.length ?? 0) >= 3);
  const cells: Cell[] = [];
  for (const image of rng.shuffle(busy).slice(0, count)) {
    const annotations = byImage.get(image.id) ?? [];
    const shapes = annotations.map(({ bbox: [x, y, w, h], library, turned_box: turned }) => {
      const colour = library === 'drawio-pid' ? '#1060ff' : '#e01010';
      const polygon = `<polygon points="${turned.join(' ')}" fill="none" stroke="${colour}" stroke-width="1" stroke-dasharray="4 3"/>`;
      return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${colour}" stroke-width="2"/>${polygon}`;
    });
    const overlay = Buffer.from(`<svg width="640" height="640" xmlns="http://www.w3.org/2000/svg">${shapes.join('')}</svg>`);
    const tile = await sharp(path.join(dir, 'tiles', image.file_name))
      .composite([{ input: overlay }])
      .png()
      .toBuffer();
    const names = [
      ...new Set(
        annotations.map((annotation) =>
          annotation.library === 'drawio-pid' ? annotation.shape : coco.categories[annotation.category_id - 1].name,
        ),
      ),
    ];
    cells.push({
      image: await sharp(tile)
        .resize(CELL, CELL - CAPTION, { fit: 'contain', background: '#dddddd' })
        .png()
        .toBuffer(),
      caption: `${path.basename(image.file_name, '.jpg')}|${names.slice(0, 4).join(', ')}`,
    });
  }
  return cells;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.corpus) return usageExit(USAGE, values.help);
  const dir = typedPath(values.corpus);
  const out = typedPath(values.out ?? path.join(dir, 'gallery.png'));
  const rng = new Prng(Number(values.seed));
  const cells = [...(await sheetCells(dir, rng.fork('sheets'), 8)), ...(await tileCells(dir, rng.fork('tiles'), 12))];
  const rows = Math.ceil(cells.length / COLUMNS);
  const composites = cells.flatMap((cell, i) => {
    const [x, y] = [(i % COLUMNS) * CELL, Math.floor(i / COLUMNS) * CELL];
    const [first, second = ''] = cell.caption.split('|');
    const caption = Buffer.from(
      `<svg width="${CELL}" height="${CAPTION}" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#ffffff"/>` +
        `<text x="6" y="18" font-family="DejaVu Sans, sans-serif" font-size="14">${escape(first)}</text>` +
        `<text x="6" y="37" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#555555">${escape(second.slice(0, 80))}</text></svg>`,
    );
    return [
      { input: cell.image, left: x, top: y },
      { input: caption, left: x, top: y + CELL - CAPTION },
    ];
  });
  await sharp({ create: { width: CELL * COLUMNS, height: CELL * rows, channels: 3, background: '#888888' } })
    .composite(composites)
    .png()
    .toFile(out);
  process.stdout.write(`${cells.length} cells → ${out}\n`);
  return 0;
}

runCli(main);
