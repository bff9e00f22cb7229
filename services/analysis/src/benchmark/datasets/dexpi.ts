import type { ElementType } from '@pid/contracts';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PixelBox, PixelPoint, TruthConnection, TruthSheet, TruthSymbol, TruthText } from '../ground-truth';
import type { BenchDrawing } from './bench-drawing';
import { pdfPixelSpace, wordTexts, type PdfWords } from './pdf-words';
import { svgToPdf } from './svg-pdf';

/** PDFs converted from the sheets' SVG exports, under the repository's `var/bench/dexpi/`. */
const CACHE_DIR = path.resolve(__dirname, '../../../../../var/bench/dexpi');

/** `*.gt_px.json` / `*.gt_px_partial.json`, derived from the DEXPI XML (see pid-dev's README). */
export interface DexpiTruth {
  raster_size: [number, number];
  symbols: { id: string; element: string; component_class: string | null; tag: string | null; bbox_px?: PixelBox }[];
  texts: { string: string; owner_id?: string | null; bbox_px?: PixelBox }[];
  lines: { owner_id: string; owner_element: string; polyline_px: PixelPoint[] }[];
  edges: { from_id: string | null; to_id: string | null; segment_id: string; segment_class?: string }[];
}

/** Parts drawn inside a piece of equipment, not symbols of their own. */
const EQUIPMENT_PARTS = new Set(['ColumnSection', 'Chamber', 'ColumnPackingsArrangement']);

function elementType(symbol: DexpiTruth['symbols'][number]): ElementType {
  const name = symbol.component_class ?? '';
  if (/OffPageConnector/.test(name)) return 'off_page_connector';
  if (/Valve/.test(name)) return 'valve';
  if (/Instrumentation|SignalGenerating/.test(name)) return 'instrument';
  return symbol.element === 'Equipment' ? 'equipment' : 'fitting';
}

const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * The symbols a pipeline can box: a class (not a pipe annotation such as a flow arrow), a box of at least
 * 2 px each way (a tee is a point, a blind flange seen edge-on a line), not a part inside equipment.
 */
/** A box at least 2 px each way: a point or a line (a tee, a blind flange seen edge-on) is none to match. */
const boxable = (box: PixelBox) => box[2] - box[0] >= 2 && box[3] - box[1] >= 2;

export function dexpiSymbols(truth: DexpiTruth): TruthSymbol[] {
  return truth.symbols.flatMap((symbol) => {
    const box = symbol.bbox_px;
    if (!symbol.component_class || EQUIPMENT_PARTS.has(symbol.component_class) || !box) return [];
    if (!boxable(box)) return [];
    return [
      {
        id: symbol.id,
        elementType: elementType(symbol),
        className: snakeCase(symbol.component_class),
        bbox: box,
        ...(symbol.tag ? { tag: symbol.tag } : {}),
      },
    ];
  });
}

/** An XML element's `ID` attribute, in either quotes. */
function idIn(attributes: string): string | undefined {
  const id = /\bID=(?:"([^"]*)"|'([^']*)')/.exec(attributes);
  return id ? (id[1] ?? id[2]) : undefined;
}

/**
 * The pieces along each piping segment, in flow order, from the sheet's DEXPI XML: a segment's `Connection`
 * names only its two ends, and the valves and fittings drawn on the way are the segment's `PipingComponent`s.
 */
export function segmentComponents(xml: string): Map<string, string[]> {
  const components = new Map<string, string[]>();
  // An empty segment may be written self-closed.
  const segments = /<PipingNetworkSegment\b([^>]*?)(?:\/>|>([\s\S]*?)<\/PipingNetworkSegment>)/g;
  for (const [, attributes, body = ''] of xml.matchAll(segments)) {
    const id = idIn(attributes);
    if (id === undefined) continue;
    const listed = [...body.matchAll(/<PipingComponent\b([^>]*)>/g)].flatMap(([, a]) => idIn(a) ?? []);
    components.set(id, listed);
  }
  return components;
}

/**
 * Each nozzle's equipment from the sheet's DEXPI XML, innermost first: a `Nozzle` is written inside the `Equipment`
 * it belongs to (a column's, or a section's of the column).
 */
export function nozzleOwners(xml: string): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  const open: string[] = [];
  for (const [, closing, tag, attributes, selfClosed] of xml.matchAll(/<(\/?)(Equipment|Nozzle)\b([^>]*?)(\/?)>/g)) {
    const id = idIn(attributes);
    if (tag === 'Equipment' && closing) open.pop();
    else if (tag === 'Equipment' && !selfClosed) open.push(id ?? '');
    else if (tag === 'Nozzle' && !closing && id !== undefined) owners.set(id, [...open].reverse());
  }
  return owners;
}

/** A segment's components from its `from` end to its `to` end: an export may list them the other way round. */
export function inFlowOrder(components: string[], from: string | null, to: string | null): string[] {
  const [first, last] = [from ? components.indexOf(from) : -1, to ? components.indexOf(to) : -1];
  const end = components.length - 1;
  const reversed = first >= 0 && last >= 0 ? first > last : first >= 0 ? first === end && end > 0 : last === 0 && end > 0;
  return reversed ? [...components].reverse() : components;
}

/** Groups of ids joined by links, each id to its group's first. */
function groupsOf(links: [string, string][]): Map<string, string> {
  const parent = new Map<string, string>();
  const root = (id: string): string => {
    const up = parent.get(id) ?? id;
    if (up === id) return id;
    const top = root(up);
    parent.set(id, top);
    return top;
  };
  for (const [a, b] of links) {
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent.set(rb, ra);
  }
  return new Map([...parent.keys()].map((id) => [id, root(id)]));
}

/**
 * Edges between kept symbols. Each segment runs from its `from` end through its components to its `to` end.
 * A run of dropped symbols (a tee, blind flanges seen edge-on) is passed through: the kept symbols around it
 * are connected to each other, as the pipeline's walk connects them. Each nozzle is connected to its equipment
 * (`owners`, from `nozzleOwners`; the innermost kept one: a column's section is no symbol).
 */
export function dexpiConnections(
  truth: DexpiTruth,
  kept: ReadonlySet<string>,
  components: ReadonlyMap<string, string[]> = new Map(),
  owners: ReadonlyMap<string, string[]> = new Map(),
): TruthConnection[] {
  const steps = segmentSteps(truth, components);
  const connections: TruthConnection[] = steps
    .filter((s) => kept.has(s.from) && kept.has(s.to))
    .map((s) => ({ sourceId: s.from, targetId: s.to, pipeId: s.pipeId, relationshipType: 'connects to' }));
  const group = groupsOf(steps.filter((s) => !kept.has(s.from) && !kept.has(s.to)).map((s) => [s.from, s.to]));
  const around = new Map<string, Set<string>>();
  for (const { from, to } of steps) {
    if (kept.has(from) === kept.has(to)) continue;
    const [end, dropped] = kept.has(from) ? [from, to] : [to, from];
    const key = group.get(dropped) ?? dropped;
    around.set(key, (around.get(key) ?? new Set()).add(end));
  }
  // A pair joined already (directly, or through another run) is not joined twice.
  const pair = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
  const joined = new Set(connections.map((c) => pair(c.sourceId, c.targetId)));
  for (const set of around.values()) {
    const ends = [...set];
    for (let i = 0; i < ends.length; i++) {
      for (let j = i + 1; j < ends.length; j++) {
        if (joined.has(pair(ends[i], ends[j]))) continue;
        joined.add(pair(ends[i], ends[j]));
        connections.push({ sourceId: ends[i], targetId: ends[j], relationshipType: 'connects to' });
      }
    }
  }
  // A nozzle is part of its equipment: the equipment reaches what the nozzle's pipes reach through it.
  for (const [nozzle, enclosing] of owners) {
    const owner = enclosing.find((id) => kept.has(id));
    if (!kept.has(nozzle) || !owner || joined.has(pair(owner, nozzle))) continue;
    joined.add(pair(owner, nozzle));
    connections.push({ sourceId: owner, targetId: nozzle, relationshipType: 'connects to' });
  }
  return connections;
}

/** Each segment from its `from` end through its components to its `to` end, as steps between neighbours. */
function segmentSteps(truth: DexpiTruth, components: ReadonlyMap<string, string[]>): { from: string; to: string; pipeId: string }[] {
  const steps: { from: string; to: string; pipeId: string }[] = [];
  for (const { from_id: from, to_id: to, segment_id: pipeId } of truth.edges) {
    const chain = [from, ...inFlowOrder(components.get(pipeId) ?? [], from, to).filter((id) => id !== from && id !== to), to];
    for (let i = 0; i + 1 < chain.length; i++) {
      const [a, b] = [chain[i], chain[i + 1]];
      if (a && b) steps.push({ from: a, to: b, pipeId });
    }
  }
  return steps;
}

/** The boxes of the symbols the connections pass through that are too thin to score: a tee's point, a blind's line. */
export function passedThrough(truth: DexpiTruth, kept: ReadonlySet<string>, components: ReadonlyMap<string, string[]>): PixelBox[] {
  const onSegments = new Set(segmentSteps(truth, components).flatMap(({ from, to }) => [from, to]));
  return truth.symbols.flatMap(({ id, bbox_px: box }) => (onSegments.has(id) && !kept.has(id) && box && !boxable(box) ? [box] : []));
}

function scaleBox(box: PixelBox, scale: number): PixelBox {
  return box.map((v) => v * scale) as PixelBox;
}

/** The sheet in another pixel space (`scale` times the raster's): the vector PDF's rendition. */
function scaleSheet(sheet: TruthSheet, scale: number, texts: TruthText[]): TruthSheet {
  return {
    ...sheet,
    imageSize: { width: Math.round(sheet.imageSize.width * scale), height: Math.round(sheet.imageSize.height * scale) },
    symbols: sheet.symbols.map((s) => ({ ...s, bbox: scaleBox(s.bbox, scale) })),
    ...(sheet.unscored ? { unscored: sheet.unscored.map((box) => scaleBox(box, scale)) } : {}),
    texts,
    pipes: sheet.pipes.map((p) => ({ ...p, polyline: p.polyline.map(([x, y]): PixelPoint => [x * scale, y * scale]) })),
  };
}

/** Exports named after a sheet: `C02V03-VER.EX02.svg` for sheet `C02V03` and extension `svg`. */
function sheetExports(files: string[], sheet: string, extension: string): string[] {
  // After the sheet's name a separator, so that sheet C02V03 does not take C02V031's export.
  const rest = new RegExp(`^([-_.].*)?\\.${extension}$`);
  return files.filter((f) => f.startsWith(sheet) && rest.test(f.slice(sheet.length))).sort();
}

/**
 * The segments' components and the nozzles' equipment from the first of the sheet's DEXPI XMLs that holds every piping
 * segment the truth names (every segment, where the truth does not say which are piping); none, with a word on stderr,
 * where none does.
 */
async function sheetXml(
  dir: string,
  sheet: string,
  xmls: string[],
  truth: DexpiTruth,
): Promise<{ components: Map<string, string[]>; owners: Map<string, string[]> }> {
  const piping = truth.edges.filter((e) => (e.segment_class ?? 'PipingNetworkSegment') === 'PipingNetworkSegment');
  if (piping.length > 0) {
    for (const xml of xmls) {
      const text = await readFile(path.join(dir, xml), 'utf8');
      const components = segmentComponents(text);
      if (piping.every((e) => components.has(e.segment_id))) return { components, owners: nozzleOwners(text) };
    }
    process.stderr.write(`bench: no DEXPI XML of ${sheet} holds its segments: the valves along them end no connection\n`);
  }
  return { components: new Map(), owners: new Map() };
}

/** Width and height of the root element's viewBox. */
function viewBoxSize(svg: string): number[] | undefined {
  const viewBox = /<(?:[\w.-]+:)?svg\b[^>]*\bviewBox="([^"]*)"/.exec(svg)?.[1];
  return viewBox
    ?.trim()
    .split(/[\s,]+/)
    .slice(2)
    .map(Number);
}

/**
 * The first of `svgs` drawn in the truth's pixel space (its viewBox is the raster's size), as a vector PDF of
 * 1 point per SVG unit, written afresh each run so that a change to the converter always shows.
 */
async function svgSheetPdf(dir: string, svgs: string[], [width, height]: [number, number]): Promise<string> {
  for (const svgName of svgs) {
    const svg = await readFile(path.join(dir, svgName), 'utf8');
    const [svgWidth, svgHeight] = viewBoxSize(svg) ?? [];
    if (svgWidth !== width || svgHeight !== height) continue;
    const { pdf, skipped } = await svgToPdf(svg);
    const left = Object.entries(skipped).map(([what, count]) => `${count} × ${what}`);
    if (left.length > 0) process.stderr.write(`bench: ${svgName} → PDF skipped ${left.join(', ')}\n`);
    await mkdir(CACHE_DIR, { recursive: true });
    const file = path.join(CACHE_DIR, `${svgName}.pdf`);
    await writeFile(file, pdf);
    return file;
  }
  throw new Error(`No SVG of ${svgs.join(', ')} has the truth's size ${width} × ${height}`);
}

/**
 * dexpi: each `*.gt_px*.json` with its PNG. A partial file has no symbol boxes and only text anchors: its PDF row's texts
 * come from the PDF text layer (`<sheet>.pdf_words.json`) when there is one, and its PNG row's texts are not scored. With its vector PDF, the sheet is a
 * second row when the PDF page is the raster at another scale. A full truth with an SVG export of the sheet
 * (`<sheet>-*.svg`) gets a row for that SVG converted to a vector PDF (`<sheet>.svg.pdf`), scored against the same
 * truth: the benchmark scales predictions from the PDF's rendition to the raster's size. The sheet's DEXPI XML
 * (`<sheet>-*.xml`) gives the valves and fittings along each segment, so that they are connections' ends too.
 */
export async function dexpiDrawings(dir: string): Promise<BenchDrawing[]> {
  const drawings: BenchDrawing[] = [];
  const files = await readdir(dir);
  for (const json of files.filter((f) => /\.gt_px(_partial)?\.json$/.test(f)).sort()) {
    const partial = json.endsWith('_partial.json');
    const raster = json.replace(/\.gt_px(_partial)?\.json$/, '');
    if (!existsSync(path.join(dir, `${raster}.png`))) continue;
    const load = async () => {
      const truth = JSON.parse(await readFile(path.join(dir, json), 'utf8')) as DexpiTruth;
      const wordsFile = path.join(dir, `${raster}.pdf_words.json`);
      const words = existsSync(wordsFile) ? (JSON.parse(await readFile(wordsFile, 'utf8')) as PdfWords) : undefined;
      const symbols = partial ? [] : dexpiSymbols(truth);
      const [width, height] = truth.raster_size;
      const kept = new Set(symbols.map((s) => s.id));
      const { components, owners } = partial
        ? { components: new Map<string, string[]>(), owners: new Map<string, string[]>() }
        : await sheetXml(dir, raster, sheetExports(files, raster, 'xml'), truth);
      const pixelsPerPoint = words ? width / words.page_size_pt[0] : 1;
      const texts: TruthText[] = partial
        ? words
          ? wordTexts(words, pixelsPerPoint)
          : []
        : truth.texts.flatMap((t) =>
            t.bbox_px
              ? [{ string: t.string, bbox: t.bbox_px, role: /PipingNetworkSystem/.test(t.owner_id ?? '') ? 'line_number' : 'label' }]
              : [],
          );
      const sheet: TruthSheet = {
        name: raster,
        imageSize: { width, height },
        symbols,
        texts,
        pipes: truth.lines.map((l) => ({
          id: l.owner_id,
          style: l.owner_element === 'InformationFlow' ? 'dashed' : 'solid',
          polyline: l.polyline_px,
        })),
        connections: dexpiConnections(truth, kept, components, owners),
        unscored: passedThrough(truth, kept, components),
        complete: { symbols: !partial, texts: !partial || words !== undefined, pipes: true, connections: true },
      };
      return { sheet, words };
    };
    drawings.push({
      dataset: 'dexpi',
      name: `${raster}.png`,
      prepare: async () => {
        const { sheet } = await load();
        // The PDF's word boxes are no truth for the PNG: it draws centred texts from their anchor (C01V01's start
        // half a text to the right) and a word box is three times its letters' height. Its texts are n/a.
        return { file: path.join(dir, `${raster}.png`), truth: { ...sheet, complete: { ...sheet.complete, texts: !partial } } };
      },
    });
    if (existsSync(path.join(dir, `${raster}.pdf`)) && existsSync(path.join(dir, `${raster}.pdf_words.json`))) {
      drawings.push({
        dataset: 'dexpi',
        name: `${raster}.pdf`,
        prepare: async () => {
          const { sheet, words } = await load();
          const space = pdfPixelSpace(words!);
          const scale = space.width / sheet.imageSize.width;
          // The rendition must be the raster scaled alike both ways, else the pixel truth does not carry over.
          if (Math.abs(space.height / sheet.imageSize.height - scale) > 0.01 * scale) return { file: path.join(dir, `${raster}.pdf`) };
          return { file: path.join(dir, `${raster}.pdf`), truth: scaleSheet(sheet, scale, wordTexts(words!, space.scale)) };
        },
      });
    }
    const svgs = partial ? [] : sheetExports(files, raster, 'svg');
    if (svgs.length > 0) {
      drawings.push({
        dataset: 'dexpi',
        name: `${raster}.svg.pdf`,
        prepare: async () => {
          const { sheet } = await load();
          return { file: await svgSheetPdf(dir, svgs, [sheet.imageSize.width, sheet.imageSize.height]), truth: sheet };
        },
      });
    }
  }
  return drawings;
}
