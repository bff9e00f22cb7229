import { describe, expect, it } from '@jest/globals';
import { bubbleSized, eraseBars, filledByText, readBubble, settleBubbles, textRows } from './bubble-reading';
import type { GrayRegion, TextReader } from './text-reader';
import type { DetectedSymbol } from './symbols';

const symbol = (x0: number, size: number, elementType: DetectedSymbol['elementType'], height = size): DetectedSymbol => ({
  x0,
  y0: 100,
  x1: x0 + size - 1,
  y1: 100 + height - 1,
  elementType,
  description: elementType,
  confidence: 0.8,
});

/** A 100 × 100 page with a bubble's stack of three rows of "letters" (ink bars) of widths 24, 16 and 28 px. */
function stackedBubble(): { gray: Uint8Array; width: number; height: number } {
  const width = 100;
  const gray = new Uint8Array(width * width).fill(255);
  for (const [y0, w] of [
    [22, 24],
    [44, 16],
    [66, 28],
  ]) {
    for (let y = y0; y < y0 + 12; y++) gray.fill(0, y * width + 50 - w / 2, y * width + 50 + w / 2);
  }
  return { gray, width, height: width };
}

/** A reader that drops the stack's middle row read whole, and reads each row alone by its ink's width. */
function droppingReader(byWidth: Record<number, string> = { 24: '052', 16: 'TV', 28: '036' }): TextReader & { reads: number } {
  const reader = {
    reads: 0,
    read: async (region: GrayRegion) => {
      reader.reads++;
      const rows = textRows(region);
      if (rows.length > 1) return { text: '052 036', confidence: 0.96 };
      let inked = 0;
      for (let x = 0; x < region.width; x++) if (region.gray[((rows[0][0] + rows[0][1]) >> 1) * region.width + x] < 150) inked++;
      return { text: byWidth[inked] ?? '?', confidence: 0.9 };
    },
    close: async () => undefined,
  };
  return reader;
}

describe('bubbles', () => {
  it('finds the rows of a stack, top first', () => {
    const { gray, width, height } = stackedBubble();
    expect(textRows({ gray, width, height })).toEqual([
      [22, 33],
      [44, 55],
      [66, 77],
    ]);
  });

  it('reads a stack row by row where the whole reading lost a row, and keeps a whole reading that did not', async () => {
    const { gray, width, height } = stackedBubble();
    const box = { x0: 0, y0: 0, x1: 99, y1: 99 };
    const reader = droppingReader();
    expect(await readBubble(reader, gray, width, height, box, 3)).toEqual({ text: '052 TV 036', confidence: 0.9 });
    expect(reader.reads).toBe(4);
    // Rows read as a tag that loses the words read whole (a scan's ring and strokes read as letters): the whole stays.
    const misreading = droppingReader({ 24: 'FA', 16: 'TAN', 28: '421' });
    expect((await readBubble(misreading, gray, width, height, box, 3)).text).toBe('052 036');
    // Two rows read as two words: once is enough.
    gray.fill(255, 44 * width, 56 * width);
    const twoRows = { ...droppingReader(), reads: 0 };
    twoRows.read = async () => (twoRows.reads++, { text: 'TV 036', confidence: 0.9 });
    expect((await readBubble(twoRows, gray, width, height, box, 3)).text).toBe('TV 036');
    expect(twoRows.reads).toBe(1);
  });

  it('reads a bubble again out to its ring where the first reading is no tag: a top row close to the ring', async () => {
    // The top row 6 px under the box's top (0.1 of the bubble in was cut before).
    const width = 100;
    const gray = new Uint8Array(width * width).fill(255);
    for (let y = 6; y < 18; y++) gray.fill(0, y * width + 38, y * width + 62);
    let seen = 0;
    const reader: TextReader = {
      read: async (region) => {
        seen = region.gray.filter((v) => v < 150).length;
        return { text: '', confidence: 0 };
      },
      close: async () => undefined,
    };
    await readBubble(reader, gray, width, width, { x0: 0, y0: 0, x1: 99, y1: 99 }, 2);
    expect(seen).toBeGreaterThan(0.8 * 12 * 24);
    // A box twice as wide as high (a panel's oval) is no ring to read out to: read once.
    let reads = 0;
    const counting: TextReader = { ...reader, read: async (region) => (reads++, reader.read(region, 'tag')) };
    await readBubble(counting, gray, width, width, { x0: 0, y0: 0, x1: 99, y1: 49 }, 2);
    expect(reads).toBe(1);
  });

  it('erases a bar across a bubble and says where it was; letters stay', () => {
    const width = 40;
    const gray = new Uint8Array(width * 30).fill(255);
    gray.fill(0, 15 * width + 2, 15 * width + 38); // the bar
    gray.fill(0, 16 * width + 2, 16 * width + 38);
    for (let y = 5; y < 12; y++) gray[y * width + 20] = 0; // a letter's stem
    const region = { gray, width, height: 30 };
    expect(eraseBars(region)).toEqual([15, 16]);
    expect(gray.subarray(15 * width, 17 * width).every((v) => v === 255)).toBe(true);
    expect(gray[8 * width + 20]).toBe(0);
  });

  it('reads inside square symbols of a bubble size only', () => {
    const instruments = [symbol(0, 60, 'instrument'), symbol(100, 62, 'instrument'), symbol(200, 58, 'instrument')];
    const round = symbol(300, 60, 'equipment');
    const valve = symbol(400, 60, 'valve', 30);
    const vessel = symbol(500, 200, 'equipment');
    expect(bubbleSized([...instruments, round, valve, vessel])).toEqual([round]);
    expect(bubbleSized([instruments[0], round])).toEqual([]);
  });

  it('looks into symbols that texts fill, as a tag fills an oval bubble; not into a vessel with a label inside', () => {
    const oval = symbol(0, 54, 'equipment', 27);
    const vessel = symbol(100, 100, 'equipment', 300);
    const texts = [
      { x0: 10, y0: 104, x1: 42, y1: 112 }, // PI(Z)
      { x0: 8, y0: 115, x1: 46, y1: 123 }, // 275003A
      { x0: 130, y0: 200, x1: 170, y1: 210 }, // a label inside the vessel
    ];
    expect(filledByText([oval, vessel], texts)).toEqual([oval]);
    expect(
      filledByText(
        [oval],
        texts.slice(0, 1).map((t) => ({ ...t, x1: t.x0 + 20 })),
      ),
    ).toEqual([]);
  });

  it('makes a symbol with an instrument tag inside an instrument, and drops what was read inside one without', () => {
    const bubble = symbol(0, 60, 'instrument');
    const missed = symbol(100, 60, 'equipment');
    const drum = symbol(200, 60, 'equipment');
    const readings = new Map([
      [bubble, { text: 'A FT 101', confidence: 0.8 }],
      [missed, { text: 'PT 12', confidence: 0.9 }],
      [drum, { text: 'O', confidence: 0.6 }],
    ]);
    const tags = settleBubbles([bubble, missed, drum], readings);
    expect([...tags].map(([s, isa]) => [s.x0, isa.tag])).toEqual([
      [0, 'FT-101'],
      [100, 'PT-12'],
    ]);
    expect(missed.elementType).toBe('instrument');
    expect(drum.elementType).toBe('equipment');
    expect(readings.has(drum)).toBe(false);
  });
});
