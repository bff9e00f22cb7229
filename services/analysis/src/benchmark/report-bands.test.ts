import { describe, expect, it } from '@jest/globals';
import { styleBands, type StyleBands } from '../synthetic/corpus/style-bands';
import type { DrawingResult } from './report';
import { bandReport, bandTables } from './report-bands';
import type { SheetScore } from './score-sheet';

type Counts = [number, number, number];
const score = (symbols: Counts, connections: Counts, traced: Counts = connections): SheetScore => {
  const counts = ([truth, predicted, matched]: Counts) => ({ truth, predicted, matched });
  return {
    symbols: { all: counts(symbols), byType: {}, byClass: {}, naming: {}, confusions: {} },
    connections: counts(connections),
    tracedConnections: counts(traced),
    calibration: {},
    found: { elements: symbols[1], connections: connections[1] },
  };
};

const sheet = (name: string, bands: StyleBands, s?: SheetScore): DrawingResult => ({
  dataset: 'corpus',
  name,
  bands,
  ...(s ? { score: s, stats: { seconds: 1, peakRssMb: 100 } } : { error: 'analyze exited with 1' }),
});

const clean150: StyleBands = { resolution: '100-150 dpi', lineWeight: 'medium', damage: 'clean' };
const scanned300: StyleBands = { resolution: '300-400 dpi', lineWeight: 'hairline', damage: 'scanned' };

describe('tables by style band', () => {
  it('bands a plan by its resolution and its line weight on paper (pixels at 200 dpi), as evaluate.py does', () => {
    const plan = (dpi: number, processWidth: number, damage: false | object) =>
      styleBands({ dpi, style: { processWidth } as never, damage: damage as never });
    expect(plan(150, 2, false)).toEqual({ resolution: '100-150 dpi', lineWeight: 'hairline', damage: 'clean' });
    expect(plan(160, 2.4, { blur: 1 })).toEqual({ resolution: '160-250 dpi', lineWeight: 'hairline', damage: 'scanned' });
    expect(plan(250, 7, { colour: 'sepia' })).toMatchObject({ resolution: '160-250 dpi', lineWeight: 'heavy', damage: 'scanned' });
    // The same pen at 400 dpi draws twice the pixels: still medium.
    expect(plan(400, 4, false)).toMatchObject({ resolution: '300-400 dpi', lineWeight: 'medium' });
  });

  it('adds up the counts of each band and cell (not their F1s), failed sheets left out', () => {
    const report = bandReport([
      sheet('a', clean150, score([10, 10, 10], [4, 4, 4])),
      sheet('b', clean150, score([30, 10, 0], [4, 0, 0])),
      sheet('c', scanned300, score([10, 20, 10], [2, 2, 1], [1, 2, 1])),
      sheet('d', scanned300),
      { dataset: 'synthetic-raster', name: 'unbanded', score: score([1, 1, 1], [1, 1, 1]) },
    ])!;
    expect(report.byBand.resolution.map((row) => [row.band, row.sheets])).toEqual([
      ['100-150 dpi', 2],
      ['300-400 dpi', 1],
    ]);
    const clean = report.byBand.damage.find((row) => row.band === 'clean')!;
    // 10 of 40 truth, 10 of 20 found: F1 20/60, where the mean of the sheets' F1s would be 0.5.
    expect(clean.symbols).toMatchObject({ counts: { truth: 40, predicted: 20, matched: 10 }, precision: 0.5, recall: 0.25 });
    expect(clean.symbols.f1).toBeCloseTo(1 / 3);
    expect(report.matrix.map((cell) => [cell.bands.lineWeight, cell.sheets])).toEqual([
      ['hairline', 1],
      ['medium', 2],
    ]);
    const lines = bandTables(report).split('\n');
    expect(lines.find((line) => line.startsWith('hairline') && line.includes('scanned'))?.split(/\s+/)).toEqual([
      'hairline',
      '300-400',
      'dpi',
      'scanned',
      '1',
      '0.67',
      '0.50',
      '0.67',
    ]);
    expect(bandReport([{ dataset: 'kr', name: 'x', score: score([1, 1, 1], [0, 0, 0]) }])).toBeUndefined();
  });
});
