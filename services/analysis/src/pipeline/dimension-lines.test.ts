import { describe, expect, it } from '@jest/globals';
import type { ElementType } from '@pid/contracts';
import { inkWith } from '../testing/ink';
import { withoutDimensionLines } from './dimension-lines';
import type { PageConnection } from './stages/page-connections';
import type { DetectedSymbol } from './symbols';

const UNIT = 2;

const boxed = (x0: number, y0: number, x1: number, y1: number, description: string, elementType: ElementType): DetectedSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType,
  description,
  confidence: 0.5,
});
// A blind flange's bar across a line at y 25 (x 100..104), and the line running left to x 20.
const blind = () => boxed(100, 10, 104, 40, 'blind flange', 'fitting');
const openEnd = () => boxed(14, 19, 26, 31, 'pipe end', 'pipe');
const run = (source: DetectedSymbol, target: DetectedSymbol): PageConnection => ({
  source,
  target,
  path: [{ orientation: 'horizontal', start: [100, 25], end: [20, 25] }],
  dashed: false,
  junctions: 0,
});
const line: [number, number, number, number] = [20, 24, 100, 26];
const flangeBar: [number, number, number, number] = [100, 10, 104, 40];

describe('withoutDimensionLines', () => {
  it('drops a blind flange whose line runs straight to an open end crossed by a tick, with the line and its end', () => {
    const [flange, end] = [blind(), openEnd()];
    const valve = boxed(300, 10, 330, 40, 'gate valve', 'valve');
    const tick: [number, number, number, number] = [18, 12, 21, 38];
    const found = { symbols: [flange, valve], connections: [run(flange, end)], pipeEnds: [end] };
    expect(withoutDimensionLines(found, inkWith(400, 60, line, flangeBar, tick), UNIT)).toEqual({
      symbols: [valve],
      connections: [],
      pipeEnds: [],
    });
  });

  it('keeps a blind flange whose line ends bare, or at a tick much shorter than its bar, or at a symbol', () => {
    const [flange, end] = [blind(), openEnd()];
    const bare = { symbols: [flange], connections: [run(flange, end)], pipeEnds: [end] };
    expect(withoutDimensionLines(bare, inkWith(400, 60, line, flangeBar), UNIT)).toBe(bare);
    const stub: [number, number, number, number] = [18, 21, 21, 29];
    expect(withoutDimensionLines(bare, inkWith(400, 60, line, flangeBar, stub), UNIT)).toBe(bare);
    const valve = boxed(10, 10, 20, 40, 'gate valve', 'valve');
    const toValve = { symbols: [flange, valve], connections: [run(flange, valve)], pipeEnds: [] };
    expect(withoutDimensionLines(toValve, inkWith(400, 60, line, flangeBar, [10, 10, 20, 40]), UNIT)).toBe(toValve);
  });
});
