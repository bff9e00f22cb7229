import { describe, expect, it } from 'vitest';
import { bubbleSized, eraseBars, filledByText, settleBubbles, withoutMarks } from './bubble-reading';
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

describe('bubbles', () => {
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

  it('drops instruments and equipment far smaller than the usual bubble: marks on lines', () => {
    const bubbles = [symbol(0, 150, 'instrument'), symbol(200, 152, 'instrument'), symbol(400, 148, 'instrument')];
    const mark = symbol(600, 23, 'instrument');
    const ring = symbol(700, 24, 'equipment');
    const valve = symbol(800, 24, 'valve', 48);
    expect(withoutMarks([...bubbles, mark, ring, valve])).toEqual([...bubbles, valve]);
    expect(withoutMarks([bubbles[0], mark])).toEqual([bubbles[0], mark]);
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
