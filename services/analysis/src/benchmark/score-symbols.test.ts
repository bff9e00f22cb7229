import { describe, expect, it } from '@jest/globals';
import type { TruthSymbol } from './ground-truth';
import { matchBoxes, scoreSymbols } from './score-symbols';
import { predicted } from './test-helpers';

const valve: TruthSymbol = { id: 't1', elementType: 'valve', className: 'gate_valve', bbox: [0, 0, 10, 10] };
const pump: TruthSymbol = { id: 't2', elementType: 'equipment', className: 'centrifugal_pump', bbox: [100, 100, 140, 140] };

describe('symbol scoring', () => {
  it('counts a perfect prediction as precision, recall and F1 of 1', () => {
    const score = scoreSymbols(
      [valve, pump],
      [predicted('p1', [0, 0, 10, 10]), predicted('p2', [100, 100, 140, 140], { elementType: 'equipment' })],
    );
    expect(score.all).toEqual({ truth: 2, predicted: 2, matched: 2 });
    expect(score.byType.valve).toEqual({ truth: 1, predicted: 1, matched: 1 });
    expect(score.byType.equipment).toEqual({ truth: 1, predicted: 1, matched: 1 });
    expect(score.byType.instrument).toEqual({ truth: 0, predicted: 0, matched: 0 });
    expect(score.matches).toEqual(
      new Map([
        ['p1', 't1'],
        ['p2', 't2'],
      ]),
    );
  });

  it('misses a box shifted below IoU 0.5 and keeps one shifted less', () => {
    // Shifted by 4 of 10 px: overlap 60, union 140, IoU 0.43. By 2: 80 / 120 = 0.67.
    expect(scoreSymbols([valve], [predicted('p1', [4, 0, 14, 10])]).all.matched).toBe(0);
    expect(scoreSymbols([valve], [predicted('p1', [2, 0, 12, 10])]).all.matched).toBe(1);
  });

  it('matches one to one, best IoU first', () => {
    const matches = matchBoxes([valve], [predicted('worse', [2, 0, 12, 10]), predicted('better', [1, 0, 11, 10])]);
    expect([...matches]).toEqual([['better', 't1']]);
  });

  it('counts text and pipe elements as no symbols, and a wrong type only class-agnostically', () => {
    const score = scoreSymbols(
      [valve],
      [predicted('p1', [0, 0, 10, 10], { elementType: 'instrument' }), predicted('p2', [0, 0, 10, 10], { elementType: 'text' })],
    );
    expect(score.all).toEqual({ truth: 1, predicted: 1, matched: 1 });
    expect(score.byType.valve).toEqual({ truth: 1, predicted: 0, matched: 0 });
    expect(score.byType.instrument).toEqual({ truth: 0, predicted: 1, matched: 0 });
  });

  it('scores classes only when the pipeline names them', () => {
    const unnamed = scoreSymbols([valve], [predicted('p1', [0, 0, 10, 10], { className: 'compact shape' })]);
    expect(unnamed.byClass).toEqual({});
    const named = scoreSymbols(
      [valve, pump],
      [
        predicted('p1', [0, 0, 10, 10], { className: 'gate_valve', hasSymbolClass: true }),
        predicted('p2', [100, 100, 140, 140], { className: 'gate_valve', hasSymbolClass: true }),
      ],
    );
    expect(named.byClass.gate_valve).toEqual({ truth: 1, predicted: 2, matched: 1 });
    expect(named.byClass.centrifugal_pump).toEqual({ truth: 1, predicted: 0, matched: 0 });
    // The pump was found by a symbol named a gate valve: located, not named.
    expect(named.naming).toEqual({ gate_valve: { located: 1, named: 1 }, centrifugal_pump: { located: 1, named: 0 } });
    expect(named.confusions).toEqual({ 'centrifugal_pump>gate_valve': 1 });
  });
});
