import { describe, expect, it } from '@jest/globals';
import { joinStackedTags } from './stacked-tags';
import type { ReadLine } from './text-attachment';

/** A line of text 20 px high, centred on `cx`, its top at `y0`. */
const read = (text: string, cx: number, y0: number, extra: Partial<ReadLine> = {}): ReadLine => {
  const half = 5 * text.length;
  return {
    line: { x0: cx - half, y0, x1: cx + half, y1: y0 + 20, orientation: 'horizontal', size: 20, members: [] },
    text,
    confidence: 0.9,
    ...extra,
  };
};

describe('joinStackedTags', () => {
  it('reads area, letters and loop stacked in a bubble as one tag, boxed round all three', () => {
    const lines = joinStackedTags([read('052', 100, 100), read('FE', 100, 124), read('004A', 100, 148, { confidence: 0.7 })]);
    expect(lines).toHaveLength(1);
    const [tag] = lines;
    expect(tag.text).toBe('052-FE-004A');
    expect(tag.confidence).toBe(0.7);
    expect(tag.line).toMatchObject({ x0: 80, y0: 100, x1: 120, y1: 168, orientation: 'horizontal' });
  });

  it('reads letters over a loop number as one tag, and leaves the lines round it as they are', () => {
    const note = read('NOTE 3', 400, 60);
    const lines = joinStackedTags([note, read('FIC', 400, 100), read('101', 400, 124), read('P-101', 700, 100)]);
    expect(lines.map((line) => line.text)).toEqual(['NOTE 3', 'FIC-101', 'P-101']);
  });

  it('joins nothing that is no tag, nor lines apart or beside each other', () => {
    const apart = [read('052', 100, 100), read('FE', 100, 160)];
    const beside = [read('FE', 100, 100), read('004A', 300, 100)];
    const words = [read('COOLING', 100, 300), read('WATER', 100, 324)];
    const lines = [...apart, ...beside, ...words];
    expect(joinStackedTags(lines)).toEqual(lines);
  });
});
