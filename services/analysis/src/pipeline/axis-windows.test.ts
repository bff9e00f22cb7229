import { describe, expect, it } from '@jest/globals';
import { inkWith as inkOf } from '../testing/ink';
import { axisWindows, bestWindows, type AxisWindow } from './axis-windows';
import { boxIou, type Box, type InkImage } from './components';
import type { Segment } from './lines';

const W = 200;
const H = 100;

const inkWith = (...boxes: Array<[number, number, number, number]>) => inkOf(W, H, ...boxes);

const pipe = (start: number, end: number): Segment => ({ orientation: 'horizontal', start, end, lo: 49, hi: 51, dashed: false });

// On a pipe at y 49..51: a box-like symbol x 60..91, y 38..62 (bars at its ends, edges along the top and bottom),
// touching a second one x 92..129 of the same height; a label x 62..88, y 20..30 above the first, glued to it by a
// leader. Line removal left them one candidate; the pipe was found outside it only.
const chain = inkWith(
  [60, 38, 61, 62],
  [90, 38, 91, 62],
  [60, 38, 91, 39],
  [60, 61, 91, 62],
  [92, 38, 93, 62],
  [128, 38, 129, 62],
  [92, 49, 129, 51],
  [62, 20, 88, 30],
  [75, 31, 75, 37],
);
const candidate: Box = { x0: 60, y0: 20, x1: 129, y1: 62 };
const unit = 2;

describe('axisWindows', () => {
  it('gives a window for each symbol strung along a pipe through a candidate, the label beside one left out', () => {
    const windows = axisWindows(candidate, chain, [pipe(0, 58), pipe(131, 199)], unit);
    const boxes = windows.map((window) => window.box);
    // Touching, the two share their end bars: a window may end a stroke short of its symbol's own.
    for (const symbol of [
      { x0: 60, y0: 38, x1: 91, y1: 62 },
      { x0: 92, y0: 38, x1: 129, y1: 62 },
    ]) {
      expect(Math.max(...boxes.map((box) => boxIou(box, symbol)))).toBeGreaterThan(0.9);
    }
    // All on the one axis, inside the candidate, none twice.
    expect(new Set(windows.map((window) => window.axis)).size).toBe(1);
    for (const { box } of windows) expect(box.x0 >= 60 && box.x1 <= 129 && box.y0 >= 20 && box.y1 <= 62).toBe(true);
    expect(new Set(boxes.map((box) => JSON.stringify(box))).size).toBe(boxes.length);
  });

  it('reads a vertical pipe the same way', () => {
    // The same drawing turned a quarter: x and y swapped.
    const turned = inkOf(H, W);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) turned.mask[x * H + y] = chain.mask[y * W + x];
    const down = (start: number, end: number): Segment => ({ ...pipe(start, end), orientation: 'vertical' });
    const swap = ({ x0, y0, x1, y1 }: Box): Box => ({ x0: y0, y0: x0, x1: y1, y1: x1 });
    const boxes = axisWindows(swap(candidate), turned, [down(0, 58), down(131, 199)], unit).map((window) => window.box);
    expect(Math.max(...boxes.map((box) => boxIou(box, swap({ x0: 60, y0: 38, x1: 91, y1: 62 }))))).toBeGreaterThan(0.9);
  });

  it('does not cut at a waist where only the pipe is left for less than two strokes (a bowtie), but at a stub', () => {
    // End bars x 60..61 and 100..101, halves x 62..79 and 82..99 meeting at a waist of bare pipe x 80..81; then a stub of
    // pipe x 102..111 and a second symbol x 112..129.
    const bowtie: Array<[number, number, number, number]> = [
      [60, 38, 61, 62],
      [100, 38, 101, 62],
      [62, 44, 79, 56],
      [82, 44, 99, 56],
    ];
    const waisted = inkWith(...bowtie, [80, 49, 81, 51]);
    const stubbed = inkWith(...bowtie, [80, 49, 111, 51], [112, 40, 129, 60]);
    const ends = (ink: InkImage) =>
      axisWindows({ x0: 60, y0: 38, x1: 129, y1: 62 }, ink, [pipe(0, 58), pipe(131, 199)], unit).map((w) => w.box.x1);
    expect(ends(waisted)).not.toContain(79);
    expect(ends(stubbed)).toContain(101);
  });

  it('gives none where the line ends inside the candidate (a signal line into a bubble) or misses it', () => {
    expect(axisWindows(candidate, chain, [pipe(0, 58)], unit)).toEqual([]);
    const beside: Segment = { orientation: 'horizontal', start: 0, end: 199, lo: 90, hi: 92, dashed: false };
    expect(axisWindows(candidate, chain, [beside], unit)).toEqual([]);
  });
});

describe('bestWindows', () => {
  const window = (axis: string, from: number, to: number, box: Box): AxisWindow => ({ box, axis, from, to, slack: 2 });
  const a = window('h', 0, 30, { x0: 0, y0: 0, x1: 30, y1: 20 });
  const b = window('h', 31, 60, { x0: 31, y0: 0, x1: 60, y1: 20 });
  const ab = window('h', 0, 60, { x0: 0, y0: 0, x1: 60, y1: 20 });
  const across = window('v', 10, 40, { x0: 40, y0: 10, x1: 50, y1: 40 });

  it('keeps the windows on one axis that do not overlap with the greatest summed score', () => {
    const score = new Map([
      [a, 0.9],
      [b, 0.85],
      [ab, 0.95],
    ]);
    expect(bestWindows([ab, a, b], (w) => score.get(w))).toEqual([a, b]);
    // No score: no symbol there.
    expect(bestWindows([ab, a, b], (w) => (w === b ? undefined : score.get(w)))).toEqual([ab]);
  });

  it('keeps two windows that share an edge (a stroke of overlap at most), not two that overlap more', () => {
    const touching = window('h', 30, 60, { x0: 30, y0: 0, x1: 60, y1: 20 });
    const over = window('h', 25, 60, { x0: 25, y0: 0, x1: 60, y1: 20 });
    expect(bestWindows([a, touching], () => 0.9)).toEqual([a, touching]);
    expect(bestWindows([a, over], (w) => (w === a ? 0.9 : 0.85))).toEqual([a]);
  });

  it('drops a window that overlaps a better one on another axis', () => {
    const score = new Map([
      [a, 0.9],
      [b, 0.85],
      [across, 0.99],
    ]);
    expect(bestWindows([a, b, across], (w) => score.get(w))).toEqual([across, a]);
  });
});
