import { describe, expect, it } from '@jest/globals';
import { LINE_INK_CLASSES } from '../line-ink/line-ink-files';
import type { InkClasses } from '../line-ink/line-ink-model';
import type { InkImage } from '../pipeline/components';
import { boxedSymbol } from '../testing/symbols';
import { symbolInkShare, withoutLineInkSymbols } from './line-ink-veto';

const [SIGNAL, SYMBOL] = [LINE_INK_CLASSES.indexOf('signal_line'), LINE_INK_CLASSES.indexOf('symbol')];
const SIZE = 200;
const CELL = 2;

/** A page of ink everywhere in the boxes given, the model's class painted per cell over each box. */
function page(painted: Array<{ box: [number, number, number, number]; label: number }>): { ink: InkImage; classes: InkClasses } {
  const mask = new Uint8Array(SIZE * SIZE);
  const cols = SIZE / CELL;
  const cells = new Uint8Array(cols * cols).fill(LINE_INK_CLASSES.indexOf('other'));
  for (const { box, label } of painted) {
    const [x0, y0, x1, y1] = box;
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * SIZE + x] = 1;
    for (let y = Math.floor(y0 / CELL); y <= Math.floor(y1 / CELL); y++)
      for (let x = Math.floor(x0 / CELL); x <= Math.floor(x1 / CELL); x++) cells[y * cols + x] = label;
  }
  return { ink: { mask, width: SIZE, height: SIZE }, classes: { cells, cols, rows: cols, cellSize: CELL } };
}

describe('rules symbols on what the line-ink model calls line ink', () => {
  const onMarks = { ...boxedSymbol(10, 10, 29, 29, 'fitting', 0.8), description: 'cross on a signal line' };
  const valve = { ...boxedSymbol(100, 10, 119, 29, 'valve', 0.8), description: 'valve' };
  const { ink, classes } = page([
    { box: [10, 10, 29, 29], label: SIGNAL },
    { box: [100, 10, 119, 29], label: SYMBOL },
  ]);
  const described = (symbols: Array<{ description: string }>) => symbols.map((s) => s.description);

  it('measures the share of a box’s ink in symbol cells', () => {
    expect(symbolInkShare(onMarks, ink, classes)).toBe(0);
    expect(symbolInkShare(valve, ink, classes)).toBe(1);
    expect(symbolInkShare(boxedSymbol(60, 60, 70, 70, 'valve'), ink, classes)).toBeUndefined();
  });

  it('drops a rules valve or fitting on line ink that no detection sees, and keeps one on symbol ink', () => {
    expect(described(withoutLineInkSymbols([onMarks, valve], [], ink, classes))).toEqual(['valve']);
  });

  it('keeps it where a detection, however unsure, overlaps it, and keeps detections, instruments and equipment', () => {
    const unsure = boxedSymbol(12, 12, 30, 30, 'fitting', 0.1);
    expect(described(withoutLineInkSymbols([onMarks, valve], [unsure], ink, classes))).toEqual(['cross on a signal line', 'valve']);
    const detection = { ...onMarks, description: 'detection' };
    expect(described(withoutLineInkSymbols([detection], [detection], ink, classes))).toEqual(['detection']);
    const bubble = { ...boxedSymbol(10, 10, 29, 29, 'instrument'), description: 'bubble' };
    expect(described(withoutLineInkSymbols([bubble], [], ink, classes))).toEqual(['bubble']);
  });
});
