import sharp from 'sharp';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { PixelBox, TruthSheet } from '../benchmark/ground-truth';
import { DRAFTING_STYLES, generateSyntheticDrawing, HELD_OUT_SEED_START, heldOutSet, type SyntheticDrawing } from './index';
import { symbolClass } from './symbol-library';
import { HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

type Gray = { data: Buffer; width: number; height: number };

async function gray(raster: Buffer): Promise<Gray> {
  const { data, info } = await sharp(raster).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Share of a box's pixels that are dark. */
function inkShare(image: Gray, [x0, y0, x1, y1]: PixelBox): number {
  let dark = 0;
  let all = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, Math.ceil(x1)); x++, all++)
      if (image.data[y * image.width + x] < 128) dark++;
  }
  return all === 0 ? 0 : dark / all;
}

async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
}

describe('generateSyntheticDrawing', () => {
  let sheet: SyntheticDrawing;
  beforeAll(async () => {
    sheet = await generateSyntheticDrawing({ seed: 21, density: 'sparse', style: 'iso-modern' });
  }, HOOK_TIMEOUT_MS);

  it('gives the same drawing and truth for the same options', async () => {
    const again = await generateSyntheticDrawing({ seed: 21, density: 'sparse', style: 'iso-modern' });
    expect(JSON.stringify(again.truth)).toBe(JSON.stringify(sheet.truth));
    expect(Buffer.from(again.pdf).equals(Buffer.from(sheet.pdf))).toBe(true);
    expect(again.raster.equals(sheet.raster)).toBe(true);
    const other = await generateSyntheticDrawing({ seed: 22, density: 'sparse', style: 'iso-modern' });
    expect(JSON.stringify(other.truth)).not.toBe(JSON.stringify(sheet.truth));
  });

  it('reports the options it used and an A3 page at 200 dpi', () => {
    expect(sheet.options).toEqual({ seed: 21, style: 'iso-modern', density: 'sparse', paper: 'A3', degrade: false });
    expect(sheet.truth.imageSize).toEqual({ width: 3307, height: 2339 });
    expect(sheet.rasterFormat).toBe('png');
    expect(sheet.truth.complete).toEqual({ symbols: true, texts: true, pipes: true, connections: true });
  });

  it('keeps every box inside the page, symbols over their ink, and text off lines and the symbols it does not belong to', async () => {
    const { width, height } = sheet.truth.imageSize;
    const inside = ([x0, y0, x1, y1]: PixelBox) => x0 >= 0 && y0 >= 0 && x1 <= width && y1 <= height && x0 < x1 && y0 < y1;
    for (const symbol of sheet.truth.symbols) expectWith(inside(symbol.bbox), symbol.id).toBe(true);
    for (const text of sheet.truth.texts) expectWith(inside(text.bbox), text.string).toBe(true);
    const image = await gray(sheet.raster);
    for (const symbol of sheet.truth.symbols) expectWith(inkShare(image, symbol.bbox), symbol.id).toBeGreaterThan(0.02);
    const overlap = (a: PixelBox, b: PixelBox) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    for (const text of sheet.truth.texts) {
      for (const symbol of sheet.truth.symbols)
        if (text.ownerId !== symbol.id) expectWith(overlap(text.bbox, symbol.bbox), `${text.string} on ${symbol.id}`).toBe(false);
      for (const pipe of sheet.truth.pipes) {
        for (let i = 1; i < pipe.polyline.length; i++) {
          const [[ax, ay], [bx, by]] = [pipe.polyline[i - 1], pipe.polyline[i]];
          const segment: PixelBox = [Math.min(ax, bx) - 1, Math.min(ay, by) - 1, Math.max(ax, bx) + 1, Math.max(ay, by) + 1];
          expectWith(overlap(text.bbox, segment), `${text.string} on ${pipe.id}`).toBe(false);
        }
      }
    }
  });

  it('connects every inline symbol on both sides and ends every pipe at a port or another pipe', () => {
    const { symbols, connections, pipes } = sheet.truth;
    for (const symbol of symbols.filter((s) => symbolClass(s.className).placement === 'inline')) {
      const links = connections.filter(
        (c) => (c.sourceId === symbol.id || c.targetId === symbol.id) && c.relationshipType === 'connects to',
      );
      expectWith(links.length, `${symbol.className} ${symbol.id}`).toBeGreaterThanOrEqual(2);
    }
    const ids = new Set(symbols.map((s) => s.id));
    const joint = new Map(symbols.map((s) => [s.id, s.joint?.join()]));
    for (const connection of connections) {
      expect(ids.has(connection.sourceId) && ids.has(connection.targetId)).toBe(true);
      // The two flanges of a joint meet face to face, with no pipe between.
      if (joint.get(connection.sourceId) && joint.get(connection.sourceId) === joint.get(connection.targetId))
        expect(connection.pipeId).toBeUndefined();
      else expect(pipes.some((pipe) => pipe.id === connection.pipeId)).toBe(true);
    }
    expect(pipes.filter((pipe) => pipe.style === 'dashed').length).toBeGreaterThan(0);
    for (const pipe of pipes) {
      for (let i = 1; i < pipe.polyline.length; i++) {
        const [[ax, ay], [bx, by]] = [pipe.polyline[i - 1], pipe.polyline[i]];
        expectWith(ax === bx || ay === by, `${pipe.id} is orthogonal`).toBe(true);
      }
    }
  });

  it('lists a flange joint as its two flanges, connected face to face and each to the pipe on its side', async () => {
    const { truth } = await generateSyntheticDrawing({ seed: 21, density: 'dense', style: 'iso-modern' });
    const faces = truth.symbols.filter((s) => s.className === 'flange');
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) {
      const mate = faces.find((other) => other !== face && other.joint?.join() === face.joint?.join());
      expectWith(mate, face.id).toBeDefined();
      const links = truth.connections.filter((c) => c.sourceId === face.id || c.targetId === face.id);
      expect(links.filter((c) => c.pipeId === undefined).map((c) => [c.sourceId, c.targetId].sort())).toEqual([[face.id, mate!.id].sort()]);
      expect(links.filter((c) => c.pipeId !== undefined)).toHaveLength(1);
    }
  });

  it('has a text layer with the tags and line numbers', async () => {
    const words = (await pdfText(sheet.pdf)).join('\n');
    const tags = sheet.truth.texts.filter((text) => text.role === 'tag' || text.role === 'line_number');
    expect(tags.length).toBeGreaterThan(3);
    for (const text of tags) expect(words).toContain(text.string);
    for (const symbol of sheet.truth.symbols.filter((s) => s.elementType === 'instrument')) {
      const [letters, number] = (symbol.tag ?? '').split('-');
      expect(sheet.truth.texts.filter((t) => t.ownerId === symbol.id).map((t) => t.string)).toEqual([letters, number]);
    }
  });

  it('keeps the truth on the ink after a scan look with rotation', async () => {
    const degrade = { rotationDeg: 1.4, blur: 0.8, noise: 8, jpegQuality: 80 };
    const scanned = await generateSyntheticDrawing({ seed: 21, density: 'sparse', style: 'iso-modern', degrade });
    expect(scanned.rasterFormat).toBe('jpeg');
    const image = await gray(scanned.raster);
    expect([image.width, image.height]).toEqual([3307, 2339]);
    // Words in the zone marks, title block and bubbles: small boxes that a missed rotation would slip off.
    const hits = (truth: TruthSheet) => truth.texts.filter((text) => inkShare(image, text.bbox) > 0.1).length / truth.texts.length;
    expect(hits(scanned.truth)).toBeGreaterThan(0.95);
    expect(hits(sheet.truth)).toBeLessThan(hits(scanned.truth) - 0.2);
    for (const symbol of scanned.truth.symbols) expectWith(inkShare(image, symbol.bbox), symbol.id).toBeGreaterThan(0.02);
  });
});

describe('heldOutSet', () => {
  it('is fixed, above the training seeds, and mixes every style, density, paper and scan look', () => {
    const set = heldOutSet();
    expect(set).toEqual(heldOutSet());
    expect(set.length).toBeGreaterThanOrEqual(8);
    expect(set.every((options) => options.seed >= HELD_OUT_SEED_START)).toBe(true);
    expect(new Set(set.map((o) => o.style))).toEqual(new Set(DRAFTING_STYLES.map((s) => s.name)));
    expect(new Set(set.map((o) => o.density))).toEqual(new Set(['sparse', 'normal', 'dense']));
    expect(new Set(set.map((o) => o.paper))).toEqual(new Set(['A3', 'A1']));
    expect(set.some((o) => o.degrade) && set.some((o) => !o.degrade)).toBe(true);
  });
});
