import { describe, expect, it } from '@jest/globals';
import { ablationTable, chosenRules, variants, type Totals } from './ablation-table';
import type { SheetScore } from './score-sheet';

const score = (symbolsMatched: number, connections?: number): SheetScore => ({
  symbols: { all: { truth: 10, predicted: 10, matched: symbolsMatched }, byType: {}, byClass: {}, naming: {}, confusions: {} },
  ...(connections === undefined ? {} : { connections: { truth: 4, predicted: 4, matched: connections } }),
  calibration: {},
  found: { elements: 10, connections: 4 },
});

describe('rule ablation table', () => {
  it('puts all rules on first, then the detector alone, the rules alone and each rule off', () => {
    expect(variants(['tables', 'nozzles']).map((variant) => [variant.name, variant.symbols, variant.without])).toEqual([
      ['all rules on (hybrid)', 'hybrid', undefined],
      ['detector alone (no rules)', 'detector', undefined],
      ['rules alone (no detector)', 'rules', undefined],
      ['without tables', 'hybrid', 'tables'],
      ['without nozzles', 'hybrid', 'nozzles'],
    ]);
  });

  it('gives each row its F1 and its change against all rules on, and no column a dataset cannot score', () => {
    const rows = variants(['nozzles']);
    const totals: Totals = new Map([
      [
        'dexpi',
        new Map([
          [rows[0].name, score(8, 3)],
          [rows[1].name, score(8, 3)],
          [rows[2].name, score(9, 2)],
          [rows[3].name, score(5, 1)],
        ]),
      ],
      ['kr', new Map(rows.map((row, i) => [row.name, score(7 - i)]))],
    ]);
    const lines = ablationTable(totals, rows).split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['variant', 'dexpi sym F1', 'dexpi conn F1', 'kr sym F1']);
    expect(lines[2].split(/\s{2,}/)).toEqual(['all rules on (hybrid)', '0.800', '0.750', '0.700']);
    expect(lines[3]).toContain('0.800  =');
    expect(lines[4]).toContain('0.900 +0.100');
    expect(lines[5]).toContain('0.500 -0.300');
    expect(lines[5]).toContain('0.250 -0.500');
    expect(lines.at(-1)).toBe("  nozzles: equipment's nozzles as elements of their own (`nozzles.ts`, `equipment-lines.ts`)");
  });

  it('takes every rule without --rules, and refuses a rule it does not know, naming the rules', () => {
    expect(chosenRules(undefined)).toContain('spectacle-blinds');
    expect(chosenRules('tables, nozzles')).toEqual(['tables', 'nozzles']);
    expect(() => chosenRules('tables,axis-windows')).toThrow(/no such rule axis-windows \(rules: piped-candidates, /);
  });
});
