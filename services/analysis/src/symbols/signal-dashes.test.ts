import { describe, expect, it } from '@jest/globals';
import type { DetectedSymbol } from '../pipeline/symbols';
import { lineSegment } from '../testing/segments';
import { withoutSignalDashes } from './signal-dashes';

const UNIT = 2;
const fitting = (x0: number, y0: number, x1: number, y1: number, description = 'orifice plate'): DetectedSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType: 'fitting',
  description,
  confidence: 0.3,
});
// A dashed signal line along y 100, found up to x 196 and on from x 304: its dashes across two pipes between are
// not found as part of it.
const signal = [
  { ...lineSegment('horizontal', 100, 20, 196), dashed: true },
  { ...lineSegment('horizontal', 100, 304, 500), dashed: true },
];
const descriptions = (symbols: DetectedSymbol[]) => symbols.map((s) => [s.description, s.x0]);

describe('withoutSignalDashes', () => {
  it('drops bars along a dashed line that comes up to them from both ends, through each other', () => {
    const dashes = [fitting(194, 98, 235, 102), fitting(258, 98, 299, 102)];
    expect(withoutSignalDashes(dashes, signal, UNIT)).toEqual([]);
  });

  it('drops a bar that a dashed line is found running through, on past both its ends', () => {
    const through = [{ ...lineSegment('horizontal', 100, 20, 500), dashed: true }];
    expect(withoutSignalDashes([fitting(240, 98, 262, 102)], through, UNIT)).toEqual([]);
    // A tap found a pixel past the plate's far end (the pipe's stroke) ends at it: the plate stays.
    const tap = [{ ...lineSegment('horizontal', 100, 239, 500), dashed: true }];
    expect(descriptions(withoutSignalDashes([fitting(240, 98, 262, 102)], tap, UNIT))).toEqual([['orifice plate', 240]]);
  });

  it('keeps an orifice plate whose tap is a dashed line on one side only', () => {
    // The tap leaves the plate's left end; the line on to the right starts further off than a dash.
    const plate = fitting(150, 98, 190, 102);
    expect(descriptions(withoutSignalDashes([plate], [{ ...signal[0], end: 149 }, signal[1]], UNIT))).toEqual([['orifice plate', 150]]);
  });

  it('keeps what is not a bar, and bars across the line', () => {
    const valve = { ...fitting(200, 90, 240, 110, 'gate valve'), elementType: 'valve' as const };
    const across = fitting(240, 80, 244, 120, 'flange');
    expect(descriptions(withoutSignalDashes([valve, across], signal, UNIT))).toEqual([
      ['gate valve', 200],
      ['flange', 240],
    ]);
  });
});
