import { describe, expect, it } from '@jest/globals';
import type { DetectedSymbol } from './symbols';
import { attachTexts, type ReadLine } from './text-attachment';
import { boxedSymbol } from '../testing/symbols';

const symbol = (x0: number, y0: number, x1: number, y1: number, elementType: DetectedSymbol['elementType']) =>
  boxedSymbol(x0, y0, x1, y1, elementType);

const read = (text: string, x0: number, y0: number): ReadLine => ({
  line: { x0, y0, x1: x0 + 10 * text.length, y1: y0 + 20, orientation: 'horizontal', size: 20, members: [] },
  text,
  confidence: 1,
});

/** The drawing area of these tests: 2000 × 1000 px. */
const AREA = { x0: 0, y0: 0, x1: 2000, y1: 1000 };

describe('attachTexts', () => {
  it('names the nearest untagged symbol with a tag beside it, and keeps line numbers and notes apart', () => {
    const pump = symbol(100, 500, 180, 580, 'equipment');
    const valve = symbol(400, 520, 430, 540, 'valve');
    const result = attachTexts(
      [pump, valve],
      [read('P-101', 100, 600), read('XV-12', 400, 548), read('2"-P-1001-A1A', 600, 500), read('NOTE 3', 800, 800)],
    );
    expect(result.tags.get(pump)?.text).toBe('P-101');
    expect(result.tags.get(valve)?.text).toBe('XV-12');
    expect(result.lineNumbers.map(({ read: r }) => r.text)).toEqual(['2"-P-1001-A1A']);
    expect(result.free.map((r) => r.text)).toEqual(['NOTE 3']);
  });

  it('lets a bubble with nothing read inside take an equipment tag (a pump casing), never an instrument tag', () => {
    const casing = symbol(100, 500, 180, 580, 'instrument');
    const bubble = symbol(400, 500, 480, 580, 'instrument');
    const named = symbol(700, 500, 780, 580, 'instrument');
    const result = attachTexts(
      [casing, bubble, named],
      [read('P-101', 100, 590), read('FV-12', 400, 590), read('P-102', 700, 590)],
      AREA,
      new Set([named]),
    );
    expect(result.tags.get(casing)?.text).toBe('P-101');
    expect(result.tags.has(bubble)).toBe(false);
    expect(result.tags.has(named)).toBe(false);
    expect(result.free.map((r) => r.text).sort()).toEqual(['FV-12', 'P-102']);
  });

  it('gives an equipment callout in the header row to the untagged equipment below it, nearest first', () => {
    const vessel = symbol(300, 400, 500, 800, 'equipment');
    const pump = symbol(300, 850, 380, 930, 'equipment');
    const far = symbol(1200, 400, 1400, 800, 'equipment');
    const result = attachTexts([vessel, pump, far], [read('V-301', 370, 40), read('E-302', 1700, 40)], AREA);
    expect(result.tags.get(vessel)?.text).toBe('V-301');
    expect(result.tags.has(pump)).toBe(false);
    // No equipment under E-302: it stays free, and the equipment at x 1200–1400 stays untagged.
    expect(result.tags.has(far)).toBe(false);
    expect(result.free.map((r) => r.text)).toEqual(['E-302']);
  });

  it('gives an equipment tag to the equipment in reach though a valve is nearer, and a valve tag to the valve', () => {
    // A pump with its tag under it, a drain valve beside the tag; a valve tag between the two.
    const pump = symbol(100, 500, 180, 580, 'equipment');
    const valve = symbol(60, 605, 90, 635, 'valve');
    const result = attachTexts([pump, valve], [read('P-605A', 100, 610)]);
    expect(result.tags.get(pump)?.text).toBe('P-605A');
    expect(result.tags.has(valve)).toBe(false);
    const other = attachTexts([pump, valve], [read('HV-12', 100, 610)]);
    expect(other.tags.get(valve)?.text).toBe('HV-12');
  });

  it('names equipment by a tag with its plant area between kind and number (`C-052-36A`), not by the area read as letters', () => {
    const vessel = symbol(100, 500, 260, 580, 'equipment');
    const result = attachTexts([vessel], [read('C-052-36A', 100, 600)]);
    expect(result.tags.get(vessel)?.text).toBe('C-052-36A');
    // Its kind letter lost, the rest names nothing: `052` is no instrument's letters. Nor does a drawing's number.
    expect(attachTexts([vessel], [read('052-36A', 100, 600)]).tags.size).toBe(0);
    expect(attachTexts([vessel], [read('PID-605-039', 100, 600)]).tags.size).toBe(0);
  });

  it('leaves a tag in the middle of the sheet free when nothing is near it', () => {
    const vessel = symbol(300, 100, 500, 300, 'equipment');
    const result = attachTexts([vessel], [read('V-301', 370, 500)], AREA);
    expect(result.tags.size).toBe(0);
    expect(result.free.map((r) => r.text)).toEqual(['V-301']);
  });

  it("takes a PDF layer's text as written: a reducer's size beside a column names nothing, the column's tag does", () => {
    const column = symbol(300, 100, 400, 900, 'equipment');
    const exact = (text: string, x0: number, y0: number): ReadLine => ({ ...read(text, x0, y0), exact: true });
    const result = attachTexts([column], [exact('200/150', 330, 60), exact('K 2750', 160, 300)]);
    expect(result.tags.get(column)?.text).toBe('K-2750');
    expect(result.free.map((r) => r.text)).toEqual(['200/150']);
  });

  it("names equipment by the upper of two tags stacked beside it, though the lower one's wider line is nearer", () => {
    const column = symbol(300, 100, 400, 900, 'equipment');
    const exact = (text: string, x0: number, y0: number): ReadLine => ({ ...read(text, x0, y0), exact: true });
    // `K 2750` ends 40 px from the column, `KX 2750` right under it 30 px.
    const result = attachTexts([column], [exact('K 2750', 200, 300), exact('KX 2750', 200, 321)]);
    expect(result.tags.get(column)?.text).toBe('K-2750');
    expect(result.free.map((r) => r.text)).toEqual(['KX-2750']);
    // Apart (not one line under the other), the nearer one names it.
    const apart = attachTexts([column], [exact('K 2750', 200, 300), exact('KX 2750', 200, 360)]);
    expect(apart.tags.get(column)?.text).toBe('KX-2750');
  });

  it('names a nozzle by the mark beside it (`N1`), which names nothing else', () => {
    const column = symbol(300, 100, 400, 900, 'equipment');
    const nozzle = { ...symbol(400, 480, 430, 490, 'fitting'), description: 'nozzle' };
    const valve = symbol(600, 470, 630, 500, 'valve');
    const result = attachTexts([column, nozzle, valve], [read('N1', 410, 450), read('H2', 600, 510)]);
    expect(result.tags.get(nozzle)?.text).toBe('N1');
    expect(result.tags.has(column)).toBe(false);
    expect(result.tags.has(valve)).toBe(false);
    expect(result.free.map((r) => r.text)).toEqual(['H2']);
  });
});
