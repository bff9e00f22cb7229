import { describe, expect, it } from '@jest/globals';
import { datasetResult, datasetTables, outcomesTable } from './report';
import type { SheetScore } from './score-sheet';
import { SCORED_TYPES } from './score-symbols';
import { formatTable, ratio } from './table';

const score = (matched: number): SheetScore => ({
  symbols: {
    all: { truth: 4, predicted: 5, matched },
    byType: Object.fromEntries(
      SCORED_TYPES.map((type) => [type, type === 'valve' ? { truth: 4, predicted: 5, matched } : { truth: 0, predicted: 0, matched: 0 }]),
    ),
    byClass: { gate_valve: { truth: 4, predicted: 5, matched } },
    naming: { gate_valve: { located: 4, named: matched } },
    confusions: { 'gate_valve>globe_valve': 4 - matched },
  },
  calibration: { symbols: [0, 1, 2, 3].map((i) => ({ predicted: i, correct: 0 })) },
  found: { elements: 5, connections: 0 },
});

describe('benchmark tables', () => {
  it('pads columns, the first to the left, and writes n/a where nothing can be divided', () => {
    expect(formatTable(['name', 'R'], [['a', '0.50']])).toBe('name     R\n----  ----\na     0.50');
    expect(ratio(undefined)).toBe('n/a');
    expect(ratio(2 / 3)).toBe('0.67');
  });

  it('adds the drawings of a dataset up, and marks a failed drawing', () => {
    const result = datasetResult('kr', [
      { dataset: 'kr', name: 'one', score: score(4), stats: { seconds: 2, peakRssMb: 300 } },
      { dataset: 'kr', name: 'two', score: score(0), stats: { seconds: 4, peakRssMb: 500 } },
      { dataset: 'kr', name: 'three', error: 'analyze exited with 1' },
    ]);
    expect(result.total?.symbols?.all).toEqual({ truth: 8, predicted: 10, matched: 4 });
    expect([result.meanSeconds, result.maxPeakRssMb]).toEqual([3, 500]);
    const lines = datasetTables(result).split('\n');
    // precision 4/10, recall 4/8, F1 8/18; no text truth.
    expect(lines.find((l) => l.startsWith('all'))?.split(/\s+/)).toEqual([
      'all',
      '0.40',
      '0.50',
      '0.44',
      ...Array(8).fill('n/a'),
      '10',
      '0',
      '3.0',
      '500',
    ]);
    expect(lines.find((l) => l.startsWith('three'))).toMatch(/analyze exited with 1$/);
    expect(lines.find((l) => l.startsWith('valve'))?.split(/\s+/)).toEqual(['valve', '8', '10', '4', '0.40', '0.50', '0.44']);
    // Of the 8 gate valves found by some symbol, 4 were named gate valves, and 4 globe valves.
    expect(lines.find((l) => l.startsWith('gate_valve'))?.split(/\s+/)).toEqual([
      'gate_valve',
      '8',
      '10',
      '4',
      '0.40',
      '0.50',
      '0.44',
      '8',
      '0.50',
      'globe_valve',
      '×4',
    ]);
  });

  it('tabulates the truth connections by outcome and line style, leaving out a style no connection has', () => {
    const table = outcomesTable({ 'matched/solid': 3, 'traced wrong/solid': 1, 'end not found/dashed': 2, 'matched/dashed': 2 });
    const rows = table.split('\n').map((line) => line.split(/\s{2,}/));
    expect(rows[0]).toEqual(['truth connections', 'solid', 'dashed', 'all']);
    expect(rows.slice(2)).toEqual([
      ['matched', '3 (75 %)', '2 (50 %)', '5 (63 %)'],
      ['end not found', '0 (0 %)', '2 (50 %)', '2 (25 %)'],
      ['traced wrong', '1 (25 %)', '0 (0 %)', '1 (13 %)'],
      ['truth', '4', '4', '8'],
    ]);
  });
});
