import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { PixelBox, PixelPoint, TruthSheet, TruthSymbol, TruthText } from '../ground-truth';
import { boundingBoxOf, iou, unionBox } from '../geometry';
import type { BenchDrawing } from './bench-drawing';
import { krElementType } from './kr-refinery-classes';
import { textRole } from './text-role';

/** `x1 y1 … x4 y4 class difficulty`: a possibly rotated box, kept as its axis-aligned bounding box. */
export function parseDota(text: string): { className: string; bbox: PixelBox }[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 9)
    .map((fields) => {
      const corners: PixelPoint[] = [0, 2, 4, 6].map((i) => [Number(fields[i]), Number(fields[i + 1])]);
      return { className: fields[8], bbox: boundingBoxOf(corners) };
    });
}

/** The partial text XML: strings with their box before rotation (`degree` 90/270 turns it about its centre). */
export function parseTextXml(xml: string): TruthText[] {
  const field = (object: string, name: string) => object.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? '';
  return [...xml.matchAll(/<symbol_object>([\s\S]*?)<\/symbol_object>/g)]
    .map(([, object]) => object)
    .filter((object) => field(object, 'type') === 'text')
    .map((object) => {
      const [x0, y0, x1, y1] = ['xmin', 'ymin', 'xmax', 'ymax'].map((name) => Number(field(object, name)));
      const upright = Number(field(object, 'degree')) % 180 === 0;
      const [cx, cy, w, h] = [(x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0];
      const bbox: PixelBox = upright ? [x0, y0, x1, y1] : [cx - h / 2, cy - w / 2, cx + h / 2, cy + w / 2];
      const string = field(object, 'class').trim();
      return { string, bbox, role: textRole(string) };
    });
}

/** Gives each text region the string of the XML text on it (IoU ≥ 0.5); XML texts on no region are added. */
export function nameTextRegions(regions: TruthText[], named: TruthText[]): TruthText[] {
  const texts = [...regions];
  for (const text of named) {
    const region = texts.findIndex((r) => r.string === '' && iou(r.bbox, text.bbox) >= 0.5);
    if (region >= 0) texts[region] = { ...text, bbox: texts[region].bbox };
    else texts.push(text);
  }
  return texts;
}

const [AREA, LETTERS, LOOP] = [/^\d+$/, /^[A-Z]{1,5}$/, /^\d+[A-Z]?$/];

/** `below` sits right under `above`, centred on it: at most half a line apart, centres within half a width. */
function stacked(above: TruthText, below: TruthText): boolean {
  const height = Math.min(above.bbox[3] - above.bbox[1], below.bbox[3] - below.bbox[1]);
  const width = Math.min(above.bbox[2] - above.bbox[0], below.bbox[2] - below.bbox[0]);
  const gap = below.bbox[1] - above.bbox[3];
  const offset = Math.abs(above.bbox[0] + above.bbox[2] - below.bbox[0] - below.bbox[2]) / 2;
  return gap >= -0.5 * height && gap <= 0.5 * height && offset <= 0.5 * width;
}

/**
 * Instrument tags drawn as a stack of three texts (area `052`, letters `FIC`, loop `004A`), the way ISA
 * bubbles carry them: one tag `052-FIC-004A`, read top to bottom, in place of its three pieces.
 */
export function stackInstrumentTags(texts: TruthText[]): TruthText[] {
  const used = new Set<TruthText>();
  const tags: TruthText[] = [];
  for (const letters of texts.filter((t) => LETTERS.test(t.string))) {
    const area = texts.find((t) => AREA.test(t.string) && !used.has(t) && stacked(t, letters));
    const loop = texts.find((t) => LOOP.test(t.string) && !used.has(t) && stacked(letters, t));
    if (!area || !loop) continue;
    [area, letters, loop].forEach((t) => used.add(t));
    tags.push({
      string: `${area.string}-${letters.string}-${loop.string}`,
      bbox: unionBox([area.bbox, letters.bbox, loop.bbox]),
      role: 'tag',
    });
  }
  return [...texts.filter((t) => !used.has(t)), ...tags];
}

async function classNames(dir: string, file: string): Promise<Set<string>> {
  const text = existsSync(path.join(dir, file)) ? await readFile(path.join(dir, file), 'utf8') : '';
  return new Set(text.split('\n').flatMap((line) => line.split('|')[1]?.trim() || []));
}

/** kr_refinery: symbols and text regions complete (no strings but where the partial XML names them); no pipes. */
export async function krRefineryDrawings(dir: string): Promise<BenchDrawing[]> {
  const sheets = (await readdir(dir)).filter((f) => f.endsWith('.jpg') && existsSync(path.join(dir, f.replace(/\.jpg$/, '.txt'))));
  return sheets.map((jpg) => {
    const stem = jpg.replace(/\.jpg$/, '');
    const file = path.join(dir, jpg);
    return {
      dataset: 'kr_refinery',
      name: stem,
      prepare: async () => {
        const big = await classNames(dir, 'SymbolClass_Class_big.txt');
        const objects = parseDota(await readFile(path.join(dir, `${stem}.txt`), 'utf8'));
        const symbols: TruthSymbol[] = objects
          .filter((o) => o.className !== 'text' && o.className !== 'annotation')
          .map((o, i) => ({ id: `s${i + 1}`, elementType: krElementType(o.className, big), className: o.className, bbox: o.bbox }));
        const regions = objects.filter((o) => o.className === 'text').map((o): TruthText => ({ string: '', bbox: o.bbox, role: 'label' }));
        const xml = path.join(dir, `${stem}.partial_text_symbol.twopoint.xml`);
        const texts = existsSync(xml) ? stackInstrumentTags(nameTextRegions(regions, parseTextXml(await readFile(xml, 'utf8')))) : regions;
        const { width = 0, height = 0 } = await sharp(file).metadata();
        const truth: TruthSheet = {
          name: stem,
          imageSize: { width, height },
          symbols,
          texts,
          pipes: [],
          connections: [],
          complete: { symbols: true, texts: true, pipes: false, connections: false },
        };
        return { file, truth };
      },
    };
  });
}
