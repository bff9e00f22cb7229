import { afterAll, describe, expect, it } from '@jest/globals';
import { line, svgPage } from '../testing/synthetic';
import { analyzePage } from './analyze-page';
import { clearOfHeads } from './spec-breaks';
import type { TextLine } from './text-lines';
import { createTesseractReader, type TextReader } from './text-reader';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

let reader: Promise<TextReader> | undefined;
const textReader = () => (reader ??= createTesseractReader());
afterAll(async () => (await reader)?.close(), HOOK_TIMEOUT_MS);

const W = 520;
const H = 440;

/** A filled arrowhead with its tip at (x, y), pointing down (+1) or up (−1), on a hairline stem. */
const head = (x: number, y: number, pointing: 1 | -1, length = 24, half = 5) => {
  const base = y - pointing * length;
  return (
    `<path d="M ${x} ${y} L ${x - half} ${base} L ${x + half} ${base} Z" fill="#000000" stroke="none"/>` +
    `<line x1="${x}" y1="${base}" x2="${x}" y2="${base - pointing * 30}" stroke-width="1"/>`
  );
};
const text = (x: number, y: number, value: string) =>
  `<text x="${x}" y="${y}" font-family="sans-serif" font-size="20" fill="#000000" stroke="none">${value}</text>`;

// A pipe down the sheet at x 100; the break's line out from it at y 220, the arrows on it at x 150.
const pipe = line(100, 30, 100, 410);
const arrows = line(100, 220, 260, 220, false).replace('/>', ' stroke-width="1"/>') + head(150, 218, 1) + head(150, 222, -1);

const breaks = async (shapes: string) =>
  (await analyzePage(await svgPage(W, H, shapes))).elements.filter((e) => e.metadata.symbol_class === 'spec_break');

describe('spec breaks', () => {
  it('are two arrowheads pointing at a line, boxed with the specs written either side of it, and named by them', async () => {
    const elements = (await analyzePage(await svgPage(W, H, pipe + arrows + text(162, 212, 'AG') + text(162, 246, 'UG')), { textReader }))
      .elements;
    const [found, ...more] = elements.filter((e) => e.metadata.symbol_class === 'spec_break');
    expect(more).toEqual([]);
    // Its specs are its own, no texts besides.
    expect(elements.filter((e) => e.elementType === 'text')).toEqual([]);
    expect(found).toMatchObject({ elementType: 'fitting', description: 'spec break' });
    const { x, y, width, height } = found.boundingBox;
    // From the far end of one stem to the other's, across the arrows to the end of the specs.
    expect(x).toBeLessThanOrEqual(146);
    expect(x + width).toBeGreaterThanOrEqual(188);
    expect(y).toBeLessThanOrEqual(168);
    expect(y + height).toBeGreaterThanOrEqual(272);
    expect(found.metadata.specs).toEqual(['AG', 'UG']);
    expect(found.name).toBe('AG / UG');
  });

  it('are not a dimension: its text is on one side of the line', async () => {
    expect(await breaks(pipe + arrows + text(162, 246, 'MIN'))).toEqual([]);
  });

  it('are not letters shaped like heads, one over the other with no line between', async () => {
    const letters = text(200, 120, 'PSV') + text(200, 148, '01A') + text(140, 320, 'VENT') + text(140, 348, 'A2');
    expect(await breaks(pipe + letters)).toEqual([]);
  });

  it('are not a filled gate valve: its triangles are as wide as they are long', async () => {
    // Its handwheel's stem up from where the tips meet, its tag either side of the stem.
    const bowtie = `<path d="M 224 202 L 260 220 L 224 238 Z M 296 202 L 260 220 L 296 238 Z" fill="#000000" stroke="none"/>`;
    const shapes = line(40, 220, 224, 220) + bowtie + line(296, 220, 480, 220) + line(260, 170, 260, 220);
    expect(await breaks(shapes + text(180, 160, 'XV-1') + text(270, 160, '01'))).toEqual([]);
  });

  it('read their specs without the heads a line of text took in: cut at the start or end, in line with the text only', () => {
    const specs: TextLine = { x0: 100, y0: 180, x1: 160, y1: 196, orientation: 'horizontal', size: 16, members: [] };
    const inLine = {
      box: { x0: 0, y0: 0, x1: 0, y1: 0 },
      arrows: { x0: 0, y0: 0, x1: 0, y1: 0 },
      heads: [{ x0: 96, y0: 178, x1: 106, y1: 198 }],
    };
    expect(clearOfHeads(specs, [inLine])).toMatchObject({ x0: 112, x1: 160 });
    // A head under the text, off its line, leaves it whole.
    const under = { ...inLine, heads: [{ x0: 100, y0: 200, x1: 124, y1: 210 }] };
    expect(clearOfHeads(specs, [under])).toBe(specs);
  });
});
