import { describe, expect, it } from '@jest/globals';
import { strokeSegment } from '../testing/segments';
import { labelBoxes, lettersTakenForSymbols } from './label-boxes';
import type { Segment } from './lines';
import type { DetectedSymbol } from './symbols';

const equipment = (x0: number, y0: number, x1: number, y1: number): DetectedSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType: 'equipment',
  description: 'equipment (box)',
  confidence: 0.6,
});
const line = (orientation: Segment['orientation'], start: number, end: number, lo: number) =>
  strokeSegment(orientation, start, end, lo, lo + 3);

describe('labelBoxes', () => {
  // A box 150 × 100 split by its diagonal, a valve's number in its upper left, its spec in its lower right.
  const box = equipment(100, 100, 250, 200);
  const texts = [
    { x0: 112, y0: 112, x1: 175, y1: 142 },
    { x0: 175, y0: 156, x1: 235, y1: 188 },
  ];
  const sides = [line('horizontal', 100, 250, 100), line('horizontal', 100, 250, 197), line('vertical', 100, 200, 100)];

  it('finds a box its texts fill that no pipe reaches, its own sides drawn on a little into a leader', () => {
    const side = line('vertical', 100, 208, 247);
    expect(labelBoxes([box], texts, [...sides, side], 4)).toEqual(new Set([box]));
  });

  it('leaves a box a pipe reaches: equipment with its tag inside', () => {
    const pipe = line('horizontal', 250, 400, 150);
    expect(labelBoxes([box], texts, [...sides, pipe], 4)).toEqual(new Set());
  });

  it('leaves a box its text does not fill, and symbols that are no equipment', () => {
    expect(labelBoxes([box], [texts[0]], sides, 4)).toEqual(new Set());
    const valve = { ...box, elementType: 'valve' as const, description: 'gate valve' };
    expect(labelBoxes([valve], texts, sides, 4)).toEqual(new Set());
  });
});

describe('lettersTakenForSymbols', () => {
  // `LIGHT GASOIL` read surely, `IL` with a table's rule through it taken for a valve.
  const line = { x0: 100, y0: 100, x1: 330, y1: 132, size: 32, orientation: 'horizontal' as const, members: [] };
  const letters: DetectedSymbol = { x0: 206, y0: 100, x1: 307, y1: 131, elementType: 'valve', description: 'plug valve', confidence: 0.3 };

  it('finds a symbol inside a text line read surely', () => {
    expect(lettersTakenForSymbols([letters], [{ line, text: 'LIGHT GASOIL', confidence: 0.91 }], 4)).toEqual(new Set([letters]));
  });

  it('leaves symbols by an unsure or short reading, named surely, as large as the line, reaching out of it, or an instrument', () => {
    expect(lettersTakenForSymbols([letters], [{ line, text: 'LIGHT GASOIL', confidence: 0.6 }], 4)).toEqual(new Set());
    expect(lettersTakenForSymbols([letters], [{ line, text: '2"', confidence: 0.95 }], 4)).toEqual(new Set());
    const sure = { ...letters, confidence: 0.7 };
    const whole = { ...letters, x0: 100, x1: 330 };
    expect(lettersTakenForSymbols([sure, whole], [{ line, text: 'LIGHT GASOIL', confidence: 0.91 }], 4)).toEqual(new Set());
    const valve = { ...letters, y1: 160 };
    const bubble = { ...letters, elementType: 'instrument' as const };
    expect(lettersTakenForSymbols([valve, bubble], [{ line, text: 'LIGHT GASOIL', confidence: 0.91 }], 4)).toEqual(new Set());
  });
});
